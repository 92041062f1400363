import { and, eq, sql } from 'drizzle-orm';
import type { Invitation } from '../../src/contract/client-access';
import { CLIENT_ROLES, managesUsers, type ClientRole } from '../../src/contract/clients';
import { normalizeEmail } from '../auth/login-id';
import { spend } from '../auth/rate-limit';
import { findMembership, settleAnswer } from './membership';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { clients, clientUsers, users } from '../db/schema';
import { invitations } from './schema';
import { ApiError, uniqueViolation } from '../http/errors';
import type { Lang } from '../http/messages';
import { createNotification } from '../notifications/create';
import { CLIENT_NOT_FOUND, findRow, MANAGE_USERS, requireClientAccess } from './check';
import { notifyInvitee, pendingInvitationWhere, sendInvitationLetter } from './invitation-notices';
import type { Caller } from './people';
import { invitationViews, onlyView, type InvitationRow } from './views';

const notFound = (field: string) => new ApiError(404, 'invitationNotFound', {}, { field, code: 'not_found' });
const invitationPending = () => new ApiError(409, 'invitationPending', {}, { field: 'userEmail', code: 'invitation_pending' });

/** One invitation as the caller sees it, answered after a change (the row exists: it was just read or written). */
const viewOf = (db: Db, caller: Caller, id: number): Promise<Invitation> =>
  onlyView(invitationViews(db, caller, eq(invitations.id, id)), () => notFound('id'));

/**
 * Who can see an invitation: the client's owner and admins, the invitee (by e-mail) and its sender. Answers the
 * invitation, or throws 404 as for a missing id.
 */
async function visibleInvitation(db: Db, caller: Caller, id: number, field: string): Promise<InvitationRow> {
  const invitation = await findRow(db, invitations, id);
  if (!invitation) throw notFound(field);
  const membership = await findMembership(db, caller.userId, invitation.clientId);
  const visible = invitation.creatorUserId === caller.userId || caller.email === invitation.email
    || (membership !== null && managesUsers(membership.role));
  if (!visible) throw notFound(field);
  return invitation;
}

const HOUR_SECONDS = 3600;

/**
 * Each invitation mails an address the inviter chose, so a sender and a client get a number of them per hour
 * (RATE_LIMIT_INVITES_PER_USER, RATE_LIMIT_INVITES_PER_CLIENT); past it 429 says when the next one may go.
 */
async function spendInvitation(ctx: GatewayContext, userId: number, clientId: number): Promise<void> {
  const { invitesPerUser, invitesPerClient } = ctx.config.rateLimits;
  await spend(ctx, [
    { key: `invite:user:${userId}`, limit: invitesPerUser, windowSeconds: HOUR_SECONDS, message: 'invitesPerUserExceeded', code: 'invites_per_user' },
    { key: `invite:client:${clientId}`, limit: invitesPerClient, windowSeconds: HOUR_SECONDS, message: 'invitesPerClientExceeded', code: 'invites_per_client' },
  ]);
}

/**
 * Owner or admin invites an e-mail with role 3–5 (default 3); only the owner invites an admin, nobody an owner.
 * A registered user with that e-mail receives InvitationToClient in the same transaction; the e-mail gets a letter.
 */
export async function invite(
  ctx: GatewayContext, caller: Caller, input: { clientId: number; userEmail: string; role?: ClientRole | undefined }, lang: Lang,
): Promise<Invitation> {
  const membership = await requireClientAccess(ctx.db, { clientId: input.clientId }, caller.userId, MANAGE_USERS, CLIENT_NOT_FOUND);
  const role = input.role ?? CLIENT_ROLES.universal;
  if (role === CLIENT_ROLES.owner) throw new ApiError(400, 'inviteOwnerRole', {}, { field: 'role', code: 'invalid_role' });
  if (role === CLIENT_ROLES.admin && membership.role !== CLIENT_ROLES.owner) {
    throw new ApiError(403, 'inviteAdminOwnerOnly', {}, { field: 'role', code: 'forbidden' });
  }
  const email = normalizeEmail(input.userEmail);
  const sameEmail = sql`lower(${users.email}) = ${email}`;
  const [member] = await ctx.db.select({ userId: clientUsers.userId }).from(clientUsers)
    .innerJoin(users, eq(users.id, clientUsers.userId))
    .where(and(eq(clientUsers.clientId, membership.clientId), sameEmail)).limit(1);
  if (member) throw new ApiError(409, 'inviteeAlreadyMember', {}, { field: 'userEmail', code: 'already_member' });
  await spendInvitation(ctx, caller.userId, membership.clientId);
  const now = ctx.now();
  let created: { id: number; clientName: string };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const [pending] = await tx.select({ id: invitations.id }).from(invitations)
        .where(and(eq(invitations.clientId, membership.clientId), eq(invitations.email, email), pendingInvitationWhere())).limit(1);
      if (pending) throw invitationPending();
      const [row] = await tx.insert(invitations)
        .values({ clientId: membership.clientId, creatorUserId: caller.userId, email, role, createdAt: now })
        .returning({ id: invitations.id });
      const [client] = await tx.select({ name: clients.name }).from(clients).where(eq(clients.id, membership.clientId));
      if (!row || !client) throw new Error('invitation was not stored');
      const [invitee] = await tx.select({ id: users.id }).from(users).where(sameEmail).limit(1);
      if (invitee) await notifyInvitee(tx, invitee.id, email, now, row.id);
      return { id: row.id, clientName: client.name };
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw invitationPending();
    throw error;
  }
  await sendInvitationLetter(ctx, lang, { email, clientName: created.clientName, creatorName: caller.name });
  return viewOf(ctx.db, caller, created.id);
}

export async function getInvitation(db: Db, caller: Caller, id: number): Promise<Invitation> {
  const invitation = await visibleInvitation(db, caller, id, 'id');
  return viewOf(db, caller, invitation.id);
}

export async function getClientInvitations(db: Db, caller: Caller, clientId: number): Promise<Invitation[]> {
  const membership = await requireClientAccess(db, { clientId }, caller.userId, MANAGE_USERS, CLIENT_NOT_FOUND);
  return invitationViews(db, caller, eq(invitations.clientId, membership.clientId));
}

/** Pending invitations to the caller's e-mail, also those sent before the caller registered. */
export async function getMyInvitations(db: Db, caller: Caller): Promise<Invitation[]> {
  if (caller.email === null) return [];
  return invitationViews(db, caller, and(eq(invitations.email, caller.email), pendingInvitationWhere()));
}

const finished = (field: string) => new ApiError(409, 'invitationFinished', {}, { field, code: 'already_finished' });

/**
 * Only the invitee answers (anyone else: 404). Accepting joins with the invitation's role, unless already a member;
 * the sender receives InvitationResult. The conditional update makes a second answer 409.
 */
export async function answerInvitation(ctx: GatewayContext, caller: Caller, id: number, accept: boolean): Promise<Invitation> {
  const field = 'invitationId';
  const invitation = await findRow(ctx.db, invitations, id);
  if (!invitation || caller.email !== invitation.email) throw notFound(field);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [answered] = await tx.update(invitations)
      .set(accept ? { acceptedAt: now, invitedUserId: caller.userId } : { declinedAt: now, invitedUserId: caller.userId })
      .where(and(eq(invitations.id, invitation.id), pendingInvitationWhere()))
      .returning({ id: invitations.id });
    if (!answered) throw finished(field);
    const clientName = await settleAnswer(tx, { accepted: accept, clientId: invitation.clientId, userId: caller.userId, role: invitation.role, now });
    await createNotification(tx, {
      userId: invitation.creatorUserId, type: 'InvitationResult', content: { IsAccepted: accept, InvitedUsername: caller.name, ClientName: clientName },
    }, now);
  });
  return viewOf(ctx.db, caller, invitation.id);
}

/**
 * Only its sender cancels, while still owner or admin of the client: one who cannot see the invitation gets 404,
 * one who sees it but did not send it 403, a sender who left 404 and one demoted 403.
 */
export async function cancelInvitation(ctx: GatewayContext, caller: Caller, id: number): Promise<Invitation> {
  const field = 'invitationId';
  const invitation = await visibleInvitation(ctx.db, caller, id, field);
  if (invitation.creatorUserId !== caller.userId) throw new ApiError(403, 'invitationNotSender', {}, { field, code: 'forbidden' });
  await requireClientAccess(ctx.db, invitation, caller.userId, MANAGE_USERS, { key: 'invitationNotFound', field });
  const [canceled] = await ctx.db.update(invitations)
    .set({ canceledAt: ctx.now(), cancelerUserId: caller.userId })
    .where(and(eq(invitations.id, invitation.id), pendingInvitationWhere()))
    .returning({ id: invitations.id });
  if (!canceled) throw finished(field);
  return viewOf(ctx.db, caller, invitation.id);
}
