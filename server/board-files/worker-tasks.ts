import { createHash } from 'node:crypto';
import type { MessagePort } from 'node:worker_threads';
import { openFileStore, type FileStoreSpec } from './file-store';
import {
  analyseFiles, unpackUpload, UploadRefused, type LayerOverride, type ProcessingResult, type RefusalCode, type SourceFile,
} from './pipeline';
import { RENDER_NAME, renderKey, sourceKey, uploadPrefix } from './upload-keys';

/**
 * What the worker threads run (loaded through worker-entry.mjs): everything that touches a board's bytes — unpacking,
 * reading, analysing, drawing and writing to the file store — so the gateway's thread only passes keys and results.
 */

export interface StoredFile { id: string; name: string; bytes: number; key: string }

export interface UnpackTask { store: FileStoreSpec; uploadId: string; fileName: string; bytes: Uint8Array }
export type UnpackOutcome =
  | { kind: 'stored'; files: StoredFile[] }
  | { kind: 'refused'; code: RefusalCode; params: Record<string, string | number> };

/** Unpacks and checks the whole upload before writing a byte, so a refused one leaves nothing in the store. */
export async function unpack(task: UnpackTask): Promise<UnpackOutcome> {
  let files: SourceFile[];
  try {
    files = unpackUpload(task.bytes, task.fileName);
  } catch (error) {
    // An Error subclass loses its class crossing threads; the code and params are what the answer needs.
    if (error instanceof UploadRefused) return { kind: 'refused', code: error.code, params: error.params };
    throw error;
  }
  const store = openFileStore(task.store);
  try {
    await Promise.all(files.map((file) => store.put(sourceKey(task.uploadId, file.id), file.content)));
  } catch (error) {
    await store.removeAll(uploadPrefix(task.uploadId)).catch(() => undefined);
    throw error;
  }
  return {
    kind: 'stored',
    files: files.map((file) => ({ id: file.id, name: file.name, bytes: file.content.length, key: sourceKey(task.uploadId, file.id) })),
  };
}

export interface StoredRender { name: string; key: string; etag: string }
export type StoredResult = Omit<ProcessingResult, 'renders'> & { renders: StoredRender[] };

export interface AnalyseTask {
  store: FileStoreSpec;
  uploadId: string;
  /** The render folder of this attempt. */
  generation: string;
  files: StoredFile[];
  overrides: LayerOverride[] | null;
  /** Each step's name is posted here as it starts. */
  progress: MessagePort;
}
export type AnalyseOutcome = { kind: 'done'; result: StoredResult } | { kind: 'failed'; reason: string };

/** Strong enough to tell two drawings apart, short enough for a header. */
const etagOf = (bytes: Uint8Array): string => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

/**
 * Reads the stored files, analyses them and writes the renders under this attempt's generation. A failure of the
 * analysis itself (the files, not the machine) is an outcome, not a throw: trying it again would fail the same way.
 */
export async function analyse(task: AnalyseTask): Promise<AnalyseOutcome> {
  const store = openFileStore(task.store);
  const files: SourceFile[] = [];
  for (const file of task.files) {
    const content = await store.get(file.key);
    if (!content) return { kind: 'failed', reason: `stored file ${file.key} is missing` };
    files.push({ id: file.id, name: file.name, content: new Uint8Array(content.buffer, content.byteOffset, content.byteLength) });
  }
  let result: ProcessingResult;
  try {
    result = await analyseFiles(files, task.overrides, (step) => task.progress.postMessage(step));
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  files.length = 0;
  const renders: StoredRender[] = [];
  for (const render of result.renders.filter((each) => RENDER_NAME.test(each.name))) {
    const bytes = Buffer.from(render.svg, 'utf8');
    const key = renderKey(task.uploadId, task.generation, render.name);
    await store.put(key, bytes);
    renders.push({ name: render.name, key, etag: etagOf(bytes) });
  }
  return { kind: 'done', result: { files: result.files, measurements: result.measurements, alerts: result.alerts, dfm: result.dfm, dfmMs: result.dfmMs, renders } };
}
