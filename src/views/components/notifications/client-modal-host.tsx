import { lazy, Suspense, useSyncExternalStore } from 'react';
import { closeClientModal, currentClientModal, subscribeClientModals } from '../../../services/client-modals';
import { loadPortalTexts } from '../../../services/i18n';

// The modals (their machines, forms and reference lists) load when one opens, not with every signed-in page's header.
// They bring the texts of the portal beyond the frame, which the dashboard alone does not load.
const AccessRequestModal = lazy(() =>
  Promise.all([import('../client-access/access-request-modal'), loadPortalTexts()]).then(([module]) => ({ default: module.AccessRequestModal })),
);
const InviteModal = lazy(() => Promise.all([import('../client-access/invite-modal'), loadPortalTexts()]).then(([module]) => ({ default: module.InviteModal })));

/**
 * The access-request and invitation modals, opened by id from anywhere through
 * src/services/client-modals.ts. Each opening mounts a fresh modal with its own machine.
 */
export function ClientModalHost() {
  const modal = useSyncExternalStore(subscribeClientModals, currentClientModal, currentClientModal);
  if (modal === null) return null;
  return (
    <Suspense fallback={null}>
      {modal.kind === 'accessRequest'
        ? <AccessRequestModal key={modal.opening} requestId={modal.id} onClose={closeClientModal} />
        : <InviteModal key={modal.opening} invitationId={modal.id} onClose={closeClientModal} />}
    </Suspense>
  );
}
