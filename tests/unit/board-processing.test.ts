import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProcessingStep, StreamingMessage, UploadState } from '../../src/contract/board-files';
import { ApiError } from '../../src/services/api';
import { cleanStreamingToken, dfmOver, provideProcessingCalls, streamingUrl, watchProcessing } from '../../src/services/board-processing';

const UPLOAD_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const stateAt = (status: UploadState['status'], step: ProcessingStep): UploadState =>
  ({ uploadId: UPLOAD_ID, clientId: 10, status, step, error: null, message: null, analysis: null });

/** A socket the test opens, feeds and closes. */
class FakeSocket {
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  message(data: StreamingMessage | object) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  drop() {
    this.readyState = 3;
    this.onerror?.();
    this.onclose?.();
  }
}

let sockets: FakeSocket[];
let polls: string[];
let pollAnswers: Array<UploadState | Error>;
let undo: () => void = () => undefined;
let log: string[];

const callbacks = {
  step: (step: ProcessingStep, percent: number) => log.push(`${step} ${percent}`),
  processed: (state: UploadState) => log.push(`processed ${state.status}`),
  failed: (message: string) => log.push(`failed ${message}`),
};

function provide(token: () => Promise<string>) {
  undo = provideProcessingCalls({
    streamingToken: token,
    getUpload: (uploadId) => {
      polls.push(uploadId);
      const answer = pollAnswers.shift() ?? stateAt('processing', 'render');
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  });
}

const socket = async () => {
  await vi.waitFor(() => expect(sockets).toHaveLength(1));
  const opened = sockets[0];
  if (!opened) throw new Error('no socket');
  return opened;
};

beforeEach(() => {
  sockets = [];
  polls = [];
  pollAnswers = [];
  log = [];
  vi.stubGlobal('location', { protocol: 'https:', host: 'portal.test' });
});
afterEach(() => {
  undo();
  undo = () => undefined;
  vi.unstubAllGlobals();
});

describe('following the processing', () => {
  it('cleans the streaming token of its JSON quotes and line end and opens the socket on the page\'s host', () => {
    expect(cleanStreamingToken('"abc.def"\n')).toBe('abc.def');
    expect(streamingUrl('abc', { protocol: 'https:', host: 'portal.test' })).toBe('wss://portal.test/streaming?token=abc');
    expect(streamingUrl('abc', { protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/streaming?token=abc');
  });

  it('subscribes to the upload and turns its messages into steps and the final state', async () => {
    provide(() => Promise.resolve('"tok"\r\n'));
    const stop = watchProcessing(UPLOAD_ID, callbacks);
    const ws = await socket();
    expect(ws.url).toBe('wss://portal.test/streaming?token=tok');
    ws.open();
    expect(ws.sent).toEqual([JSON.stringify({ subscribe: UPLOAD_ID })]);
    ws.message({ uploadId: UPLOAD_ID, step: 'identify', state: 'running', progress: 40.4, final: null });
    // Another upload's news is not this one's.
    ws.message({ uploadId: 'aaaaaaaa-4d5e-4f60-8a7b-9c0d1e2f3a4b', step: 'render', state: 'running', progress: 60, final: null });
    ws.message({ uploadId: UPLOAD_ID, step: 'check', state: 'done', progress: 100, final: stateAt('done', 'check') });
    expect(log).toEqual(['identify 40', 'processed done']);
    expect(ws.closed).toBe(true);
    ws.message({ uploadId: UPLOAD_ID, step: 'check', state: 'done', progress: 100, final: stateAt('done', 'check') });
    expect(log).toHaveLength(2);
    expect(polls).toEqual([]);
    stop();
  });

  it('waits past the first stage for DFM when asked (the gateway sends a final state at each stage\'s end)', async () => {
    provide(() => Promise.resolve('tok'));
    const analysed = (dfmStatus: 'running' | 'done'): UploadState => ({
      ...stateAt('done', 'check'),
      analysis: {
        uploadId: UPLOAD_ID,
        archiveName: 'a.zip',
        files: [],
        measurements: null,
        alerts: [],
        images: { top: null, bottom: null, layers: {} },
        dfmStatus,
      },
    });
    const stop = watchProcessing(UPLOAD_ID, callbacks, {}, dfmOver);
    const ws = await socket();
    ws.open();
    ws.message({ uploadId: UPLOAD_ID, step: 'check', state: 'done', progress: 100, final: analysed('running') });
    expect(log).toEqual([]);
    expect(ws.closed).toBe(false);
    ws.message({ uploadId: UPLOAD_ID, step: 'check', state: 'done', progress: 100, final: analysed('done') });
    expect(log).toEqual(['processed done']);
    expect(ws.closed).toBe(true);
    stop();
  });

  it('falls back to polling every second when the socket closes early, until the upload is done', async () => {
    provide(() => Promise.resolve('tok'));
    const stop = watchProcessing(UPLOAD_ID, callbacks, { pollMs: 20 });
    const ws = await socket();
    ws.open();
    ws.message({ uploadId: UPLOAD_ID, step: 'unpack', state: 'running', progress: 10, final: null });
    pollAnswers = [stateAt('processing', 'render'), stateAt('processing', 'render'), stateAt('processing', 'measure'), stateAt('done', 'check')];
    ws.drop();
    await vi.waitFor(() => expect(log.at(-1)).toBe('processed done'));
    expect(log).toEqual(['unpack 10', 'render 50', 'measure 66', 'processed done']);
    expect(polls).toHaveLength(4);
    stop();
  });

  it('polls when websockets cannot be used at all, and gives up with the gateway\'s message after repeated failures', async () => {
    provide(() => Promise.reject(new ApiError(0, 'Нет связи с сервером.')));
    pollAnswers = [new ApiError(0, 'Нет связи'), new ApiError(0, 'Нет связи'), new ApiError(0, 'Нет связи с сервером.')];
    watchProcessing(UPLOAD_ID, callbacks, { pollMs: 5, maxPollFailures: 3 });
    await vi.waitFor(() => expect(log).toEqual(['failed Нет связи с сервером.']));
    expect(sockets).toHaveLength(0);
  });

  it('polls when the gateway refuses the subscription, and stops at once on a missing upload', async () => {
    provide(() => Promise.resolve('tok'));
    pollAnswers = [new ApiError(404, 'Загрузка не найдена')];
    watchProcessing(UPLOAD_ID, callbacks, { pollMs: 5 });
    const ws = await socket();
    ws.open();
    ws.message({ error: 'notFound', uploadId: UPLOAD_ID });
    await vi.waitFor(() => expect(log).toEqual(['failed Загрузка не найдена']));
    expect(polls).toHaveLength(1);
    expect(ws.closed).toBe(true);
  });

  it('starts polling too when an open socket stays silent', async () => {
    provide(() => Promise.resolve('tok'));
    pollAnswers = [stateAt('failed', 'identify')];
    watchProcessing(UPLOAD_ID, callbacks, { quietMs: 10, pollMs: 5 });
    (await socket()).open();
    await vi.waitFor(() => expect(log).toEqual(['processed failed']));
  });

  it('stops polling and closes the socket when the wizard stops watching', async () => {
    provide(() => Promise.resolve('tok'));
    const stop = watchProcessing(UPLOAD_ID, callbacks, { pollMs: 5 });
    const ws = await socket();
    ws.open();
    ws.drop();
    await vi.waitFor(() => expect(polls.length).toBeGreaterThan(0));
    stop();
    const count = polls.length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(polls).toHaveLength(count);
    expect(log.filter((line) => line.startsWith('processed') || line.startsWith('failed'))).toEqual([]);
  });
});
