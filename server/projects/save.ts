import { eq, max } from 'drizzle-orm';
import type { ProjectParams } from '../../src/contract/board';
import type { PriceQuote } from '../../src/contract/projects';
import type { Db } from '../db/connect';
import { boardUploads } from '../board-jobs/schema';
import { projects, projectVersions } from './schema';
import { ApiError } from '../http/errors';
import type { Lang } from '../http/messages';
import { quoteFor } from '../pricing/quote';
import { analysisOfUpload, requireParamsCoverFiles } from './measured';

/** What Create and Update save (the body without the project id). */
export interface SaveForm {
  clientId: number;
  title: string;
  params: ProjectParams;
  uploadId: string | null;
  status: 'actual' | 'draft';
}

/** Everything the projects row takes from the saved form and its quote. */
export interface PricedForm {
  title: string;
  status: 'actual' | 'draft';
  params: ProjectParams;
  /** Null only when copying a project kept before prices were. */
  quote: PriceQuote | null;
  uploadId: string | null;
}

/**
 * Trims the title and prices the parameters; a problem answers 400 naming the field inside the body
 * ('params.board.layers'), before anything is written.
 */
export function priceForm(form: SaveForm): PricedForm {
  const title = form.title.trim();
  if (title === '') throw new ApiError(400, 'projectTitleRequired', {}, { field: 'title', code: 'required' });
  return { title, status: form.status, params: form.params, quote: priceOf(form.params), uploadId: form.uploadId };
}

function priceOf(params: ProjectParams): PriceQuote {
  try {
    return quoteFor(params);
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && error.field !== undefined && !error.field.startsWith('params.')) {
      throw new ApiError(400, error.key, error.params, { field: `params.${error.field}`, code: error.code, data: error.data });
    }
    throw error;
  }
}

/** Files are attached only once processed, and only by the client they were uploaded for (else it is unknown: 404). */
export async function requireReadyUpload(db: Db, uploadId: string, clientId: number): Promise<void> {
  const [upload] = await db.select({ clientId: boardUploads.clientId, status: boardUploads.status })
    .from(boardUploads).where(eq(boardUploads.id, uploadId));
  if (!upload || upload.clientId !== clientId) {
    throw new ApiError(404, 'projectUploadNotFound', {}, { field: 'uploadId', code: 'not_found' });
  }
  if (upload.status !== 'done') {
    throw new ApiError(409, 'projectUploadNotReady', {}, { field: 'uploadId', code: 'uploadNotReady' });
  }
}

/** The columns kept apart from the params for the list, its sorts and the cart. */
const columnsOf = (form: PricedForm) => ({
  title: form.title,
  status: form.status,
  productType: form.params.productType,
  quantity: form.params.quantity,
  params: form.params,
  quote: form.quote,
  price: form.quote?.total ?? null,
});

/** A project and its version 1, in the caller's transaction. */
export async function insertProject(
  tx: Db, values: { clientId: number; ownerUserId: number; form: PricedForm; now: Date },
): Promise<number> {
  const [project] = await tx.insert(projects).values({
    ...columnsOf(values.form), clientId: values.clientId, ownerUserId: values.ownerUserId,
    createdAt: values.now, updatedAt: values.now,
  }).returning({ id: projects.id });
  if (!project) throw new Error('project not created');
  const [version] = await tx.insert(projectVersions).values({
    projectId: project.id, number: 1, uploadId: values.form.uploadId, params: values.form.params, createdAt: values.now,
  }).returning({ id: projectVersions.id });
  if (!version) throw new Error('project version not created');
  await tx.update(projects).set({ currentVersionId: version.id }).where(eq(projects.id, project.id));
  return project.id;
}

export async function createProject(db: Db, form: PricedForm, clientId: number, userId: number, now: Date, lang: Lang): Promise<number> {
  return db.transaction(async (tx) => {
    if (form.uploadId !== null) await requireReadyUpload(tx, form.uploadId, clientId);
    requireParamsCoverFiles(await analysisOfUpload(tx, form.uploadId), form.params, lang);
    return insertProject(tx, { clientId, ownerUserId: userId, form, now });
  });
}

/** The project's next version, numbered after its last, in the caller's transaction (the project row locked). */
export async function insertNextVersion(
  tx: Db, values: { projectId: number; uploadId: string | null; params: PricedForm['params']; now: Date },
): Promise<number> {
  const [last] = await tx.select({ number: max(projectVersions.number) }).from(projectVersions)
    .where(eq(projectVersions.projectId, values.projectId));
  const [version] = await tx.insert(projectVersions).values({
    projectId: values.projectId, number: (last?.number ?? 0) + 1, uploadId: values.uploadId, params: values.params, createdAt: values.now,
  }).returning({ id: projectVersions.id });
  if (!version) throw new Error('project version not created');
  return version.id;
}

/**
 * Saves over the project. Other files than the current version's (also none instead of some, or some instead of
 * none) make a new version; the same files keep the version and change its parameters. The row is locked, so
 * two saves cannot both take the next version number or both pass the archive check. Either way the parameters are
 * held to the files as they are now.
 */
export async function updateProject(db: Db, projectId: number, form: PricedForm, now: Date, lang: Lang): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(projects).where(eq(projects.id, projectId)).for('update');
    if (!locked) throw new ApiError(404, 'projectNotFound', {}, { field: 'id', code: 'not_found' });
    if (locked.status === 'archive') throw archived();
    const [current] = locked.currentVersionId === null ? [] : await tx.select().from(projectVersions)
      .where(eq(projectVersions.id, locked.currentVersionId));
    let versionId: number;
    if (current && current.uploadId === form.uploadId) {
      await tx.update(projectVersions).set({ params: form.params }).where(eq(projectVersions.id, current.id));
      versionId = current.id;
    } else {
      if (form.uploadId !== null) await requireReadyUpload(tx, form.uploadId, locked.clientId);
      versionId = await insertNextVersion(tx, { projectId, uploadId: form.uploadId, params: form.params, now });
    }
    requireParamsCoverFiles(await analysisOfUpload(tx, form.uploadId), form.params, lang);
    await tx.update(projects).set({ ...columnsOf(form), currentVersionId: versionId, updatedAt: now })
      .where(eq(projects.id, projectId));
  });
}

export const archived = () => new ApiError(409, 'projectArchived', {}, { field: 'id', code: 'projectArchived' });
