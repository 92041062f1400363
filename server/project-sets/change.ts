import { and, count, eq } from 'drizzle-orm';
import { PROJECT_SET_MAX_ITEMS, type ProjectSetKind } from '../../src/contract/project-sets';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { projects } from '../projects/schema';
import { projectSetItems, projectSets } from './schema';
import { ApiError } from '../http/errors';
import type { ProjectSetRow } from './access';

/** Names are kept trimmed; a name of spaces only is as empty as none. */
export function cleanName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new ApiError(400, 'fieldEmpty', { field: 'name' }, { field: 'name', code: 'empty' });
  return trimmed;
}

export async function createProjectSet(
  db: Db, values: { clientId: number; kind: ProjectSetKind; name: string }, userId: number, now: Date,
): Promise<number> {
  const [row] = await db.insert(projectSets)
    .values({ ...values, name: cleanName(values.name), createdByUserId: userId, createdAt: now, updatedAt: now })
    .returning({ id: projectSets.id });
  if (!row) throw new Error('project set not created');
  return row.id;
}

export async function renameProjectSet(db: Db, setId: number, name: string, now: Date): Promise<void> {
  await db.update(projectSets).set({ name: cleanName(name), updatedAt: now }).where(eq(projectSets.id, setId));
}

export async function deleteProjectSet(db: Db, setId: number): Promise<void> {
  await db.delete(projectSets).where(eq(projectSets.id, setId));
}

/**
 * Adds the project or changes its quantity. The set row is locked first, so two additions at once cannot both
 * slip under the limit. A project of another client, or none, is the same 400: the set's client decides.
 */
export async function putProjectSetItem(db: Db, set: ProjectSetRow, rawProjectId: number, quantity: number, now: Date): Promise<void> {
  const projectId = asDbId(rawProjectId);
  await db.transaction(async (tx) => {
    await tx.select({ id: projectSets.id }).from(projectSets).where(eq(projectSets.id, set.id)).for('update');
    const [project] = projectId === null ? [] : await tx.select({ id: projects.id }).from(projects)
      .where(and(eq(projects.id, projectId), eq(projects.clientId, set.clientId)));
    if (!project) throw new ApiError(400, 'projectSetProjectForeign', {}, { field: 'projectId', code: 'bad_value' });
    const mine = and(eq(projectSetItems.setId, set.id), eq(projectSetItems.projectId, project.id));
    const [present] = await tx.select({ quantity: projectSetItems.quantity }).from(projectSetItems).where(mine);
    if (present) {
      await tx.update(projectSetItems).set({ quantity }).where(mine);
    } else {
      const [items] = await tx.select({ count: count() }).from(projectSetItems).where(eq(projectSetItems.setId, set.id));
      if ((items?.count ?? 0) >= PROJECT_SET_MAX_ITEMS) {
        throw new ApiError(409, 'projectSetFull', { max: PROJECT_SET_MAX_ITEMS }, { field: 'projectId', code: 'too_many' });
      }
      await tx.insert(projectSetItems).values({ setId: set.id, projectId: project.id, quantity, addedAt: now });
    }
    await tx.update(projectSets).set({ updatedAt: now }).where(eq(projectSets.id, set.id));
  });
}

/** Removing a project that is not in the set changes nothing and is not an error: a second click finds it gone. */
export async function removeProjectSetItem(db: Db, setId: number, rawProjectId: number, now: Date): Promise<void> {
  const projectId = asDbId(rawProjectId);
  if (projectId === null) return;
  await db.transaction(async (tx) => {
    const removed = await tx.delete(projectSetItems)
      .where(and(eq(projectSetItems.setId, setId), eq(projectSetItems.projectId, projectId)))
      .returning({ projectId: projectSetItems.projectId });
    if (removed.length > 0) await tx.update(projectSets).set({ updatedAt: now }).where(eq(projectSets.id, setId));
  });
}
