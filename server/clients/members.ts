import { and, asc, eq, lte } from 'drizzle-orm';
import { CLIENT_ROLES, type ClientRole, type ClientUser } from '../../src/contract/clients';
import { CLIENT_NOT_FOUND, MANAGE_USERS, requireClientAccess } from '../client-access/check';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { clients, clientUsers, users } from '../db/schema';
import { ApiError } from '../http/errors';
import { createNotification, createNotifications } from '../notifications/create';
import { asClientRole } from './client-view';
import { findMembership, type Membership } from '../client-access/membership';
import { nameOf } from './people';

const { owner, admin, universal } = CLIENT_ROLES;

const ownerProtected = () => new ApiError(409, 'ownerProtected', {}, { field: 'userId', code: 'owner_protected' });
const ownerOnly = (field: string) => new ApiError(403, 'ownerOnly', {}, { field, code: 'forbidden' });

/** Members by role (owner first), then by when they joined. */
export async function listClientUsers(db: Db, clientId: number, callerId: number): Promise<ClientUser[]> {
  const rows = await db.select({ member: clientUsers, user: users }).from(clientUsers)
    .innerJoin(users, eq(users.id, clientUsers.userId))
    .where(eq(clientUsers.clientId, clientId))
    .orderBy(asc(clientUsers.role), asc(clientUsers.createdAt), asc(clientUsers.userId));
  return rows.map(({ member, user }) => ({
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    patronymic: user.patronymic,
    email: user.email,
    phone: user.phone,
    avatar: user.avatar,
    isMale: user.isMale,
    role: asClientRole(member.role),
    isCurrent: user.id === callerId,
    joinedAt: member.createdAt.toISOString(),
  }));
}

async function targetMember(db: Db, clientId: number, userId: number): Promise<Membership> {
  const found = asDbId(userId) === null ? null : await findMembership(db, userId, clientId);
  if (!found) throw new ApiError(404, 'clientUserNotFound', {}, { field: 'userId', code: 'not_found' });
  return found;
}

async function clientName(db: Db, clientId: number): Promise<string> {
  const [row] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
  return row?.name ?? '';
}

/** Changes one member's role only if it is still `from`; false when someone else changed it meanwhile. */
async function setRole(tx: Db, clientId: number, userId: number, from: number, to: number): Promise<boolean> {
  const changed = await tx.update(clientUsers).set({ role: to })
    .where(and(eq(clientUsers.clientId, clientId), eq(clientUsers.userId, userId), eq(clientUsers.role, from)))
    .returning({ userId: clientUsers.userId });
  return changed.length > 0;
}

/**
 * ChangeRole per the role matrix: without `role` it toggles Админ ↔ Универсал; role 1 transfers ownership (the old
 * owner becomes Админ); making or unmaking an admin is the owner's; the owner's own role is never changed here.
 */
export async function changeRole(
  ctx: GatewayContext, callerId: number, input: { clientId: number; userId: number; role?: ClientRole | undefined },
): Promise<ClientUser[]> {
  const caller = await requireClientAccess(ctx.db, { clientId: input.clientId }, callerId, MANAGE_USERS, CLIENT_NOT_FOUND);
  const target = await targetMember(ctx.db, caller.clientId, input.userId);
  if (target.role === owner) throw ownerProtected();
  const role = input.role ?? (target.role === admin ? universal : admin);
  if ((role <= admin || target.role === admin) && caller.role !== owner) throw ownerOnly(input.role === undefined ? 'userId' : 'role');
  if (role !== target.role) {
    const now = ctx.now();
    const [whoChanged, name] = await Promise.all([nameOf(ctx.db, callerId), clientName(ctx.db, caller.clientId)]);
    await ctx.db.transaction(async (tx) => {
      const stale = () => new ApiError(409, 'roleChangedMeanwhile', {}, { field: 'userId', code: 'conflict' });
      if (!(await setRole(tx, caller.clientId, target.userId, target.role, role))) throw stale();
      const notify = [target.userId];
      if (role === owner) {
        if (!(await setRole(tx, caller.clientId, callerId, owner, admin))) throw ownerOnly('role');
        notify.push(callerId);
      }
      await createNotifications(tx, notify.map((userId) => ({
        userId, type: 'ClientRoleChanging' as const,
        content: { IsAdmin: userId === target.userId ? role <= admin : true, WhoChanged: whoChanged, ClientName: name },
      })), now);
    });
  }
  return listClientUsers(ctx.db, caller.clientId, callerId);
}

/** Owner and admins remove members with roles 3–5; only the owner removes an admin; nobody removes the owner. */
export async function removeUser(ctx: GatewayContext, callerId: number, input: { clientId: number; userId: number }): Promise<void> {
  const caller = await requireClientAccess(ctx.db, { clientId: input.clientId }, callerId, MANAGE_USERS, CLIENT_NOT_FOUND);
  const target = await targetMember(ctx.db, caller.clientId, input.userId);
  if (target.role === owner) throw ownerProtected();
  if (target.userId === callerId) throw new ApiError(409, 'removeSelf', {}, { field: 'userId', code: 'use_leave' });
  if (target.role === admin && caller.role !== owner) throw ownerOnly('userId');
  const [remover, name] = await Promise.all([nameOf(ctx.db, callerId), clientName(ctx.db, caller.clientId)]);
  await ctx.db.transaction(async (tx) => {
    const removed = await tx.delete(clientUsers)
      .where(and(eq(clientUsers.clientId, caller.clientId), eq(clientUsers.userId, target.userId), eq(clientUsers.role, target.role)))
      .returning({ userId: clientUsers.userId });
    if (removed.length === 0) throw new ApiError(409, 'roleChangedMeanwhile', {}, { field: 'userId', code: 'conflict' });
    await createNotification(tx, { userId: target.userId, type: 'Looser', content: { WhoKickedYou: remover, ClientName: name } }, ctx.now());
  });
}

/** Any member but the owner leaves; the owner and admins learn of it (Looser with SelfLeft). */
export async function leaveClient(ctx: GatewayContext, callerId: number, clientId: number): Promise<void> {
  const member = await requireClientAccess(ctx.db, { clientId }, callerId, 'member', CLIENT_NOT_FOUND);
  if (member.role === owner) throw new ApiError(409, 'ownerCannotLeave', {}, { field: 'clientId', code: 'owner_cannot_leave' });
  const [leaver, name] = await Promise.all([nameOf(ctx.db, callerId), clientName(ctx.db, member.clientId)]);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(clientUsers).where(and(eq(clientUsers.clientId, member.clientId), eq(clientUsers.userId, callerId)));
    const managers = await tx.select({ userId: clientUsers.userId }).from(clientUsers)
      .where(and(eq(clientUsers.clientId, member.clientId), lte(clientUsers.role, admin)));
    await createNotifications(tx, managers.map(({ userId }) => ({
      userId, type: 'Looser' as const, content: { WhoKickedYou: leaver, ClientName: name, SelfLeft: true },
    })), ctx.now());
  });
}
