import { useSyncExternalStore } from 'react';
import { closeClientModal, currentClientModal, subscribeClientModals } from '../../../services/client-modals';
import { useT } from '../../../services/i18n';
import { Modal } from '../ui/modal';

/**
 * Spec 2.6: the access-request and invitation modals are 980 px wide. Their content (loading, detail, finish)
 * arrives with account management; until then the modal names what was opened and says so.
 */
export function ClientModalHost() {
  const t = useT();
  const modal = useSyncExternalStore(subscribeClientModals, currentClientModal, currentClientModal);
  const isRequest = modal?.kind === 'accessRequest';
  const id = modal?.id ?? 0;
  return (
    <Modal
      open={modal !== null}
      onOpenChange={(open) => (open ? undefined : closeClientModal())}
      title={t(isRequest ? 'clientModals.accessRequestTitle' : 'clientModals.invitationTitle', { id })}
      width={980}
      footer={
        <button type="button" className="ui-button ui-button--primary" onClick={closeClientModal}>
          {t('clientModals.close')}
        </button>
      }
    >
      <p>{t(isRequest ? 'clientModals.accessRequestText' : 'clientModals.invitationText', { id })}</p>
      <p className="client-modal__pending">{t('clientModals.pending')}</p>
    </Modal>
  );
}
