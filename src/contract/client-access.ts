import { array, boolean, enums, nullable, number, object, optional, string, type Infer, type Struct } from 'superstruct';
import { defineCall } from './call';
import { clientIdQuery, clientRole } from './clients';
import { email, entityId, entityIdParam, text } from './fields';

/**
 * Access requests and invitations of the product spec's entities and states. The spec does not show stored status values; the gateway keeps
 * the dates and derives `status` from them. A finished one cannot change: accept, decline or cancel answers 409.
 */
export const accessRequestStatus = enums(['pending', 'accepted', 'declined']);
export const invitationStatus = enums(['pending', 'accepted', 'declined', 'canceled']);
export type AccessRequestStatus = Infer<typeof accessRequestStatus>;
export type InvitationStatus = Infer<typeof invitationStatus>;

export const accessRequest = object({
  id: number(),
  clientId: number(),
  clientName: string(),
  createdAt: string(),
  requesterName: string(),
  requesterEmail: optional(nullable(string())),
  requesterPhone: optional(nullable(string())),
  message: optional(nullable(string())),
  acceptedAt: nullable(string()),
  declinedAt: nullable(string()),
  solverName: nullable(string()),
  status: accessRequestStatus,
  /** Whether the caller may accept or decline it (an owner or admin of the client, while pending). */
  canDecide: boolean(),
});
export type AccessRequest = Infer<typeof accessRequest>;

export const invitation = object({
  id: number(),
  clientId: number(),
  clientName: string(),
  createdAt: string(),
  creatorName: string(),
  email: string(),
  role: clientRole,
  acceptedAt: nullable(string()),
  declinedAt: nullable(string()),
  canceledAt: nullable(string()),
  cancelerName: nullable(string()),
  status: invitationStatus,
  /** The invitee (the caller's e-mail matches) may accept or decline while pending. */
  canAnswer: boolean(),
  /** Its sender may cancel while pending. */
  canCancel: boolean(),
});
export type Invitation = Infer<typeof invitation>;

/** The longest message an access request takes (the dialog's field stops there). */
export const ACCESS_MESSAGE_MAX = 1000;
/** Sent by a user who is not a member, to the client's owner and admins (each receives ClientAccessRequest). */
export const requestAccessRequest = object({ clientId: entityId, message: text(ACCESS_MESSAGE_MAX) });
export const requestAccessFromAdmins = defineCall({
  method: 'POST', path: '/account/Clients/RequestAccessFromAdmins', access: 'user', body: requestAccessRequest, response: accessRequest,
});

/** A signed-in user's GET below /account/Clients, with the id it is about in the query. */
const clientsGet = <Query, Response>(name: string, query: Struct<Query, unknown>, response: Struct<Response, unknown>) =>
  defineCall({ method: 'GET', path: `/account/Clients/${name}`, access: 'user', query, response });

const requestIdQuery = object({ id: entityIdParam });
const accessRequestIdQuery = object({ accessRequestId: entityIdParam });
const invitationIdQuery = object({ invitationId: entityIdParam });

/** Visible to its requester and to the client's owner and admins; anyone else gets 404. */
export const getAccessRequest = clientsGet('GetAccessRequest', requestIdQuery, accessRequest);
export const getAccessRequests = clientsGet('GetAccessRequests', clientIdQuery, array(accessRequest));
/** The caller's own requests, so a user without access sees where theirs stand. */
export const getMyAccessRequests = defineCall({
  method: 'GET', path: '/account/Clients/GetMyAccessRequests', access: 'user', response: array(accessRequest),
});
export const acceptAccessRequest = clientsGet('AcceptAccessRequest', accessRequestIdQuery, accessRequest);
export const declineAccessRequest = clientsGet('DeclineAccessRequest', accessRequestIdQuery, accessRequest);

/** Owner or admin; `role` defaults to Универсал, and only the owner may invite an admin. */
export const inviteRequest = object({ clientId: entityId, userEmail: email, role: optional(clientRole) });
export const invite = defineCall({
  method: 'POST', path: '/account/Clients/Invite', access: 'user', body: inviteRequest, response: invitation,
});
/** Visible to the client's owner and admins and to the invitee (by e-mail); anyone else gets 404. */
export const getInvitation = clientsGet('GetInvitation', requestIdQuery, invitation);
export const getInvitations = clientsGet('GetInvitations', clientIdQuery, array(invitation));
/** Pending invitations to the caller's e-mail, including those sent before the caller registered. */
export const getMyInvitations = defineCall({
  method: 'GET', path: '/account/Clients/GetMyInvitations', access: 'user', response: array(invitation),
});
export const acceptInvitation = clientsGet('AcceptInvitation', invitationIdQuery, invitation);
export const declineInvitation = clientsGet('DeclineInvitation', invitationIdQuery, invitation);
export const cancelInvitation = clientsGet('CancelInvitation', invitationIdQuery, invitation);
