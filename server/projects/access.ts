import { and, eq } from 'drizzle-orm';
import { editsOrderingData } from '../../src/contract/clients';
import { editsProjects } from '../../src/contract/projects';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { clientUsers, projects } from '../db/schema-business';
import { ApiError } from '../http/errors';

export type ProjectRow = typeof projects.$inferSelect;

/** What a call needs of the caller's role in the project's client (the role matrix of docs/decisions.md). */
export type ProjectNeed = 'member' | 'edit' | 'cart';

export function requireProjectRole(role: number, need: ProjectNeed, field: string): void {
  if (need === 'edit' && !editsProjects(role)) {
    throw new ApiError(403, 'projectsReadOnly', {}, { field, code: 'forbidden' });
  }
  if (need === 'cart' && !editsOrderingData(role)) {
    throw new ApiError(403, 'projectCartForbidden', {}, { field, code: 'forbidden' });
  }
}

/**
 * The project with the caller's role in its client, in one query. A missing id and a project of a client the
 * caller is not a member of answer the same 404, so ids of other clients cannot be probed; too low a role is 403.
 */
export async function requireProject(
  db: Db, userId: number, rawId: number, need: ProjectNeed, field = 'id',
): Promise<{ row: ProjectRow; role: number }> {
  const id = asDbId(rawId);
  const [found] = id === null ? [] : await db.select({ row: projects, role: clientUsers.role }).from(projects)
    .innerJoin(clientUsers, and(eq(clientUsers.clientId, projects.clientId), eq(clientUsers.userId, userId)))
    .where(eq(projects.id, id));
  if (!found) throw new ApiError(404, 'projectNotFound', {}, { field, code: 'not_found' });
  requireProjectRole(found.role, need, field);
  return found;
}
