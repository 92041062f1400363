import { create, type Describe } from 'superstruct';
import { zipSync } from 'fflate';
import { API_BASE } from '../contract/call';
import { UPLOAD_LIMITS, uploadBoardFiles, uploadState, type UploadState } from '../contract/board-files';
import { ApiError } from './api';
import { withSessionToken } from './authorized-request';
import { getLocale, t } from './i18n';

/** What the picker and the drop zone take; the gateway identifies the content, the names only help it. */
export const BOARD_FILE_ACCEPT = [
  '.zip', '.gbr', '.ger', '.gtl', '.gbl', '.gts', '.gbs', '.gto', '.gbo', '.gtp', '.gbp', '.gko', '.gm1', '.gml',
  '.g1', '.g2', '.g3', '.g4', '.gd1', '.drl', '.xln', '.exc', '.txt', '.cmp', '.sol', '.stc', '.sts', '.plc', '.pls',
].join(',');

export interface PreparedUpload {
  fileName: string;
  body: Blob;
}

const isBlob = (item: unknown): item is File => typeof Blob !== 'undefined' && item instanceof Blob;

/** 'board.gtl' → 'board'; the archive of several files is named after the first. */
const stem = (name: string) => name.replace(/\.[^.]*$/, '') || 'board';

/** Two files with one name would overwrite each other inside the zip: the later ones get a number. */
function uniqueNames(files: readonly File[]): string[] {
  const seen = new Map<string, number>();
  return files.map((file) => {
    const name = file.name || 'file';
    const count = seen.get(name) ?? 0;
    seen.set(name, count + 1);
    return count === 0 ? name : `${stem(name)}-${count + 1}${name.slice(stem(name).length)}`;
  });
}

/** The name the pick travels under: one file's own, or the zip of several named after the first. */
export function uploadNameOf(files: readonly File[]): string {
  const [first] = files;
  if (!first) return 'board.zip';
  return files.length === 1 ? first.name || 'board.zip' : `${stem(first.name || 'board')}.zip`;
}

async function bytesOf(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * One zip or one file goes as it is; several files are zipped here, so the gateway has one way in. The limits the
 * gateway enforces are checked first where the browser can, so a too-large pick is refused before it travels.
 */
export async function prepareUpload(items: readonly unknown[]): Promise<PreparedUpload> {
  const files = items.filter(isBlob);
  if (files.length === 0) throw new ApiError(400, t('wizard.files.refused.empty'), 'file', 'emptyUpload');
  if (files.length > UPLOAD_LIMITS.files) {
    throw new ApiError(400, t('wizard.files.refused.tooManyFiles', { max: UPLOAD_LIMITS.files }), 'file', 'tooManyFiles');
  }
  const [first] = files;
  let prepared: PreparedUpload;
  if (files.length === 1 && first) {
    prepared = { fileName: uploadNameOf(files), body: first };
  } else {
    const names = uniqueNames(files);
    const entries: Record<string, Uint8Array> = {};
    const contents = await Promise.all(files.map(bytesOf));
    contents.forEach((content, index) => {
      entries[names[index] ?? `file-${index + 1}`] = content;
    });
    const zipped = zipSync(entries, { level: 6 });
    prepared = { fileName: uploadNameOf(files), body: new Blob([new Uint8Array(zipped)], { type: 'application/zip' }) };
  }
  if (prepared.body.size > UPLOAD_LIMITS.archiveBytes) {
    const maxMb = Math.round(UPLOAD_LIMITS.archiveBytes / 1024 / 1024);
    throw new ApiError(400, t('wizard.files.refused.archiveTooLarge', { max: maxMb }), 'file', 'archiveTooLarge');
  }
  return prepared;
}

export interface XhrAnswer {
  text: string;
}

function errorText(text: string): string | null {
  try {
    const data = JSON.parse(text) as { error?: unknown };
    return typeof data.error === 'string' ? data.error : null;
  } catch {
    return null;
  }
}

export interface UploadHandlers {
  progress(percent: number): void;
}

/**
 * POSTs the prepared body with XMLHttpRequest, the one browser API that reports upload progress. Resolves with
 * the status and text of any answer; the caller reads them.
 */
export function postArchive(
  url: string, headers: Record<string, string>, upload: PreparedUpload, handlers: UploadHandlers, signal: AbortSignal,
): Promise<{ status: number; value: XhrAnswer }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    signal.addEventListener('abort', abort, { once: true });
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept-Language', getLocale());
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) handlers.progress(Math.min(100, Math.floor((100 * event.loaded) / event.total)));
    };
    xhr.onload = () => {
      signal.removeEventListener('abort', abort);
      resolve({ status: xhr.status, value: { text: xhr.responseText } });
    };
    xhr.onerror = () => {
      signal.removeEventListener('abort', abort);
      reject(new ApiError(0, t('errors.network'), undefined, 'network'));
    };
    xhr.onabort = () => reject(new DOMException('Upload stopped', 'AbortError'));
    handlers.progress(0);
    xhr.send(upload.body);
  });
}

/** The answer of an upload as the contract's struct; a 4xx carries the gateway's refusal text as the message. */
export function readUploadAnswer<T>(answer: { status: number; value: XhrAnswer }, struct: Describe<T>): T {
  if (answer.status >= 200 && answer.status < 300) {
    try {
      return create(JSON.parse(answer.value.text) as unknown, struct);
    } catch {
      throw new ApiError(answer.status, t('errors.badResponse'), undefined, 'invalid_response');
    }
  }
  throw new ApiError(answer.status, errorText(answer.value.text) ?? t('errors.generic'));
}

/** The signed-in upload of a client's board. */
export async function sendUpload(
  clientId: number,
  upload: PreparedUpload,
  handlers: UploadHandlers,
  signal: AbortSignal,
): Promise<UploadState> {
  const query = new URLSearchParams({ clientId: String(clientId), fileName: upload.fileName });
  const url = `${API_BASE}${uploadBoardFiles.path}?${query}`;
  const answer = await withSessionToken<XhrAnswer>((token) => postArchive(url, { Authorization: `Bearer ${token}` }, upload, handlers, signal));
  return readUploadAnswer(answer, uploadState);
}

export interface UploadInput {
  clientId: number | null;
  items: readonly unknown[];
}

export interface UploadCallbacks {
  progress(percent: number): void;
  uploaded(state: UploadState): void;
  failed(message: string): void;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : t('errors.generic'));

/** Prepares and sends one pick; the returned function stops it (the wizard left the step, or another pick came). */
export function startUpload(input: UploadInput, callbacks: UploadCallbacks): () => void {
  const controller = new AbortController();
  const run = async () => {
    if (input.clientId === null) throw new ApiError(400, t('wizard.files.refused.noClient'));
    const prepared = await prepareUpload(input.items);
    if (controller.signal.aborted) return;
    const state = await sendUpload(input.clientId, prepared, callbacks, controller.signal);
    if (!controller.signal.aborted) callbacks.uploaded(state);
  };
  run().catch((error: unknown) => {
    if (!controller.signal.aborted) callbacks.failed(messageOf(error));
  });
  return () => controller.abort();
}
