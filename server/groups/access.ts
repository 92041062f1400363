import { and, eq } from 'drizzle-orm';
import type { GroupRole } from '../../src/contract/groups';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { userGroupMembers, userGroups } from './schema';
import { ApiError } from '../http/errors';

export type GroupRow = typeof userGroups.$inferSelect;

/** What a call needs of the caller in the group: to take part, to manage participants (owner or admin), to own it. */
export type GroupNeed = 'member' | 'manage' | 'owner';

export interface GroupAccess {
  group: GroupRow;
  role: GroupRole;
  isOwner: boolean;
}

/**
 * The group with the caller's part in it, in one query. A missing id and a group the caller takes no part in answer
 * the same 404, so ids cannot be probed; a participant asking for more than their role allows gets 403.
 * `lock` holds the group row until the caller's transaction ends, so two changes of one group take turns.
 */
export async function requireGroup(
  db: Db, userId: number, rawId: number, need: GroupNeed, options: { field?: string; lock?: boolean } = {},
): Promise<GroupAccess> {
  const field = options.field ?? 'groupId';
  const id = asDbId(rawId);
  const query = db.select({ group: userGroups, role: userGroupMembers.role }).from(userGroups)
    .innerJoin(userGroupMembers, and(eq(userGroupMembers.groupId, userGroups.id), eq(userGroupMembers.userId, userId)))
    .where(eq(userGroups.id, id ?? 0));
  const [found] = id === null ? [] : await (options.lock ? query.for('update', { of: userGroups }) : query);
  if (!found) throw new ApiError(404, 'groupNotFound', {}, { field, code: 'not_found' });
  const access = { group: found.group, role: found.role, isOwner: found.group.ownerId === userId };
  if (need === 'owner' && !access.isOwner) throw new ApiError(403, 'groupOwnerOnly', {}, { field, code: 'forbidden' });
  if (need === 'manage' && access.role !== 'admin') throw new ApiError(403, 'groupManagersOnly', {}, { field, code: 'forbidden' });
  return access;
}
