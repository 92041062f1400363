import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { updatesPopupMachine } from '../../../machines/updates-popup/updates-popup';
import { getLocale, localizePath, useT } from '../../../services/i18n';
import { readUpdatesValue, storeUpdatesRelease } from '../../../services/updates';
import { useSession } from '../session-context';
import { Modal } from '../ui/modal';
import { RELEASES } from './release-notes';
import { ReleaseNotesList } from './release-notes-list';
import './updates.css';

/**
 * The v2 layout's 'What's new' modal for the 28 August 2025 release, shown once per stored
 * 'updates' value; 'Понятно' closes it, 'Все изменения' opens /updates.
 */
export function SessionUpdatesPopup() {
  // Decided once the user is known: their registration date decides too.
  const user = useSession((s) => s.context.user);
  if (user === null) return null;
  return <UpdatesPopup registeredAt={user.registeredAt ?? null} />;
}

export function UpdatesPopup({ registeredAt = null }: { registeredAt?: string | null }) {
  const t = useT();
  const [, navigate] = useLocation();
  const machine = useMemo(
    () =>
      updatesPopupMachine.provide({
        actions: {
          storeRelease: (_, params) => storeUpdatesRelease(params.release),
          openUpdatesPage: () => navigate(localizePath('/updates', getLocale())),
        },
      }),
    [navigate],
  );
  const popup = useActorRef(machine, { input: { stored: readUpdatesValue(), registeredAt } });
  const shown = useSelector(popup, (s) => s.matches('shown'));
  const release = RELEASES[0];
  if (!release) return null;
  return (
    <Modal
      open={shown}
      onOpenChange={(open) => (open ? undefined : popup.send({ type: 'updates.acknowledge' }))}
      title={t('updates.title')}
      description={t(release.dateLabel)}
      width={560}
      footer={
        <div className="updates-popup__actions">
          <button type="button" className="ui-button ui-button--secondary" onClick={() => popup.send({ type: 'updates.showAll' })}>
            {t('updates.showAll')}
          </button>
          <button type="button" className="ui-button ui-button--primary" onClick={() => popup.send({ type: 'updates.acknowledge' })}>
            {t('updates.acknowledge')}
          </button>
        </div>
      }
    >
      <ReleaseNotesList release={release} />
    </Modal>
  );
}
