import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AccessRequest } from '../../src/contract/client-access';
import { CLIENT_ROLES, managesUsers } from '../../src/contract/clients';
import { findMembership, settleAnswer } from './membership';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { accessRequests } from './schema';
import { clients, clientUsers } from '../db/schema';
import { ApiError, uniqueViolation } from '../http/errors';
import { createNotification, createNotifications, type NotificationDraft } from '../notifications/create';
import { CLIENT_NOT_FOUND, findRow, MANAGE_USERS, requireClientAccess } from './check';
import type { Caller } from './people';
import { accessRequestViews, onlyView } from './views';

const notFound = (field: string) => new ApiError(404, 'accessRequestNotFound', {}, { field, code: 'not_found' });
const requestPending = () => new ApiError(409, 'accessRequestPending', {}, { field: 'clientId', code: 'request_pending' });

/** One request as the caller sees it, answered after a change (the row exists: it was just read or written). */
const viewOf = (db: Db, caller: Caller, id: number): Promise<AccessRequest> =>
  onlyView(accessRequestViews(db, caller, eq(accessRequests.id, id)), () => notFound('id'));

/**
 * A signed-in non-member asks a client's owner and admins for access; each of them receives ClientAccessRequest in
 * the same transaction. A second pending request is refused by the check and, when two arrive at once, by the
 * partial unique index.
 */
export async function requestAccess(ctx: GatewayContext, caller: Caller, clientId: number, message: string): Promise<AccessRequest> {
  const dbId = asDbId(clientId);
  const [client] = dbId === null ? [] : await ctx.db.select({ id: clients.id, name: clients.name }).from(clients).where(eq(clients.id, dbId));
  if (!client) throw new ApiError(404, 'clientNotFound', {}, { field: 'clientId', code: 'not_found' });
  if (await findMembership(ctx.db, caller.userId, client.id)) {
    throw new ApiError(409, 'alreadyMember', {}, { field: 'clientId', code: 'already_member' });
  }
  const now = ctx.now();
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [pending] = await tx.select({ id: accessRequests.id }).from(accessRequests).where(and(
        eq(accessRequests.clientId, client.id), eq(accessRequests.requesterUserId, caller.userId),
        isNull(accessRequests.acceptedAt), isNull(accessRequests.declinedAt),
      )).limit(1);
      if (pending) throw requestPending();
      const [row] = await tx.insert(accessRequests)
        .values({ clientId: client.id, requesterUserId: caller.userId, message: message.trim(), createdAt: now })
        .returning({ id: accessRequests.id });
      if (!row) throw new Error('access request was not stored');
      const managers = await tx.select({ userId: clientUsers.userId }).from(clientUsers)
        .where(and(eq(clientUsers.clientId, client.id), inArray(clientUsers.role, [CLIENT_ROLES.owner, CLIENT_ROLES.admin])));
      const drafts: Array<NotificationDraft<'ClientAccessRequest'>> = managers.map(({ userId }) => ({
        userId, type: 'ClientAccessRequest', content: { RequesterName: caller.name, ClientName: client.name, RequestId: row.id },
      }));
      await createNotifications(tx, drafts, now);
      return row.id;
    });
    return await viewOf(ctx.db, caller, id);
  } catch (error) {
    if (uniqueViolation(error) !== null) throw requestPending();
    throw error;
  }
}

/** Its requester and the client's owner and admins see a request; for anyone else it does not exist. */
export async function getAccessRequest(db: Db, caller: Caller, id: number): Promise<AccessRequest> {
  const request = await findRow(db, accessRequests, id);
  if (!request) throw notFound('id');
  if (request.requesterUserId !== caller.userId) {
    const membership = await findMembership(db, caller.userId, request.clientId);
    if (!membership || !managesUsers(membership.role)) throw notFound('id');
  }
  return viewOf(db, caller, request.id);
}

/**
 * Owner or admin of the request's client; a non-member gets 404, a lower role 403, and a decided request 409. The
 * conditional update lets exactly one of two admins deciding at once win; the other gets 409.
 */
export async function decideAccessRequest(ctx: GatewayContext, caller: Caller, id: number, accept: boolean): Promise<AccessRequest> {
  const field = 'accessRequestId';
  const { row: request } = await requireClientAccess(
    ctx.db, await findRow(ctx.db, accessRequests, id), caller.userId, MANAGE_USERS, { key: 'accessRequestNotFound', field },
  );
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [decided] = await tx.update(accessRequests)
      .set(accept ? { acceptedAt: now, solverUserId: caller.userId } : { declinedAt: now, solverUserId: caller.userId })
      .where(and(eq(accessRequests.id, request.id), isNull(accessRequests.acceptedAt), isNull(accessRequests.declinedAt)))
      .returning({ id: accessRequests.id });
    if (!decided) throw new ApiError(409, 'accessRequestFinished', {}, { field, code: 'already_finished' });
    const clientName = await settleAnswer(tx, {
      accepted: accept, clientId: request.clientId, userId: request.requesterUserId, role: CLIENT_ROLES.universal, now,
    });
    await createNotification(tx, {
      userId: request.requesterUserId, type: 'ClientAccessRequestDecision', content: { IsAccepted: accept, ClientName: clientName },
    }, now);
  });
  return viewOf(ctx.db, caller, request.id);
}

export async function getClientAccessRequests(db: Db, caller: Caller, clientId: number): Promise<AccessRequest[]> {
  const membership = await requireClientAccess(db, { clientId }, caller.userId, MANAGE_USERS, CLIENT_NOT_FOUND);
  return accessRequestViews(db, caller, eq(accessRequests.clientId, membership.clientId));
}

export const getMyAccessRequests = (db: Db, caller: Caller): Promise<AccessRequest[]> =>
  accessRequestViews(db, caller, eq(accessRequests.requesterUserId, caller.userId));
