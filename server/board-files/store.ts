import { and, eq } from 'drizzle-orm';
import { PROCESSING_STEPS, type BoardAnalysis, type ProcessingStep, type UploadState } from '../../src/contract/board-files';
import type { Db } from '../db/connect';
import { boardRenders, boardUploadFiles, boardUploads } from '../db/schema-business';
import { translate, type Lang, type MessageKey } from '../http/messages';
import type { ProcessingResult, SourceFile } from './pipeline';

export const BOARD_FILES_PATH = '/files/boards';

export type UploadRow = typeof boardUploads.$inferSelect;

/** Render names a picture URL may ask for: the two sides and one per layer file ('f1', 'f2', …). */
export const RENDER_NAME = /^(top|bottom|layer-f\d{1,4})$/;

export const imageUrl = (uploadId: string, name: string): string => `${BOARD_FILES_PATH}/${uploadId}/${name}.svg`;

const asBuffer = (data: Uint8Array): Buffer =>
  Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);

const fileNumber = (id: string): number => Number(id.replace(/^\D+/, '')) || 0;

/** The upload row and its files in one transaction: a half-stored upload never exists. */
export async function createUpload(
  db: Db, upload: { id: string; clientId: number; userId: number; archiveName: string; now: Date }, files: SourceFile[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(boardUploads).values({
      id: upload.id, clientId: upload.clientId, userId: upload.userId, archiveName: upload.archiveName,
      status: 'processing', step: 'identify', createdAt: upload.now,
    });
    // One statement per file keeps each statement as small as one file, not as large as the whole archive.
    for (const file of files) {
      await tx.insert(boardUploadFiles).values({ uploadId: upload.id, fileId: file.id, name: file.name, content: asBuffer(file.content) });
    }
  });
}

export async function findUpload(db: Db, uploadId: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(boardUploads).where(eq(boardUploads.id, uploadId));
  return row ?? null;
}

/** The stored files in archive order, as the pipeline takes them. */
export async function loadSourceFiles(db: Db, uploadId: string): Promise<SourceFile[]> {
  const rows = await db.select().from(boardUploadFiles).where(eq(boardUploadFiles.uploadId, uploadId));
  return rows
    .map((row) => ({ id: row.fileId, name: row.name, content: new Uint8Array(row.content) }))
    .sort((a, b) => fileNumber(a.id) - fileNumber(b.id));
}

/** The ids of the stored files, for checking a SetLayers request without loading the files themselves. */
export async function listFileIds(db: Db, uploadId: string): Promise<string[]> {
  const rows = await db.select({ id: boardUploadFiles.fileId }).from(boardUploadFiles).where(eq(boardUploadFiles.uploadId, uploadId));
  return rows.map((row) => row.id);
}

export async function storeStep(db: Db, uploadId: string, step: ProcessingStep): Promise<void> {
  await db.update(boardUploads).set({ step }).where(and(eq(boardUploads.id, uploadId), eq(boardUploads.status, 'processing')));
}

/** The analysis as the app sees it: the pipeline's result plus the picture URLs of the renders it made. */
export function toAnalysis(upload: { id: string; archiveName: string }, result: ProcessingResult): BoardAnalysis {
  const names = new Set(result.renders.map((render) => render.name));
  const layers: Record<string, string> = {};
  for (const file of result.files) {
    if (names.has(`layer-${file.id}`)) layers[file.id] = imageUrl(upload.id, `layer-${file.id}`);
  }
  return {
    uploadId: upload.id,
    archiveName: upload.archiveName,
    files: result.files,
    measurements: result.measurements,
    alerts: result.alerts,
    images: {
      top: names.has('top') ? imageUrl(upload.id, 'top') : null,
      bottom: names.has('bottom') ? imageUrl(upload.id, 'bottom') : null,
      layers,
    },
  };
}

/** Replaces the renders and the analysis together, so a picture never belongs to another analysis. */
export async function storeResult(db: Db, upload: UploadRow, result: ProcessingResult): Promise<BoardAnalysis> {
  const analysis = toAnalysis(upload, result);
  const renders = result.renders.filter((render) => RENDER_NAME.test(render.name));
  await db.transaction(async (tx) => {
    await tx.delete(boardRenders).where(eq(boardRenders.uploadId, upload.id));
    for (const render of renders) await tx.insert(boardRenders).values({ uploadId: upload.id, name: render.name, svg: render.svg });
    await tx.update(boardUploads).set({ status: 'done', step: 'check', error: null, analysis }).where(eq(boardUploads.id, upload.id));
  });
  return analysis;
}

export async function storeFailure(db: Db, uploadId: string, error: MessageKey): Promise<void> {
  await db.update(boardUploads).set({ status: 'failed', error }).where(eq(boardUploads.id, uploadId));
}

/**
 * Uploads still 'processing' when a gateway starts lost their job in a crash or a restart: they are failed so that
 * nobody waits for them forever. This assumes one gateway processes uploads (jobs and /streaming are in-process).
 */
export async function failInterrupted(db: Db): Promise<number> {
  const rows = await db.update(boardUploads).set({ status: 'failed', error: 'processingFailed' })
    .where(eq(boardUploads.status, 'processing')).returning({ id: boardUploads.id });
  return rows.length;
}

export async function findRender(db: Db, uploadId: string, name: string): Promise<string | null> {
  const [row] = await db.select({ svg: boardRenders.svg }).from(boardRenders)
    .where(and(eq(boardRenders.uploadId, uploadId), eq(boardRenders.name, name)));
  return row?.svg ?? null;
}

/** The codes a stored upload can fail with (refused uploads are never stored). */
const STORED_ERRORS: readonly MessageKey[] = ['processingFailed'];
const storedError = (code: string | null): MessageKey | null => STORED_ERRORS.find((key) => key === code) ?? null;
export const stepOf = (step: string): ProcessingStep => PROCESSING_STEPS.find((known) => known === step) ?? 'identify';

export function stateOf(row: UploadRow, lang: Lang): UploadState {
  const error = storedError(row.error);
  return {
    uploadId: row.id,
    clientId: row.clientId,
    status: row.status,
    step: stepOf(row.step),
    error: row.error,
    message: error ? translate(lang, error) : null,
    analysis: row.status === 'done' ? row.analysis : null,
  };
}
