import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  GROUPS_PER_OWNER_MAX, PARTICIPANTS_PER_GROUP_MAX, type GroupDetail, type GroupDirectory, type GroupRole,
} from '../../src/contract/groups';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { userGroupMembers, userGroups } from './schema';
import { decodeImageDataUrl } from '../files/image-data';
import { deleteOwnImage, storeImage, transferImage } from '../files/images';
import { ApiError } from '../http/errors';
import { requireGroup, type GroupAccess, type GroupRow } from './access';
import { contactsOf, peopleByIds, privacyOf, requireColleague } from './people';

/** A user's groups. Who may do what is in docs/decisions.md ("Groups and users popup"). */

const participantNotFound = () => new ApiError(404, 'participantNotFound', {}, { field: 'userId', code: 'not_found' });

/** The owner first, then participants in the order they joined. */
async function detailOf(db: Db, viewerId: number, access: GroupAccess): Promise<GroupDetail> {
  const { group } = access;
  const members = await db.select({ userId: userGroupMembers.userId, role: userGroupMembers.role }).from(userGroupMembers)
    .where(eq(userGroupMembers.groupId, group.id))
    .orderBy(sql`${userGroupMembers.userId} = ${group.ownerId} desc`, asc(userGroupMembers.createdAt), asc(userGroupMembers.userId));
  const people = await peopleByIds(db, viewerId, members.map((member) => member.userId));
  const roles = new Map(members.map((member) => [member.userId, member.role]));
  return {
    id: group.id,
    name: group.name,
    image: group.image,
    ownerId: group.ownerId,
    myRole: access.isOwner ? 'owner' : access.role,
    participants: people.map((person) => ({ person, role: person.id === group.ownerId ? 'owner' : roles.get(person.id) ?? 'participant' })),
  };
}

/** The group as `viewerId` sees it after a change, read again outside the change's transaction. */
async function reread(db: Db, viewerId: number, groupId: number): Promise<GroupDetail> {
  return detailOf(db, viewerId, await requireGroup(db, viewerId, groupId, 'member'));
}

export async function getGroup(db: Db, viewerId: number, groupId: number): Promise<GroupDetail> {
  return reread(db, viewerId, groupId);
}

/** The groups the caller takes part in, by name; the caller's contacts; the caller's privacy choice. */
export async function directoryOf(db: Db, viewerId: number): Promise<GroupDirectory> {
  const counts = sql<number>`(select count(*)::int from user_group_members as members where members.group_id = ${userGroups.id})`;
  const [rows, contacts, privacy] = await Promise.all([
    db.select({ group: userGroups, participantsCount: counts }).from(userGroups)
      .innerJoin(userGroupMembers, and(eq(userGroupMembers.groupId, userGroups.id), eq(userGroupMembers.userId, viewerId)))
      .orderBy(sql`lower(${userGroups.name})`, asc(userGroups.id)),
    contactsOf(db, viewerId),
    privacyOf(db, viewerId),
  ]);
  const groups = rows.map(({ group, participantsCount }) => ({
    id: group.id, name: group.name, image: group.image, participantsCount, isOwner: group.ownerId === viewerId,
  }));
  return { groups, contacts, privacy };
}

const trimmedName = (name: string) => {
  const trimmed = name.trim();
  if (trimmed === '') throw new ApiError(400, 'fieldEmpty', { field: 'name' }, { field: 'name', code: 'empty' });
  return trimmed;
};

export async function createGroup(ctx: GatewayContext, ownerId: number, rawName: string): Promise<GroupDetail> {
  const name = trimmedName(rawName);
  const groupId = await ctx.db.transaction(async (tx) => {
    // One owner's creations take turns, so two requests cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('user_groups'), ${ownerId})`);
    const [owned] = await tx.select({ count: sql<number>`count(*)::int` }).from(userGroups).where(eq(userGroups.ownerId, ownerId));
    if ((owned?.count ?? 0) >= GROUPS_PER_OWNER_MAX) {
      throw new ApiError(409, 'groupsFull', { max: GROUPS_PER_OWNER_MAX }, { field: 'name', code: 'limit' });
    }
    const [group] = await tx.insert(userGroups).values({ ownerId, name, createdAt: ctx.now() }).returning({ id: userGroups.id });
    if (!group) throw new Error('group not created');
    await tx.insert(userGroupMembers).values({ groupId: group.id, userId: ownerId, role: 'admin', createdAt: ctx.now() });
    return group.id;
  });
  return reread(ctx.db, ownerId, groupId);
}

export async function renameGroup(db: Db, callerId: number, groupId: number, rawName: string): Promise<GroupDetail> {
  const name = trimmedName(rawName);
  await requireGroup(db, callerId, groupId, 'owner');
  await db.update(userGroups).set({ name }).where(and(eq(userGroups.id, groupId), eq(userGroups.ownerId, callerId)));
  return reread(db, callerId, groupId);
}

/** Stores the new image under the owner's name and deletes the one it replaces; null only removes. */
export async function setGroupImage(ctx: GatewayContext, callerId: number, groupId: number, dataUrl: string | null): Promise<GroupDetail> {
  const image = dataUrl === null ? null : decodeImageDataUrl(dataUrl);
  await ctx.db.transaction(async (tx) => {
    const { group } = await requireGroup(tx, callerId, groupId, 'owner', { lock: true });
    const url = image === null ? null : await storeImage(tx, callerId, image, ctx.now());
    await tx.update(userGroups).set({ image: url }).where(eq(userGroups.id, group.id));
    await deleteOwnImage(tx, callerId, group.image);
  });
  return reread(ctx.db, callerId, groupId);
}

/** Owner and admins add colleagues of their own; only the owner makes someone an admin. */
export async function addParticipant(
  ctx: GatewayContext, callerId: number, input: { groupId: number; userId: number; role: GroupRole },
): Promise<GroupDetail> {
  const access = await requireGroup(ctx.db, callerId, input.groupId, 'manage');
  if (input.role === 'admin' && !access.isOwner) throw new ApiError(403, 'groupOwnerOnly', {}, { field: 'role', code: 'forbidden' });
  await requireColleague(ctx.db, callerId, input.userId);
  await ctx.db.transaction(async (tx) => {
    const { group } = await requireGroup(tx, callerId, input.groupId, 'manage', { lock: true });
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(userGroupMembers).where(eq(userGroupMembers.groupId, group.id));
    if ((row?.count ?? 0) >= PARTICIPANTS_PER_GROUP_MAX) {
      throw new ApiError(409, 'participantsFull', { max: PARTICIPANTS_PER_GROUP_MAX }, { field: 'userId', code: 'limit' });
    }
    const added = await tx.insert(userGroupMembers)
      .values({ groupId: group.id, userId: input.userId, role: input.role, createdAt: ctx.now() })
      .onConflictDoNothing().returning({ userId: userGroupMembers.userId });
    if (added.length === 0) throw new ApiError(409, 'alreadyParticipant', {}, { field: 'userId', code: 'already_participant' });
  });
  return reread(ctx.db, callerId, input.groupId);
}

async function requireParticipant(db: Db, group: GroupRow, rawUserId: number): Promise<{ userId: number; role: GroupRole }> {
  const userId = asDbId(rawUserId);
  const [row] = userId === null ? [] : await db.select().from(userGroupMembers)
    .where(and(eq(userGroupMembers.groupId, group.id), eq(userGroupMembers.userId, userId)));
  if (!row) throw participantNotFound();
  return row;
}

export async function setParticipantRole(
  db: Db, callerId: number, input: { groupId: number; userId: number; role: GroupRole },
): Promise<GroupDetail> {
  await db.transaction(async (tx) => {
    const { group } = await requireGroup(tx, callerId, input.groupId, 'owner', { lock: true });
    const target = await requireParticipant(tx, group, input.userId);
    if (target.userId === group.ownerId) throw new ApiError(409, 'groupOwnerRole', {}, { field: 'userId', code: 'owner_protected' });
    await tx.update(userGroupMembers).set({ role: input.role })
      .where(and(eq(userGroupMembers.groupId, group.id), eq(userGroupMembers.userId, target.userId)));
  });
  return reread(db, callerId, input.groupId);
}

/**
 * The owner removes anyone but themselves; an admin removes plain participants; anyone but the owner removes
 * themselves (leaves). The owner stays: ownership is transferred first, or the group deleted.
 */
export async function removeParticipant(db: Db, callerId: number, input: { groupId: number; userId: number }): Promise<{ group: GroupDetail | null }> {
  const left = await db.transaction(async (tx) => {
    const access = await requireGroup(tx, callerId, input.groupId, 'member', { lock: true });
    const target = await requireParticipant(tx, access.group, input.userId);
    if (target.userId === access.group.ownerId) throw new ApiError(409, 'groupOwnerStays', {}, { field: 'userId', code: 'owner_protected' });
    const self = target.userId === callerId;
    const allowed = self || access.isOwner || (access.role === 'admin' && target.role === 'participant');
    if (!allowed) throw new ApiError(403, access.role === 'admin' ? 'groupOwnerOnly' : 'groupManagersOnly', {}, { field: 'userId', code: 'forbidden' });
    await tx.delete(userGroupMembers).where(and(eq(userGroupMembers.groupId, access.group.id), eq(userGroupMembers.userId, target.userId)));
    return self;
  });
  return { group: left ? null : await reread(db, callerId, input.groupId) };
}

/** The new owner must already take part; they become admin, and the former owner stays on as admin. */
export async function transferOwnership(db: Db, callerId: number, input: { groupId: number; userId: number }): Promise<GroupDetail> {
  await db.transaction(async (tx) => {
    const { group } = await requireGroup(tx, callerId, input.groupId, 'owner', { lock: true });
    const target = await requireParticipant(tx, group, input.userId);
    if (target.userId === callerId) throw new ApiError(409, 'transferToSelf', {}, { field: 'userId', code: 'self' });
    await tx.update(userGroups).set({ ownerId: target.userId }).where(eq(userGroups.id, group.id));
    await tx.update(userGroupMembers).set({ role: 'admin' })
      .where(and(eq(userGroupMembers.groupId, group.id), eq(userGroupMembers.userId, target.userId)));
    // The image is the owner's to replace or delete: it moves with the group.
    await transferImage(tx, group.image, callerId, target.userId);
  });
  return reread(db, callerId, input.groupId);
}

export async function deleteGroup(db: Db, callerId: number, groupId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { group } = await requireGroup(tx, callerId, groupId, 'owner', { lock: true });
    await tx.delete(userGroups).where(eq(userGroups.id, group.id));
    await deleteOwnImage(tx, callerId, group.image);
  });
}

/** Whether two users take part in one group: a fellow participant's card may be opened. */
export async function sharesGroup(db: Db, userId: number, otherId: number): Promise<boolean> {
  const theirs = db.select({ groupId: userGroupMembers.groupId }).from(userGroupMembers).where(eq(userGroupMembers.userId, otherId));
  const [row] = await db.select({ groupId: userGroupMembers.groupId }).from(userGroupMembers)
    .where(and(eq(userGroupMembers.userId, userId), inArray(userGroupMembers.groupId, theirs))).limit(1);
  return row !== undefined;
}
