import { and, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { managesUsers } from '../../src/contract/clients';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { users } from '../db/schema';
import { clientUsers } from '../db/schema-business';
import { ApiError } from '../http/errors';

export interface Membership {
  clientId: number;
  userId: number;
  role: number;
}

/** What a caller may do in a client; the role matrix is in docs/decisions.md. */
export type ClientPermission = 'member' | 'manageUsers';

/**
 * The caller's membership of a client, checked on every call that names a client: a client the caller is not a
 * member of answers 404 (the same as one that does not exist, so ids cannot be probed), too low a role 403.
 * Read per request, so a removed user loses access on their next request.
 */
export async function requireMembership(
  db: Db, userId: number, clientId: number, permission: ClientPermission = 'member', field = 'clientId',
): Promise<Membership> {
  const row = await findMembership(db, userId, clientId);
  if (!row) throw new ApiError(404, 'clientNotFound', {}, { field, code: 'not_found' });
  if (permission === 'manageUsers' && !managesUsers(row.role)) {
    throw new ApiError(403, 'roleTooLow', {}, { field, code: 'forbidden' });
  }
  return row;
}

/** The caller's membership, or null (for calls that treat non-members differently, such as access requests). */
export async function findMembership(db: Db, userId: number, clientId: number): Promise<Membership | null> {
  const id = asDbId(clientId);
  if (id === null) return null;
  const [row] = await db.select().from(clientUsers).where(and(eq(clientUsers.clientId, id), eq(clientUsers.userId, userId)));
  return row ? { clientId: row.clientId, userId: row.userId, role: row.role } : null;
}

const theirs = alias(clientUsers, 'their_clients');

/**
 * The people who share at least one client with `userId` (not `userId`), as a subquery of user ids: the only people
 * the groups area lets a user find, add or see the phone and e-mail of. Read per request, so someone who leaves the
 * last shared client stops being a colleague at once.
 */
export function colleaguesOf(db: Db, userId: number) {
  return db.selectDistinct({ userId: theirs.userId }).from(clientUsers)
    .innerJoin(theirs, eq(theirs.clientId, clientUsers.clientId))
    .where(and(eq(clientUsers.userId, userId), ne(theirs.userId, userId)));
}

/** Which of `others` share a client with `userId`. */
export async function colleaguesAmong(db: Db, userId: number, others: number[]): Promise<Set<number>> {
  const ids = others.filter((id) => id !== userId && asDbId(id) !== null);
  if (ids.length === 0) return new Set();
  const rows = await db.select({ userId: users.id }).from(users)
    .where(and(inArray(users.id, ids), inArray(users.id, colleaguesOf(db, userId))));
  return new Set(rows.map((row) => row.userId));
}
