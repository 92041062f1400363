import { eq } from 'drizzle-orm';
import type { ProjectStatus } from '../../src/contract/projects';
import type { Db } from '../db/connect';
import { projects, projectVersions } from './schema';
import { ApiError } from '../http/errors';
import type { ProjectRow } from './access';
import { insertProject } from './save';
import { paramsOf } from './view';

/**
 * Statuses: draft ↔ actual, any → archive, archive → draft. An archived project comes back as a draft
 * (to be looked at again) before it can be ordered, and an actual project needs a price to be ordered at.
 */
export async function changeStatus(db: Db, projectId: number, status: ProjectStatus, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(projects).where(eq(projects.id, projectId)).for('update');
    if (!locked) throw new ApiError(404, 'projectNotFound', {}, { field: 'id', code: 'not_found' });
    if (locked.status === status) return;
    if (locked.status === 'archive' && status === 'actual') {
      throw new ApiError(409, 'projectArchiveToActual', {}, { field: 'status', code: 'statusNotAllowed' });
    }
    if (status === 'actual' && locked.quote === null) {
      throw new ApiError(409, 'projectNeedsQuote', {}, { field: 'status', code: 'projectNotReady' });
    }
    await tx.update(projects).set({ status, updatedAt: now }).where(eq(projects.id, projectId));
  });
}

/** Favourite is a mark of the viewer's interest, not a change of the project: the activity date stays. */
export async function setFavorite(db: Db, projectId: number, isFavorite: boolean): Promise<void> {
  await db.update(projects).set({ isFavorite }).where(eq(projects.id, projectId));
}

const TITLE_MAX = 200;

/** '<title> (копия)', shortening the title when the suffix would not fit. */
export function copyTitle(title: string, suffix: string): string {
  const room = TITLE_MAX - suffix.length;
  return `${title.length > room ? title.slice(0, room).trimEnd() : title}${suffix}`;
}

/**
 * A draft copy with the same files, parameters and price as version 1. The copy belongs to the caller, is not a
 * favourite, and is new activity.
 */
export async function duplicateProject(db: Db, source: ProjectRow, title: string, userId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [version] = source.currentVersionId === null ? [] : await tx.select({ uploadId: projectVersions.uploadId })
      .from(projectVersions).where(eq(projectVersions.id, source.currentVersionId));
    const form = {
      title, status: 'draft' as const, params: paramsOf(source), quote: source.quote, uploadId: version?.uploadId ?? null,
    };
    return insertProject(tx, { clientId: source.clientId, ownerUserId: userId, form, now });
  });
}
