import { and, asc, eq, isNotNull, like, lt, notExists, sql } from 'drizzle-orm';
import { PROCESSING_STEPS, type BoardAnalysis, type ProcessingStep, type UploadState } from '../../src/contract/board-files';
import type { BoardDfm, DfmReviewReason } from '../../src/contract/dfm';
import type { Db } from '../db/connect';
import { boardJobs, boardRenders, boardUploadFiles, boardUploads } from './schema';
import { translate, type Lang, type MessageKey } from '../http/messages';
import { CUSTOMER_PRIORITY, enqueueJob, QUOTE_PRIORITY } from './queue';
import type { StoredAnalysis, StoredFile, StoredRender } from './worker-tasks';

/** The database side of uploads: rows, file and render metadata. The bytes are in the file store. */

export const BOARD_FILES_PATH = '/files/boards';

export type UploadRow = typeof boardUploads.$inferSelect;
export type ClientUploadRow = UploadRow & { clientId: number };

/** A client's member, or an anonymous visitor holding a quote key: never both. */
export type UploadOwner =
  | { clientId: number; userId: number; quoteKeyHash: null }
  | { clientId: null; userId: null; quoteKeyHash: string };

export interface NewUpload { id: string; owner: UploadOwner; archiveName: string; now: Date }

export { RENDER_NAME } from './upload-keys';

export const imageUrl = (uploadId: string, name: string): string => `${BOARD_FILES_PATH}/${uploadId}/${name}.svg`;

const fileNumber = (id: string): number => Number(id.replace(/^\D+/, '')) || 0;

/** The upload row, its files' metadata and its first job, in one transaction: a half-stored upload never exists. */
export async function createUpload(db: Db, upload: NewUpload, files: StoredFile[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(boardUploads).values({
      id: upload.id, clientId: upload.owner.clientId, userId: upload.owner.userId, quoteKeyHash: upload.owner.quoteKeyHash,
      archiveName: upload.archiveName, status: 'processing', step: 'identify', createdAt: upload.now,
    });
    if (files.length > 0) {
      await tx.insert(boardUploadFiles).values(files.map((file) => ({
        uploadId: upload.id, fileId: file.id, name: file.name, bytes: file.bytes, storeKey: file.key,
      })));
    }
    await enqueueJob(tx, upload.id, null, upload.now, upload.owner.clientId === null ? QUOTE_PRIORITY : CUSTOMER_PRIORITY);
  });
}

export async function findUpload(db: Db, uploadId: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(boardUploads).where(eq(boardUploads.id, uploadId));
  return row ?? null;
}

/** A client's upload: an instant quote's, which has no client yet, is no member's and answers as missing. */
export async function findClientUpload(db: Db, uploadId: string): Promise<ClientUploadRow | null> {
  const row = await findUpload(db, uploadId);
  return row && row.clientId !== null ? { ...row, clientId: row.clientId } : null;
}

/** The stored files in archive order, as the workers read them. */
export async function listStoredFiles(db: Db, uploadId: string): Promise<StoredFile[]> {
  const rows = await db.select({ id: boardUploadFiles.fileId, name: boardUploadFiles.name, bytes: boardUploadFiles.bytes, key: boardUploadFiles.storeKey })
    .from(boardUploadFiles).where(eq(boardUploadFiles.uploadId, uploadId));
  return rows.flatMap((row) => (row.key ? [{ ...row, key: row.key }] : [])).sort((a, b) => fileNumber(a.id) - fileNumber(b.id));
}

/** The ids of the stored files, for checking a SetLayers request. */
export async function listFileIds(db: Db, uploadId: string): Promise<string[]> {
  const rows = await db.select({ id: boardUploadFiles.fileId }).from(boardUploadFiles)
    .where(eq(boardUploadFiles.uploadId, uploadId)).orderBy(asc(boardUploadFiles.fileId));
  return rows.map((row) => row.id);
}

/** A first processing shows its step in Get; a re-run leaves the previous result on show. */
export async function storeStep(db: Db, uploadId: string, step: ProcessingStep): Promise<void> {
  await db.update(boardUploads).set({ step }).where(and(eq(boardUploads.id, uploadId), eq(boardUploads.status, 'processing')));
}

type ResultSummary = Omit<StoredAnalysis, 'renders'> & { renders: { name: string }[] } & Pick<BoardAnalysis, 'dfm' | 'dfmStatus'>;

/** The analysis as the app sees it: the pipeline's result plus the picture URLs of the renders it made. */
export function toAnalysis(upload: { id: string; archiveName: string }, result: ResultSummary): BoardAnalysis {
  const names = new Set(result.renders.map((render) => render.name));
  const layers: Record<string, string> = {};
  for (const file of result.files) {
    if (names.has(`layer-${file.id}`)) layers[file.id] = imageUrl(upload.id, `layer-${file.id}`);
  }
  return {
    uploadId: upload.id,
    archiveName: upload.archiveName,
    boardName: result.boardName,
    files: result.files,
    measurements: result.measurements,
    alerts: result.alerts,
    ...(result.dfm ? { dfm: result.dfm } : {}),
    ...(result.dfmStatus ? { dfmStatus: result.dfmStatus } : {}),
    images: {
      top: names.has('top') ? imageUrl(upload.id, 'top') : null,
      bottom: names.has('bottom') ? imageUrl(upload.id, 'bottom') : null,
      layers,
    },
  };
}

/** The DFM stage an analysis is stored awaiting: the attempt that will measure it, from when. */
export interface AwaitedDfm { generation: string; since: Date }

/**
 * Replaces the render rows and the analysis together (inside the caller's transaction), so a picture never
 * belongs to another analysis; returns the keys of the renders it replaced, to be removed once committed. The
 * analysis is 'done' for the wizard and /quote; its DFM is 'running' until `storeDfm`.
 */
export async function storeResult(db: Db, upload: UploadRow, result: StoredAnalysis, awaited: AwaitedDfm): Promise<string[]> {
  const previous = await db.select({ key: boardRenders.storeKey }).from(boardRenders).where(eq(boardRenders.uploadId, upload.id));
  await db.delete(boardRenders).where(eq(boardRenders.uploadId, upload.id));
  if (result.renders.length > 0) {
    await db.insert(boardRenders).values(result.renders.map((render: StoredRender) => ({
      uploadId: upload.id, name: render.name, storeKey: render.key, etag: render.etag,
    })));
  }
  await db.update(boardUploads).set({
    status: 'done', step: 'check', error: null, analysis: toAnalysis(upload, { ...result, dfmStatus: 'running' }),
    dfmGeneration: awaited.generation, dfmSince: awaited.since,
    // Set, never cleared here: corrections undone later do not undo the review.
    ...(result.layersCorrected ? { dfmReviewReason: 'layersCorrected' as const } : {}),
  }).where(eq(boardUploads.id, upload.id));
  const kept = new Set(result.renders.map((render) => render.key));
  return previous.flatMap((row) => (row.key && !kept.has(row.key) ? [row.key] : []));
}

/**
 * The DFM stage's end: its places, or null when it could not measure them. Stored only while the analysis on show
 * is still the one of `generation` (a re-run may have replaced it meanwhile); false when it was not.
 */
export async function storeDfm(db: Db, uploadId: string, generation: string, dfm: BoardDfm | null): Promise<boolean> {
  const patch: Pick<BoardAnalysis, 'dfm' | 'dfmStatus'> = dfm ? { dfm, dfmStatus: 'done' } : { dfmStatus: 'failed' };
  const rows = await db.update(boardUploads)
    .set({ analysis: sql`${boardUploads.analysis} || ${JSON.stringify(patch)}::jsonb`, dfmGeneration: null, dfmSince: null })
    .where(and(eq(boardUploads.id, uploadId), eq(boardUploads.dfmGeneration, generation)))
    .returning({ id: boardUploads.id });
  return rows.length > 0;
}

/** The attempts of one job name their generations `<job id>-<attempt>`: any of them stands for the job. */
const ofJob = (jobId: number) => like(boardUploads.dfmGeneration, `${jobId}-%`);

/**
 * A later attempt of the job whose first stage is on show takes its DFM over (the gateway that measured it died or
 * stopped): the DFM awaited becomes `generation`'s. False when another job's analysis replaced it meanwhile.
 */
export async function takeOverDfm(db: Db, uploadId: string, jobId: number, generation: string, now: Date): Promise<boolean> {
  const rows = await db.update(boardUploads).set({ dfmGeneration: generation, dfmSince: now })
    .where(and(eq(boardUploads.id, uploadId), ofJob(jobId))).returning({ id: boardUploads.id });
  return rows.length > 0;
}

/** The DFM a job awaited is failed (its attempts ran out); false when its analysis is no longer the one on show. */
export async function failJobDfm(db: Db, uploadId: string, jobId: number): Promise<boolean> {
  const rows = await db.update(boardUploads)
    .set({ analysis: sql`${boardUploads.analysis} || '{"dfmStatus":"failed"}'::jsonb`, dfmGeneration: null, dfmSince: null })
    .where(and(eq(boardUploads.id, uploadId), ofJob(jobId))).returning({ id: boardUploads.id });
  return rows.length > 0;
}

/**
 * DFM stages awaited since before `before` with no job measuring them are failed: left by a version whose DFM ran
 * without a lease (a live one is the lease's business: a crash hands it on, its attempts end it). Returns the
 * uploads, so whoever follows them hears of it.
 */
export async function failStaleDfm(db: Db, before: Date): Promise<string[]> {
  const rows = await db.update(boardUploads)
    .set({ analysis: sql`${boardUploads.analysis} || '{"dfmStatus":"failed"}'::jsonb`, dfmGeneration: null, dfmSince: null })
    .where(and(
      isNotNull(boardUploads.dfmGeneration), lt(boardUploads.dfmSince, before),
      notExists(db.select({ one: sql`1` }).from(boardJobs)
        .where(and(sql`${boardJobs.uploadId} = ${boardUploads.id}`, eq(boardJobs.status, 'measuring')))),
    ))
    .returning({ id: boardUploads.id });
  return rows.map((row) => row.id);
}

/** `file`: the file being read when processing was stopped, named in the message. */
export async function storeFailure(db: Db, uploadId: string, error: StoredError, file: string | null = null): Promise<void> {
  await db.update(boardUploads).set({ status: 'failed', error, errorFile: file }).where(eq(boardUploads.id, uploadId));
}

export interface RenderRef { key: string; etag: string }

export async function findRender(db: Db, uploadId: string, name: string): Promise<RenderRef | null> {
  const [row] = await db.select({ key: boardRenders.storeKey, etag: boardRenders.etag }).from(boardRenders)
    .where(and(eq(boardRenders.uploadId, uploadId), eq(boardRenders.name, name)));
  return row?.key && row.etag ? { key: row.key, etag: row.etag } : null;
}

/** The codes a stored upload can fail with (refused uploads are never stored). */
export const STORED_ERRORS = ['processingFailed', 'processingTimedOut', 'processingOutOfMemory', 'processingCrashed', 'processingInterrupted'] as const;
export type StoredError = (typeof STORED_ERRORS)[number] & MessageKey;
const storedError = (code: string | null): StoredError | null => STORED_ERRORS.find((key) => key === code) ?? null;

/** The failures that can name the file they stopped on. */
const AT_FILE: Partial<Record<StoredError, MessageKey>> = {
  processingTimedOut: 'processingTimedOutAtFile',
  processingOutOfMemory: 'processingOutOfMemoryAtFile',
  processingCrashed: 'processingCrashedAtFile',
};

function failureMessage(error: StoredError, file: string | null, lang: Lang): string {
  const atFile = file === null ? undefined : AT_FILE[error];
  return atFile ? translate(lang, atFile, { file: file ?? '' }) : translate(lang, error);
}

/** What a job stopped by a limit or by its runner's death is stored as: the files' fault, never tried again. */
export const limitError = (limit: 'time' | 'memory' | 'crash'): StoredError =>
  (limit === 'time' ? 'processingTimedOut' : limit === 'memory' ? 'processingOutOfMemory' : 'processingCrashed');
export const stepOf = (step: string): ProcessingStep => PROCESSING_STEPS.find((known) => known === step) ?? 'identify';

export function stateOf(row: ClientUploadRow, lang: Lang): UploadState {
  return { ...quoteStateOf(row, lang), clientId: row.clientId };
}

/** The state without its client: what an instant quote's visitor sees. */
export function quoteStateOf(row: UploadRow, lang: Lang): Omit<UploadState, 'clientId'> {
  const error = storedError(row.error);
  return {
    uploadId: row.id,
    status: row.status,
    step: stepOf(row.step),
    error: row.error,
    message: error ? failureMessage(error, row.errorFile, lang) : null,
    analysis: row.status === 'done' ? analysisOnShow(row.analysis, row.dfmReviewReason) : null,
  };
}

/** The stored analysis as it is answered: with the upload's review reason, which outlives every analysis. */
export function analysisOnShow(analysis: BoardAnalysis | null, reason: DfmReviewReason | null): BoardAnalysis | null {
  return analysis && reason ? { ...analysis, dfmReviewReason: reason } : analysis;
}

