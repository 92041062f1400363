import { and, eq } from 'drizzle-orm';
import { editsOrderingData } from '../../src/contract/clients';
import { editsProjects } from '../../src/contract/projects';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { clientUsers, projectSets } from '../db/schema-business';
import { ApiError } from '../http/errors';

export type ProjectSetRow = typeof projectSets.$inferSelect;

/** Any member sees a set; roles 1–4 change it (as projects); roles 1, 2, 3, 5 put a kit into the cart. */
export type ProjectSetNeed = 'member' | 'edit' | 'cart';

export function requireProjectSetRole(role: number, need: ProjectSetNeed, field: string): void {
  if (need === 'edit' && !editsProjects(role)) {
    throw new ApiError(403, 'projectSetsReadOnly', {}, { field, code: 'forbidden' });
  }
  if (need === 'cart' && !editsOrderingData(role)) {
    throw new ApiError(403, 'projectSetCartForbidden', {}, { field, code: 'forbidden' });
  }
}

/**
 * The set with the caller's role in its client, in one query. An unknown id and a set of a client the caller is
 * not a member of answer the same 404, so ids of other clients cannot be probed; too low a role is 403.
 */
export async function requireProjectSet(
  db: Db, userId: number, rawId: number, need: ProjectSetNeed, field = 'id',
): Promise<{ row: ProjectSetRow; role: number }> {
  const id = asDbId(rawId);
  const [found] = id === null ? [] : await db.select({ row: projectSets, role: clientUsers.role }).from(projectSets)
    .innerJoin(clientUsers, and(eq(clientUsers.clientId, projectSets.clientId), eq(clientUsers.userId, userId)))
    .where(eq(projectSets.id, id));
  if (!found) throw new ApiError(404, 'projectSetNotFound', {}, { field, code: 'not_found' });
  requireProjectSetRole(found.role, need, field);
  return found;
}
