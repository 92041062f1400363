import { fromPromise } from 'xstate';
import {
  acceptAccessRequest, acceptInvitation, cancelInvitation, declineAccessRequest, declineInvitation, getAccessRequest,
  getAccessRequests, getInvitation, getInvitations, getMyAccessRequests, getMyInvitations, invite,
  requestAccessFromAdmins, type AccessRequest, type AccessRequestStatus, type Invitation, type InvitationStatus,
} from '../contract/client-access';
import { CLIENT_ROLES, type ClientRole } from '../contract/clients';
import {
  accessRequestModalMachine, type AccessRequestDecision, type DecideAccessRequestInput,
} from '../machines/access-request-modal/access-request-modal';
import {
  inviteModalMachine, type InvitationAction, type SettleInvitationInput,
} from '../machines/invite-modal/invite-modal';
import { callApi } from './api';
import { callFailureText, notifyCallFailure } from './call-failure';
import { notifyClientsChanged } from './client-events';
import { t } from './i18n';
import { refreshCounters, type SessionActor } from './session';
import { showToast } from './toasts';
import { swappableCalls } from './swappable-calls';

/** The access-request and invitation calls; tests replace them with `provideClientAccessCalls`. */
export interface ClientAccessCalls {
  getAccessRequest(id: number, signal?: AbortSignal): Promise<AccessRequest>;
  getAccessRequests(clientId: number, signal?: AbortSignal): Promise<AccessRequest[]>;
  getMyAccessRequests(signal?: AbortSignal): Promise<AccessRequest[]>;
  decideAccessRequest(id: number, decision: AccessRequestDecision, signal?: AbortSignal): Promise<AccessRequest>;
  requestAccess(clientId: number, message: string): Promise<AccessRequest>;
  getInvitation(id: number, signal?: AbortSignal): Promise<Invitation>;
  getInvitations(clientId: number, signal?: AbortSignal): Promise<Invitation[]>;
  getMyInvitations(signal?: AbortSignal): Promise<Invitation[]>;
  settleInvitation(id: number, action: InvitationAction, signal?: AbortSignal): Promise<Invitation>;
  invite(clientId: number, userEmail: string, role: ClientRole): Promise<Invitation>;
}

const byClient = (clientId: number) => ({ query: { clientId: String(clientId) } });
const settleCalls = { accept: acceptInvitation, decline: declineInvitation, cancel: cancelInvitation } as const;

const realCalls: ClientAccessCalls = {
  getAccessRequest: (id, signal) => callApi(getAccessRequest, { query: { id: String(id) }, signal }),
  getAccessRequests: (clientId, signal) => callApi(getAccessRequests, { ...byClient(clientId), signal }),
  getMyAccessRequests: (signal) => callApi(getMyAccessRequests, { signal }),
  decideAccessRequest: (id, decision, signal) =>
    callApi(decision === 'accept' ? acceptAccessRequest : declineAccessRequest, { query: { accessRequestId: String(id) }, signal }),
  requestAccess: (clientId, message) => callApi(requestAccessFromAdmins, { body: { clientId, message } }),
  getInvitation: (id, signal) => callApi(getInvitation, { query: { id: String(id) }, signal }),
  getInvitations: (clientId, signal) => callApi(getInvitations, { ...byClient(clientId), signal }),
  getMyInvitations: (signal) => callApi(getMyInvitations, { signal }),
  settleInvitation: (id, action, signal) => callApi(settleCalls[action], { query: { invitationId: String(id) }, signal }),
  invite: (clientId, userEmail, role) => callApi(invite, { body: { clientId, userEmail, role } }),
};

const callsSlot = swappableCalls<ClientAccessCalls>(realCalls);
/** Swaps the calls (tests); returns the undo. */
export const provideClientAccessCalls = callsSlot.provide;
/** Read when a call runs, so a test's stub applies to views and actors made earlier. */
export const clientAccessCalls = callsSlot.current;

export const failureText = (error: unknown): string => callFailureText('client-access', error);
export const notifyFailure = (error: unknown): void => notifyCallFailure('client-access', error);

/** The success messages of the product spec's error catalogue. */
export function accessRequestDecidedText(status: AccessRequestStatus): string {
  return t(status === 'accepted' ? 'clientModals.request.toastAccepted' : 'clientModals.request.toastDeclined');
}

export function invitationSettledText(status: InvitationStatus, clientName: string): string {
  return t(`clientModals.invitation.toast.${status}`, { client: clientName });
}

/** The header follows a change of the user's clients: the user summary and the menu counters load again. */
function refreshSession(session: SessionActor): void {
  session.send({ type: 'session.reloadUser' });
  refreshCounters(session);
}

/** After accept or decline the client list follows, and the header with it. */
export function afterAccessChange(session: SessionActor): void {
  notifyClientsChanged();
  refreshSession(session);
}

/** An invitation answered or canceled outside the modal (a list's buttons); false when it failed (toast shown). */
export async function settleInvitationNow(
  invitation: Pick<Invitation, 'id' | 'clientName'>,
  action: InvitationAction,
  session: SessionActor,
): Promise<boolean> {
  try {
    const settled = await clientAccessCalls().settleInvitation(invitation.id, action);
    showToast({ kind: 'success', text: invitationSettledText(settled.status, settled.clientName) });
    afterAccessChange(session);
    return true;
  } catch (error) {
    notifyFailure(error);
    return false;
  }
}

/** Invite: the toast says where it went, and the lists showing invitations load again. Errors go to the caller's form. */
export async function sendInvitation(clientId: number, userEmail: string, role: ClientRole): Promise<Invitation> {
  const invitation = await clientAccessCalls().invite(clientId, userEmail.trim(), role);
  showToast({ kind: 'success', text: t('clientAccess.invite.sent', { email: invitation.email }) });
  notifyClientsChanged();
  return invitation;
}

/** RequestAccessFromAdmins; the caller's own requests list follows. Errors (409 already_member, request_pending) go to the form. */
export async function sendAccessRequest(clientId: number, message: string): Promise<AccessRequest> {
  const request = await clientAccessCalls().requestAccess(clientId, message.trim());
  notifyClientsChanged();
  return request;
}

/** Pending ones first (they need someone), then the newest. */
export function pendingFirst<T extends { status: string; createdAt: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) =>
    Number(b.status === 'pending') - Number(a.status === 'pending') || b.createdAt.localeCompare(a.createdAt));
}

/** The roles an owner or admin may invite with: 3–5, and admin (2) only for the owner (role matrix). */
export function invitableRoles(myRole: number): ClientRole[] {
  if (myRole === CLIENT_ROLES.owner) return [2, 3, 4, 5];
  if (myRole === CLIENT_ROLES.admin) return [3, 4, 5];
  return [];
}

/** A user's own requests stay listed while pending and for this long after the decision. */
export const RECENT_DECISION_MS = 30 * 24 * 60 * 60 * 1000;

export function isRecentRequest(request: AccessRequest, now = Date.now()): boolean {
  const decidedAt = request.acceptedAt ?? request.declinedAt;
  if (request.status === 'pending' || decidedAt === null) return true;
  return now - new Date(decidedAt).getTime() <= RECENT_DECISION_MS;
}

/** What both client-access modals do alike: a failure toasted, and a settled request or invitation told to the app. */
const settledActions = (session: SessionActor) => ({
  notifyFailure: (_: unknown, params: { error: unknown }) => notifyFailure(params.error),
  notifyClientsChanged: () => notifyClientsChanged(),
  refreshSession: () => refreshSession(session),
});

/** The access-request modal with its calls; the session is the caller's (tests pass their own). */
export function accessRequestModalFlowFor(session: SessionActor) {
  return accessRequestModalMachine.provide({
    actors: {
      loadAccessRequest: fromPromise<AccessRequest, { requestId: number }>(({ input, signal }) =>
        clientAccessCalls().getAccessRequest(input.requestId, signal)),
      // No abort for a decision: closing the modal must not leave the user unsure whether it was sent.
      decideAccessRequest: fromPromise<AccessRequest, DecideAccessRequestInput>(({ input }) =>
        clientAccessCalls().decideAccessRequest(input.requestId, input.decision)),
    },
    actions: {
      notifyDecided: (_, params) => showToast({ kind: 'success', text: accessRequestDecidedText(params.status) }),
      ...settledActions(session),
    },
  });
}

export function inviteModalFlowFor(session: SessionActor) {
  return inviteModalMachine.provide({
    actors: {
      loadInvitation: fromPromise<Invitation, { invitationId: number }>(({ input, signal }) =>
        clientAccessCalls().getInvitation(input.invitationId, signal)),
      settleInvitation: fromPromise<Invitation, SettleInvitationInput>(({ input }) =>
        clientAccessCalls().settleInvitation(input.invitationId, input.action)),
    },
    actions: {
      notifySettled: (_, params) => showToast({ kind: 'success', text: invitationSettledText(params.status, params.clientName) }),
      ...settledActions(session),
    },
  });
}
