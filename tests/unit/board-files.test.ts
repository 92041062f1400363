import { unzipSync, strFromU8 } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_LIMITS, type UploadState } from '../../src/contract/board-files';
import { ApiError, configureApiAuth } from '../../src/services/api';
import { prepareUpload, sendUpload, startUpload } from '../../src/services/board-files';

const UPLOAD_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const state: UploadState = { uploadId: UPLOAD_ID, clientId: 10, status: 'processing', step: 'unpack', error: null, message: null, analysis: null };

const file = (name: string, text: string) => new File([text], name);

/** Records every request and lets the test answer it, with upload progress on the way. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: Blob) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const tokens = ['token-1', 'token-2'];
let unauthorized: (string | null)[];
let issued: number;

beforeEach(() => {
  FakeXhr.sent = [];
  unauthorized = [];
  issued = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  configureApiAuth({
    getFreshToken: () => Promise.resolve(tokens[Math.min(issued, tokens.length - 1)] ?? null),
    currentToken: () => tokens[issued] ?? null,
    onUnauthorized: (token) => {
      unauthorized.push(token);
      issued += 1;
    },
    onRetryRejected: () => undefined,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  configureApiAuth(null);
});

const lastXhr = async (count = 1) => {
  await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(count));
  const xhr = FakeXhr.sent[count - 1];
  if (!xhr) throw new Error('no request');
  return xhr;
};

describe('preparing an upload', () => {
  it('sends one file as it is, under its own name', async () => {
    const gtl = file('board.GTL', 'G04 top*');
    const prepared = await prepareUpload([gtl]);
    expect(prepared).toEqual({ fileName: 'board.GTL', body: gtl });
  });

  it('zips several files into one archive named after the first, each file kept under its name', async () => {
    const prepared = await prepareUpload([file('uno.GTL', 'top copper'), file('uno.GBL', 'bottom copper'), file('uno.GTL', 'again')]);
    expect(prepared.fileName).toBe('uno.zip');
    const entries = unzipSync(new Uint8Array(await prepared.body.arrayBuffer()));
    expect(Object.keys(entries)).toEqual(['uno.GTL', 'uno.GBL', 'uno-2.GTL']);
    expect(strFromU8(entries['uno.GBL'] ?? new Uint8Array())).toBe('bottom copper');
  });

  it('refuses what the gateway would refuse before it travels: nothing picked, too many files', async () => {
    await expect(prepareUpload(['not a file'])).rejects.toMatchObject({ code: 'emptyUpload' });
    const many = Array.from({ length: UPLOAD_LIMITS.files + 1 }, (_, index) => file(`f${index}.gbr`, 'x'));
    await expect(prepareUpload(many)).rejects.toMatchObject({ code: 'tooManyFiles' });
  });
});

describe('sending an upload', () => {
  it('posts the body with the session token and reports progress in whole percent', async () => {
    const progress: number[] = [];
    const body = new Blob(['zip bytes']);
    const sending = sendUpload(10, { fileName: 'uno board.zip', body }, { progress: (percent) => progress.push(percent) }, new AbortController().signal);
    const xhr = await lastXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/board-files/Upload?clientId=10&fileName=uno+board.zip');
    expect(xhr.headers.Authorization).toBe('Bearer token-1');
    expect(xhr.headers['Content-Type']).toBe('application/octet-stream');
    expect(xhr.body).toBe(body);
    xhr.progress(250, 1000);
    xhr.progress(999, 1000);
    xhr.answer(200, state);
    await expect(sending).resolves.toEqual(state);
    expect(progress).toEqual([0, 25, 99]);
  });

  it('gives the gateway\'s refusal text as the failure message', async () => {
    const sending = sendUpload(10, { fileName: 'logo.gbr', body: new Blob(['png']) }, { progress: () => undefined }, new AbortController().signal);
    (await lastXhr()).answer(400, { error: 'Файл logo.gbr — не Gerber', code: 'notGerber', field: 'file' });
    await expect(sending).rejects.toEqual(new ApiError(400, 'Файл logo.gbr — не Gerber'));
  });

  it('refreshes the token once on a 401 and sends again', async () => {
    const sending = sendUpload(10, { fileName: 'uno.zip', body: new Blob(['zip']) }, { progress: () => undefined }, new AbortController().signal);
    (await lastXhr(1)).answer(401, { error: 'expired' });
    const retry = await lastXhr(2);
    expect(unauthorized).toEqual(['token-1']);
    expect(retry.headers.Authorization).toBe('Bearer token-2');
    retry.answer(200, state);
    await expect(sending).resolves.toEqual(state);
  });

  it('stops the request when the wizard stops the upload, and reports nothing after', async () => {
    const events: string[] = [];
    const stop = startUpload({ clientId: 10, items: [file('uno.zip', 'zip')] }, {
      progress: (percent) => events.push(`progress ${percent}`),
      uploaded: () => events.push('uploaded'),
      failed: (message) => events.push(`failed ${message}`),
    });
    const xhr = await lastXhr();
    stop();
    expect(xhr.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toEqual(['progress 0']);
  });
});
