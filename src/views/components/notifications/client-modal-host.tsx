import { useSyncExternalStore } from 'react';
import { closeClientModal, currentClientModal, subscribeClientModals } from '../../../services/client-modals';
import { AccessRequestModal } from '../client-access/access-request-modal';
import { InviteModal } from '../client-access/invite-modal';

/**
 * The access-request and invitation modals (spec 2.6), opened by id from anywhere through
 * src/services/client-modals.ts. Each opening mounts a fresh modal with its own machine.
 */
export function ClientModalHost() {
  const modal = useSyncExternalStore(subscribeClientModals, currentClientModal, currentClientModal);
  if (modal === null) return null;
  return modal.kind === 'accessRequest'
    ? <AccessRequestModal key={modal.opening} requestId={modal.id} onClose={closeClientModal} />
    : <InviteModal key={modal.opening} invitationId={modal.id} onClose={closeClientModal} />;
}
