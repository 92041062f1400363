/**
 * The load half of `npm run bench:gerber`: a real gateway (scripts/bench-gateway.ts, its own process) serves
 * signed-in readers over HTTP at a fixed rate — an open loop: each read leaves at its scheduled time whatever the
 * previous ones did, and its latency counts from that time — first alone (the peer), then while a board is uploaded
 * and processed again and again. The gateway reports the delay of its own event loop for each phase.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { UploadState } from '../src/contract/board-files';
import type { BenchBoard } from './bench-gerber-boards';
import type { BenchGatewayCommand, BenchGatewayMessage } from './bench-gateway';

export interface LoadSettings { readers: number; readsPerSecondEach: number; peerSeconds: number; uploads: number }

export interface PhaseFigures {
  phase: string;
  seconds: number;
  reads: number;
  failedReads: number;
  p50: number;
  p99: number;
  max: number;
  loop: { p50: number; p99: number; max: number; samples: number };
  /** Upload to 'done' of each upload in the phase. */
  processedMs: number[];
}

const DEMO = { login: 'demo@example.ru', password: 'demo12345' };
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (value: number) => Math.round(value * 10) / 10;

interface Child {
  url: string;
  clientId: number;
  loopDelay(): Promise<PhaseFigures['loop']>;
  resetLoopDelay(): void;
  stop(): Promise<void>;
}

async function startChild(dataDir: string): Promise<Child> {
  const child = fork(resolve(import.meta.dirname, 'bench-gateway.ts'), [], {
    execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_DATA_DIR: dataDir }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const messages: BenchGatewayMessage[] = [];
  const waiting: Array<() => void> = [];
  child.on('message', (message: BenchGatewayMessage) => {
    messages.push(message);
    waiting.splice(0).forEach((wake) => wake());
  });
  const next = async <T extends BenchGatewayMessage['type']>(type: T): Promise<Extract<BenchGatewayMessage, { type: T }>> => {
    for (;;) {
      const index = messages.findIndex((message) => message.type === type);
      if (index >= 0) return messages.splice(index, 1)[0] as Extract<BenchGatewayMessage, { type: T }>;
      if (child.exitCode !== null) throw new Error('the bench gateway exited');
      await new Promise<void>((wake) => { waiting.push(wake); setTimeout(wake, 1000); });
    }
  };
  const command = (message: BenchGatewayCommand) => child.send(message);
  const ready = await next('ready');
  return {
    url: ready.url,
    clientId: ready.clientId,
    async loopDelay() {
      command({ type: 'read' });
      const { p50, p99, max, samples } = await next('delay');
      return { p50, p99, max, samples };
    },
    resetLoopDelay: () => command({ type: 'reset' }),
    stop: () => new Promise<void>((done) => {
      child.once('exit', () => done());
      command({ type: 'stop' });
    }),
  };
}

async function signIn(url: string): Promise<string> {
  const answer = await fetch(`${url}/api/Authentification/Login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fingerprint: 'bench', ...DEMO }),
  });
  const body = (await answer.json()) as { accessToken?: string };
  if (!body.accessToken) throw new Error(`sign-in failed: ${answer.status}`);
  return body.accessToken;
}

/** Two reads a signed-in page makes, taken in turn: the user's summary and the first page of projects. */
function read(url: string, token: string, turn: number): Promise<Response> {
  const headers = { authorization: `Bearer ${token}` };
  return turn % 2 === 0
    ? fetch(`${url}/api/account/user/getMySummary`, { headers })
    : fetch(`${url}/api/catalog-viewer/v2/projects/List`, {
      method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ pagination: { page: 1, itemsOnPage: 20 } }),
    });
}

function startReaders(url: string, tokens: string[], perSecond: number) {
  const interval = 1000 / perSecond;
  const latencies: number[] = [];
  let failed = 0;
  let stopped = false;
  const inFlight = new Set<Promise<void>>();
  const start = performance.now() + 50;
  tokens.forEach((token, reader) => {
    let turn = 0;
    const offset = (reader / tokens.length) * interval;
    const fire = () => {
      if (stopped) return;
      const scheduled = start + offset + turn * interval;
      const request = read(url, token, turn).then(async (answer) => {
        await answer.arrayBuffer();
        if (answer.status !== 200) failed += 1;
        latencies.push(performance.now() - scheduled);
      }, () => { failed += 1; });
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
      turn += 1;
      setTimeout(fire, Math.max(0, start + offset + turn * interval - performance.now()));
    };
    setTimeout(fire, Math.max(0, start + offset - performance.now()));
  });
  return async () => {
    stopped = true;
    await Promise.all(inFlight);
    return { latencies: latencies.sort((a, b) => a - b), failed };
  };
}

async function uploadAndWait(child: Child, token: string, board: BenchBoard): Promise<number> {
  const started = performance.now();
  const query = new URLSearchParams({ clientId: String(child.clientId), fileName: board.uploadName });
  const answer = await fetch(`${child.url}/api/board-files/Upload?${query}`, {
    method: 'POST', body: new Uint8Array(board.upload), headers: { 'content-type': 'application/zip', authorization: `Bearer ${token}` },
  });
  if (answer.status !== 200) throw new Error(`upload answered ${answer.status}: ${await answer.text()}`);
  const { uploadId } = (await answer.json()) as UploadState;
  for (;;) {
    await new Promise((wait) => setTimeout(wait, 100));
    const state = (await (
      await fetch(`${child.url}/api/board-files/Get?uploadId=${uploadId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as UploadState;
    if (state.status === 'failed') throw new Error(`processing failed: ${state.error}`);
    if (state.status === 'done') return performance.now() - started;
  }
}

async function phase(name: string, child: Child, tokens: string[], settings: LoadSettings, work: () => Promise<number[]>): Promise<PhaseFigures> {
  child.resetLoopDelay();
  const started = performance.now();
  const stop = startReaders(child.url, tokens, settings.readsPerSecondEach);
  const processedMs = await work();
  const { latencies, failed } = await stop();
  const loop = await child.loopDelay();
  return {
    phase: name, seconds: round((performance.now() - started) / 1000), reads: latencies.length, failedReads: failed,
    p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), max: round(latencies[latencies.length - 1] ?? 0),
    loop, processedMs: processedMs.map(Math.round),
  };
}

export async function measureLoad(board: BenchBoard, settings: LoadSettings): Promise<PhaseFigures[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-gerber-gateway-'));
  const child = await startChild(join(dataDir, 'db'));
  try {
    const tokens = await Promise.all(Array.from({ length: settings.readers }, () => signIn(child.url)));
    const [uploader = ''] = tokens;
    // Warm-up: the worker thread starts and compiles, the gateway's routes and queries get hot.
    await uploadAndWait(child, uploader, board);
    const peer = await phase('no upload (peer)', child, tokens, settings, async () => {
      await new Promise((wait) => setTimeout(wait, settings.peerSeconds * 1000));
      return [];
    });
    const loaded = await phase(`${board.name} uploaded ${settings.uploads}× in a row`, child, tokens, settings, async () => {
      const times: number[] = [];
      for (let i = 0; i < settings.uploads; i += 1) times.push(await uploadAndWait(child, uploader, board));
      return times;
    });
    return [peer, loaded];
  } finally {
    await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
