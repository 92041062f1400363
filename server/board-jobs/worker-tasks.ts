import { createHash } from 'node:crypto';
import type { ProcessingStep } from '../../src/contract/board-files';
import { activeCapabilities } from './capability-table';
import { openFileStore, type FileStoreSpec } from './file-store';
import {
  analyseBoard, unpackUpload, UploadRefused, type AnalysedBoard, type DfmStage, type LayerOverride, type RefusalCode,
  type SourceFile, type StagedAnalysis,
} from '../gerber/pipeline';
import { RENDER_NAME, renderKey, sourceKey, uploadPrefix } from './upload-keys';

/**
 * What the runner processes run (runner-main.ts): everything that touches a board's bytes — unpacking, reading,
 * analysing, drawing and writing to the file store — so the gateway only passes keys and results.
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
/** The first stage with its pictures in the file store. */
export type StoredAnalysis = Omit<AnalysedBoard, 'renders'> & { renders: StoredRender[] };

export interface AnalyseTask {
  store: FileStoreSpec;
  uploadId: string;
  /** The render folder of this attempt. */
  generation: string;
  files: StoredFile[];
  overrides: LayerOverride[] | null;
  /** The upload's name (a zip's, or the app's for several files): the board is named from it when its files do not. */
  uploadName: string;
  /** The first stage is stored already (an earlier attempt's): only DFM is measured, nothing is drawn into the store. */
  measureOnly?: boolean;
}
/**
 * What an analysis tells as it goes: each step as it starts, the file it is reading (named in the message if the
 * runner dies there), and the first stage once its pictures are stored — the gateway stores and shows it without
 * waiting for DFM.
 */
export type AnalyseReport = { step: ProcessingStep } | { reading: string | null } | { analysed: StoredAnalysis };
/** After the first stage: DFM's places, or why it could not measure them (the analysis stands either way). */
export type DfmOutcome = { kind: 'measured'; stage: DfmStage } | { kind: 'failed'; reason: string };
export type AnalyseOutcome =
  | { kind: 'done'; result: StoredAnalysis; dfm: DfmOutcome }
  | { kind: 'failed'; reason: string };

/** Strong enough to tell two drawings apart, short enough for a header. */
const etagOf = (bytes: Uint8Array): string => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

const reasonOf = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

/**
 * Reads the stored files, analyses them, writes the renders under this attempt's generation and posts that first
 * stage; then measures DFM on the same parsed layers. A failure of the analysis itself (the files, not the machine)
 * is an outcome, not a throw: trying it again would fail the same way. A DFM that throws leaves the first stage standing.
 */
export async function analyse(task: AnalyseTask, report: (message: AnalyseReport) => void): Promise<AnalyseOutcome> {
  const store = openFileStore(task.store);
  const files: SourceFile[] = [];
  for (const file of task.files) {
    const content = await store.get(file.key);
    if (!content) return { kind: 'failed', reason: `stored file ${file.key} is missing` };
    files.push({ id: file.id, name: file.name, content: new Uint8Array(content.buffer, content.byteOffset, content.byteLength) });
  }
  let staged: StagedAnalysis;
  try {
    staged = await analyseBoard(files, task.overrides, (step) => report({ step }), {
      capabilities: activeCapabilities(), onReading: (name) => report({ reading: name }), uploadName: task.uploadName,
    });
  } catch (error) {
    return { kind: 'failed', reason: reasonOf(error) };
  }
  files.length = 0;
  const { analysed } = staged;
  const renders: StoredRender[] = [];
  for (const render of analysed.renders.filter((each) => !task.measureOnly && RENDER_NAME.test(each.name))) {
    const bytes = Buffer.from(render.svg, 'utf8');
    const key = renderKey(task.uploadId, task.generation, render.name);
    await store.put(key, bytes);
    renders.push({ name: render.name, key, etag: etagOf(bytes) });
  }
  // The drawings are in the store: their text need not live on through DFM.
  analysed.renders.length = 0;
  const result: StoredAnalysis = {
    files: analysed.files, measurements: analysed.measurements, alerts: analysed.alerts, renders, layersCorrected: analysed.layersCorrected,
    boardName: analysed.boardName,
  };
  if (!task.measureOnly) report({ analysed: result });
  let dfm: DfmOutcome;
  try {
    dfm = { kind: 'measured', stage: staged.measureDfm() };
  } catch (error) {
    dfm = { kind: 'failed', reason: reasonOf(error) };
  }
  return { kind: 'done', result, dfm };
}
