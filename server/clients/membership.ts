import { and, eq } from 'drizzle-orm';
import { managesUsers } from '../../src/contract/clients';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
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
