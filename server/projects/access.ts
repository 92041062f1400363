import { eq } from 'drizzle-orm';
import { editsOrderingData } from '../../src/contract/clients';
import { editsProjects } from '../../src/contract/projects';
import { requireClientAccess, type ClientAccess, type ClientNeed } from '../client-access/check';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { projects } from '../db/schema-business';

export type ProjectRow = typeof projects.$inferSelect;

/** What a call needs of the caller's role in the project's client (the role matrix of docs/decisions.md). */
export const PROJECT_NEEDS = {
  member: 'member',
  edit: { may: editsProjects, forbidden: 'projectsReadOnly' },
  cart: { may: editsOrderingData, forbidden: 'projectCartForbidden' },
} as const satisfies Record<string, ClientNeed>;

/** The project with the caller's role in its client: 404 for a missing id and another client's, 403 too low a role. */
export async function requireProject(
  db: Db, userId: number, rawId: number, need: keyof typeof PROJECT_NEEDS, field = 'id',
): Promise<ClientAccess<ProjectRow>> {
  const id = asDbId(rawId);
  const [row] = id === null ? [] : await db.select().from(projects).where(eq(projects.id, id));
  return requireClientAccess(db, row, userId, PROJECT_NEEDS[need], { key: 'projectNotFound', field });
}
