import { useState } from 'react';
import { useT } from '../../../services/i18n';
import { showToast, type ToastKind } from '../../../services/toasts';
import { Avatar } from '../../components/avatar';
import { EmptyState } from '../../components/empty-state';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { Skeleton } from '../../components/ui/skeleton';
import { ShowcaseSection } from './section';

/** An uploaded avatar stand-in that needs no server: a small picture drawn in the page. */
const SAMPLE_AVATAR = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="#1583a8"/><circle cx="18" cy="14" r="7" fill="#f6d7b0"/><path d="M5 36c1-8 6-12 13-12s12 4 13 12z" fill="#0b4f6c"/></svg>',
)}`;

const TOAST_KINDS: readonly ToastKind[] = ['success', 'error', 'info'];

export function PanelPart() {
  const t = useT();
  const [modalOpen, setModalOpen] = useState(false);
  const [emptyClicks, setEmptyClicks] = useState(0);
  return (
    <>
      <ShowcaseSection title={t('ui.showcase.panel.skeleton')}>
        <div className="showcase__card">
          <Skeleton />
        </div>
        <div className="showcase__card">
          <Skeleton rows={4} imageSize={48} />
        </div>
        <div className="showcase__card">
          <Skeleton rows={1} imageSize={0} />
        </div>
      </ShowcaseSection>

      <ShowcaseSection title={t('ui.showcase.panel.empty')}>
        <div className="showcase__card">
          <EmptyState headingLevel={3} />
        </div>
        <div className="showcase__card">
          <EmptyState
            headingLevel={3}
            icon="board"
            title={t('ui.showcase.panel.emptyTitle')}
            text={t('ui.showcase.panel.emptyText')}
            action={{ label: t('ui.showcase.panel.emptyLink'), to: '/wizard-board', icon: 'plus' }}
          />
        </div>
        <div className="showcase__card">
          <EmptyState
            headingLevel={3}
            icon="search"
            text={t('ui.showcase.panel.emptyClicks', { count: emptyClicks })}
            action={{ label: t('ui.showcase.panel.emptyAction'), onClick: () => setEmptyClicks((count) => count + 1) }}
          />
        </div>
      </ShowcaseSection>

      <ShowcaseSection title={t('ui.showcase.panel.toasts')}>
        {TOAST_KINDS.map((kind) => (
          <Button key={kind} variant="secondary" onClick={() => showToast({ text: t(`ui.showcase.panel.toast.${kind}`), kind })}>
            {t(`ui.showcase.panel.showToast.${kind}`)}
          </Button>
        ))}
      </ShowcaseSection>

      <ShowcaseSection title={t('ui.showcase.panel.modal')}>
        <Button onClick={() => setModalOpen(true)}>{t('ui.showcase.panel.openModal')}</Button>
        <Modal
          open={modalOpen}
          onOpenChange={setModalOpen}
          title={t('ui.showcase.panel.modalTitle')}
          description={t('ui.showcase.panel.modalText')}
          footer={
            <>
              <Button variant="secondary" onClick={() => setModalOpen(false)}>
                {t('ui.showcase.panel.modalCancel')}
              </Button>
              <Button onClick={() => setModalOpen(false)}>{t('ui.showcase.panel.modalOk')}</Button>
            </>
          }
        >
          <p>{t('ui.showcase.panel.modalBody')}</p>
        </Modal>
      </ShowcaseSection>

      <ShowcaseSection title={t('ui.showcase.panel.avatar')}>
        <figure className="showcase__avatar">
          <Avatar src={null} isMale alt={t('ui.showcase.panel.avatarMale')} size={56} />
          <figcaption>{t('ui.showcase.panel.avatarMale')}</figcaption>
        </figure>
        <figure className="showcase__avatar">
          <Avatar src={null} isMale={false} alt={t('ui.showcase.panel.avatarFemale')} size={56} />
          <figcaption>{t('ui.showcase.panel.avatarFemale')}</figcaption>
        </figure>
        <figure className="showcase__avatar">
          <Avatar src={null} isMale={null} alt={t('ui.showcase.panel.avatarUnknown')} size={56} />
          <figcaption>{t('ui.showcase.panel.avatarUnknown')}</figcaption>
        </figure>
        <figure className="showcase__avatar">
          <Avatar src={SAMPLE_AVATAR} isMale={false} alt={t('ui.showcase.panel.avatarImage')} size={56} />
          <figcaption>{t('ui.showcase.panel.avatarImage')}</figcaption>
        </figure>
      </ShowcaseSection>
    </>
  );
}
