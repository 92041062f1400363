import { eq } from 'drizzle-orm';
import { editsOrderingData } from '../../src/contract/clients';
import { editsProjects } from '../../src/contract/projects';
import { requireClientAccess, type ClientAccess, type ClientNeed } from '../client-access/check';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { projectSets } from '../db/schema-business';

export type ProjectSetRow = typeof projectSets.$inferSelect;

/** Any member sees a set; roles 1–4 change it (as projects); roles 1, 2, 3, 5 put a kit into the cart. */
export const PROJECT_SET_NEEDS = {
  member: 'member',
  edit: { may: editsProjects, forbidden: 'projectSetsReadOnly' },
  cart: { may: editsOrderingData, forbidden: 'projectSetCartForbidden' },
} as const satisfies Record<string, ClientNeed>;

/** The set with the caller's role in its client: 404 for an unknown id and another client's, 403 too low a role. */
export async function requireProjectSet(
  db: Db, userId: number, rawId: number, need: keyof typeof PROJECT_SET_NEEDS, field = 'id',
): Promise<ClientAccess<ProjectSetRow>> {
  const id = asDbId(rawId);
  const [row] = id === null ? [] : await db.select().from(projectSets).where(eq(projectSets.id, id));
  return requireClientAccess(db, row, userId, PROJECT_SET_NEEDS[need], { key: 'projectSetNotFound', field });
}
