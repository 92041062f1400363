import { useMutation } from '@tanstack/react-query';
import type { ClientRole } from '../../../../contract/clients';
import type { Invitation } from '../../../../contract/client-access';
import type { InvitationAction } from '../../../../machines/invite-modal/invite-modal';
import { sendAccessRequest, sendInvitation, settleInvitationNow } from '../../../../services/client-access';
import { useSessionActor } from '../../session-context';

// The writes of the access panels. The lists follow by themselves (client-events); a refusal of a form's call stays
// in the form, a refusal from a list's button is told in a toast by settleInvitationNow.

export const useSendAccessRequest = () =>
  useMutation({ mutationFn: (body: { clientId: number; message: string }) => sendAccessRequest(body.clientId, body.message) });

export const useSendInvitation = () =>
  useMutation({
    mutationFn: (body: { clientId: number; email: string; role: ClientRole }) => sendInvitation(body.clientId, body.email, body.role),
  });

/** An invitation answered or canceled from a list; the answer is false when it failed (the toast is shown). */
export function useSettleInvitation() {
  const session = useSessionActor();
  return useMutation({
    mutationFn: (body: { invitation: Pick<Invitation, 'id' | 'clientName'>; action: InvitationAction }) =>
      settleInvitationNow(body.invitation, body.action, session),
  });
}
