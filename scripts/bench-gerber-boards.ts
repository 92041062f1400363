/**
 * The per-board half of `npm run bench:gerber`: each board through the gateway's own path (unpack, store, analyse,
 * draw — in its worker threads) and through raw pcb-stackup on the same files with the layer types our analysis
 * found, in this process, one after the other. CPU is the process's (every thread): nothing else runs meanwhile.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { zipSync } from 'fflate';
import { Piscina } from 'piscina';
import type { BoardFile, BoardMeasurements } from '../src/contract/board-files';
import { folderStore } from '../server/board-files/file-store';
import { unpackUpload } from '../server/board-files/pipeline';
import { uploadPrefix } from '../server/board-files/upload-keys';
import { createBoardWorkers, type BoardWorkers } from '../server/board-files/worker-pool';
import type { RawLayer } from './bench-raw-stackup';
import { corpusAvailable, corpusBoards } from './gerber-corpus';
import { fourLayerBoardZip } from './four-layer-board';

export interface BenchBoard { name: string; source: 'corpus' | 'fixture'; uploadName: string; upload: Uint8Array }

export interface BoardFigures {
  board: BenchBoard;
  files: number;
  drawn: number;
  measurements: BoardMeasurements | null;
  /** Medians of the runs. */
  ms: number;
  cpuMs: number;
  rawMs: number | null;
  rawCpuMs: number | null;
  /** Why raw pcb-stackup could not draw the board, when it could not. */
  rawError: string | null;
  peakRssMb: number;
}

const MB = 1024 * 1024;
const fixturesDir = resolve(import.meta.dirname, '../node_modules/@tracespace/fixtures/boards');

function fixtureBoards(): BenchBoard[] {
  const boards = readdirSync(fixturesDir).sort().flatMap((name) => {
    let manifest: { layers: { name: string }[] };
    try {
      manifest = JSON.parse(readFileSync(join(fixturesDir, name, 'manifest.json'), 'utf8')) as typeof manifest;
    } catch {
      return [];
    }
    const files = Object.fromEntries(manifest.layers.map((layer) => [layer.name, new Uint8Array(readFileSync(join(fixturesDir, name, layer.name)))]));
    return [{ name, source: 'fixture' as const, uploadName: `${name}.zip`, upload: zipSync(files) }];
  });
  return [...boards, { name: 'four-layer (generated)', source: 'fixture', uploadName: 'four-layer.zip', upload: fourLayerBoardZip() }];
}

export function benchBoards(): BenchBoard[] {
  const corpus = corpusAvailable()
    ? corpusBoards().map((board) => ({ name: board.name, source: 'corpus' as const, uploadName: board.uploadName, upload: board.upload }))
    : [];
  return [...corpus, ...fixtureBoards()];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/** Peak resident memory of the process while `work` runs (sampled every 5 ms: the work runs in other threads). */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ value: T; peakRssMb: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 5);
  try {
    const value = await work();
    return { value, peakRssMb: Math.max(peak, process.memoryUsage.rss()) / MB };
  } finally {
    clearInterval(timer);
  }
}

interface OursRun { ms: number; cpuMs: number; files: BoardFile[]; measurements: BoardMeasurements | null }

async function runOurs(workers: BoardWorkers, board: BenchBoard, run: number): Promise<OursRun> {
  const uploadId = `bench-${run}`;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const unpacked = await workers.unpack({ uploadId, fileName: board.uploadName, bytes: new Uint8Array(board.upload) });
  if (unpacked.kind !== 'stored') throw new Error(`${board.name} refused: ${unpacked.code}`);
  const outcome = await workers.analyse({ uploadId, generation: '1-1', files: unpacked.files, overrides: null }, () => undefined, new AbortController().signal);
  const ms = performance.now() - started;
  const cpuMs = cpuMsSince(cpu);
  if (outcome.kind !== 'done') throw new Error(`${board.name} failed: ${outcome.reason}`);
  return { ms, cpuMs, files: outcome.result.files, measurements: outcome.result.measurements };
}

const latin1 = new TextDecoder('latin1');

/** Raw pcb-stackup runs in a worker thread of its own, stopped past this (its outline mode can take minutes). */
const RAW_LIMIT_MS = Number(process.env.BENCH_RAW_LIMIT_SECONDS ?? 60) * 1000;

type RawPool = Piscina<RawLayer[], number>;

/** Raw pcb-stackup on the files our analysis drew, with the types and sides it found, so both draw the same layers. */
async function runRaw(pool: RawPool, board: BenchBoard, drawn: BoardFile[]): Promise<{ ms: number; cpuMs: number }> {
  const byId = new Map(unpackUpload(board.upload, board.uploadName).map((file) => [file.id, file]));
  const layers: RawLayer[] = drawn.map((file) => ({
    filename: file.name, gerber: latin1.decode(byId.get(file.id)?.content ?? new Uint8Array()),
    ...(file.type ? { type: file.type } : {}), ...(file.side ? { side: file.side } : {}),
  }));
  const cpu = process.cpuUsage();
  const started = performance.now();
  try {
    await pool.run(layers, { signal: AbortSignal.timeout(RAW_LIMIT_MS) });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw new Error(`stopped after ${RAW_LIMIT_MS / 1000} s`);
    throw error;
  }
  return { ms: performance.now() - started, cpuMs: cpuMsSince(cpu) };
}

/** Every board through ours, then through raw pcb-stackup; `onProgress` hears of each board ours has done. */
export async function measureBoards(runsPerBoard: number, onProgress: (board: string) => void): Promise<BoardFigures[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-gerber-'));
  const store = folderStore(dir);
  const workers = createBoardWorkers({ store: store.spec, threads: 1, memoryMb: 1024, timeoutMs: 120_000 });
  const rawPool: RawPool = new Piscina({
    filename: new URL('./bench-raw-entry.mjs', import.meta.url).href, name: 'stackup', minThreads: 1, maxThreads: 1, atomics: 'disabled',
  });
  const gc = (globalThis as { gc?: () => void }).gc;
  const all: BoardFigures[] = [];
  try {
    const boards = benchBoards();
    // The first task starts a worker thread and compiles the TypeScript: a typical board warms both up, unmeasured.
    const first = boards.find((board) => board.name === 'arduino-uno') ?? boards[0];
    if (!first) return all;
    const warm = await runOurs(workers, first, 0);
    // A stopped raw run ends its thread: the next one starts cold, so it is warmed before it is measured.
    const warmRaw = () => runRaw(rawPool, first, warm.files.filter((file) => file.type !== null && !file.hidden && file.error === null))
      .catch(() => undefined);
    await warmRaw();
    // All of ours first, then all of raw: the raw thread's heap is not in the process's RSS while ours runs.
    const ourFigures: Array<{ board: BenchBoard; runs: OursRun[]; peakRssMb: number }> = [];
    for (const board of boards) {
      const runs: OursRun[] = [];
      let peakRssMb = 0;
      for (let run = 1; run <= runsPerBoard; run += 1) {
        gc?.();
        const measured = await withPeakRss(() => runOurs(workers, board, run));
        runs.push(measured.value);
        peakRssMb = Math.max(peakRssMb, measured.peakRssMb);
        await store.removeAll(uploadPrefix(`bench-${run}`));
      }
      ourFigures.push({ board, runs, peakRssMb });
      onProgress(board.name);
    }
    await workers.destroy();
    for (const { board, runs, peakRssMb } of ourFigures) {
      const last = runs[runs.length - 1];
      const drawn = (last?.files ?? []).filter((file) => file.type !== null && !file.hidden && file.error === null);
      const raw: { ms: number; cpuMs: number }[] = [];
      let rawError: string | null = null;
      for (let run = 1; run <= runsPerBoard && rawError === null; run += 1) {
        gc?.();
        try {
          raw.push(await runRaw(rawPool, board, drawn));
        } catch (error) {
          rawError = error instanceof Error ? error.message.split('\n')[0] ?? 'error' : String(error);
          await warmRaw();
        }
      }
      all.push({
        board, files: last?.files.length ?? 0, drawn: drawn.length, measurements: last?.measurements ?? null,
        ms: median(runs.map((run) => run.ms)), cpuMs: median(runs.map((run) => run.cpuMs)),
        rawMs: rawError ? null : median(raw.map((run) => run.ms)), rawCpuMs: rawError ? null : median(raw.map((run) => run.cpuMs)),
        rawError, peakRssMb,
      });
    }
  } finally {
    await Promise.allSettled([workers.destroy(), rawPool.destroy()]);
    rmSync(dir, { recursive: true, force: true });
  }
  return all;
}
