/**
 * The per-board half of `npm run bench:gerber`: each board through the gateway's own path (unpack, store, analyse,
 * draw — in its worker threads) and through raw pcb-stackup on the same files with the layer types our analysis
 * found, in this process, taking turns run by run. CPU is the process's (every thread) and its board runners' (the
 * processes the worker pool starts, where our analysis runs): nothing else runs meanwhile.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { zipSync } from 'fflate';
import { Piscina } from 'piscina';
import type { BoardFile, BoardMeasurements } from '../src/contract/board-files';
import type { BoardDfm } from '../src/contract/dfm';
import { folderStore } from '../server/board-jobs/file-store';
import { unpackUpload } from '../server/gerber/pipeline';
import { uploadPrefix } from '../server/board-jobs/upload-keys';
import { createBoardWorkers, type BoardWorkers } from '../server/board-jobs/worker-pool';
import type { RawLayer } from './bench-raw-stackup';
import { corpusAvailable, corpusBoards } from './gerber-corpus';
import { fourLayerBoardZip } from './four-layer-board';
import { processFamilyCpuSeconds, processFamilyRssBytes } from './bench-cpu';

export interface BenchBoard { name: string; source: 'corpus' | 'fixture'; uploadName: string; upload: Uint8Array }

export interface BoardFigures {
  board: BenchBoard;
  files: number;
  drawn: number;
  measurements: BoardMeasurements | null;
  /** The last run's DFM places. */
  dfm: BoardDfm | null;
  /** Medians of the runs: to the first stage (pictures, layers, measurements: what the price needs), and to the end. */
  firstMs: number;
  firstCpuMs: number;
  ms: number;
  cpuMs: number;
  /** The DFM measuring's time in the worker thread, after the first stage. */
  dfmMs: number;
  rawMs: number | null;
  rawCpuMs: number | null;
  /** Why raw pcb-stackup could not draw the board, when it could not. */
  rawError: string | null;
  peakRssMb: number;
}

const MB = 1024 * 1024;
const fixturesDir = resolve(import.meta.dirname, '../node_modules/@tracespace/fixtures/boards');

export function fixtureBoards(): BenchBoard[] {
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

function benchBoards(): BenchBoard[] {
  const corpus = corpusAvailable()
    ? corpusBoards().map((board) => ({ name: board.name, source: 'corpus' as const, uploadName: board.uploadName, upload: board.upload }))
    : [];
  const all = [...corpus, ...fixtureBoards()];
  // BENCH_BOARDS=a,b measures only those boards (a quick look at one change); the full run is the figure to quote.
  const only = process.env.BENCH_BOARDS?.split(',').map((name) => name.trim()).filter(Boolean) ?? [];
  return only.length > 0 ? all.filter((board) => only.includes(board.name)) : all;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
/** CPU milliseconds of this process and its runners so far; /proc counts in hundredths of a second. */
const cpuMsNow = () => (processFamilyCpuSeconds(process.pid) ?? Number.NaN) * 1000;
const cpuMsSince = (startMs: number) => cpuMsNow() - startMs;

/** Peak resident memory of this process and its runners while `work` runs (sampled every 10 ms: the work runs elsewhere). */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ value: T; peakRssMb: number }> {
  const familyRss = () => processFamilyRssBytes(process.pid);
  let peak = familyRss();
  const timer = setInterval(() => { peak = Math.max(peak, familyRss()); }, 10);
  try {
    const value = await work();
    return { value, peakRssMb: Math.max(peak, familyRss()) / MB };
  } finally {
    clearInterval(timer);
  }
}

interface OursRun {
  firstMs: number; firstCpuMs: number; ms: number; cpuMs: number; dfmMs: number;
  files: BoardFile[]; measurements: BoardMeasurements | null; dfm: BoardDfm | null;
}

async function runOurs(workers: BoardWorkers, board: BenchBoard, run: number): Promise<OursRun> {
  const uploadId = `bench-${run}`;
  const cpu = cpuMsNow();
  const started = performance.now();
  const unpacked = await workers.unpack({ uploadId, fileName: board.uploadName, bytes: new Uint8Array(board.upload) });
  if (unpacked.kind !== 'stored') throw new Error(`${board.name} refused: ${unpacked.code}`);
  // The first stage is what the visitor waits for (DFM is measured after it): timed when the worker posts it.
  let first = { ms: 0, cpuMs: 0 };
  const onAnalysed = () => { first = { ms: performance.now() - started, cpuMs: cpuMsSince(cpu) }; };
  const outcome = await workers.analyse(
    { uploadId, generation: '1-1', files: unpacked.files, overrides: null, uploadName: board.uploadName },
    () => undefined,
    new AbortController().signal,
    onAnalysed,
  );
  const ms = performance.now() - started;
  const cpuMs = cpuMsSince(cpu);
  if (outcome.kind !== 'done') throw new Error(`${board.name} failed: ${outcome.reason}`);
  const { files, measurements } = outcome.result;
  const dfm = outcome.dfm.kind === 'measured' ? outcome.dfm.stage : null;
  return { firstMs: first.ms, firstCpuMs: first.cpuMs, ms, cpuMs, dfmMs: dfm?.dfmMs ?? 0, files, measurements, dfm: dfm?.dfm ?? null };
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
  const cpu = cpuMsNow();
  const started = performance.now();
  try {
    await pool.run(layers, { signal: AbortSignal.timeout(RAW_LIMIT_MS) });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw new Error(`stopped after ${RAW_LIMIT_MS / 1000} s`);
    throw error;
  }
  return { ms: performance.now() - started, cpuMs: cpuMsSince(cpu) };
}

/**
 * Every board through ours and raw pcb-stackup. First one run of ours per board alone, for its peak RSS (the raw
 * thread's heap would count in the process's otherwise) and to warm it; then ours and raw one after the other, run by
 * run, so that whatever else this machine does in those minutes weighs on both sides of the ratio alike.
 * `onProgress` hears of each board done.
 */
export async function measureBoards(runsPerBoard: number, onProgress: (board: string) => void): Promise<BoardFigures[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-gerber-'));
  const store = folderStore(dir);
  const workers = createBoardWorkers({ store: store.spec, threads: 1, memoryMb: 1024, timeoutMs: 120_000 });
  const rawPool: RawPool = new Piscina({
    filename: new URL('./bench-raw-entry.mjs', import.meta.url).href, name: 'stackup', minThreads: 1, maxThreads: 1, atomics: 'disabled',
  });
  const gc = (globalThis as { gc?: () => void }).gc;
  const all: BoardFigures[] = [];
  const drawnOf = (run: OursRun) => run.files.filter((file) => file.type !== null && !file.hidden && file.error === null);
  try {
    const boards = benchBoards();
    // The first task starts a worker thread and compiles the TypeScript: a typical board warms both up, unmeasured.
    const first = boards.find((board) => board.name === 'arduino-uno') ?? boards[0];
    if (!first) return all;
    const warm = await runOurs(workers, first, 0);
    // A stopped raw run ends its thread: the next one starts cold, so it is warmed before it is measured.
    const warmRaw = () => runRaw(rawPool, first, drawnOf(warm)).catch(() => undefined);
    const peaks = new Map<BenchBoard, number>();
    for (const board of boards) {
      gc?.();
      const measured = await withPeakRss(() => runOurs(workers, board, 0));
      peaks.set(board, measured.peakRssMb);
      await store.removeAll(uploadPrefix('bench-0'));
    }
    await warmRaw();
    for (const board of boards) {
      const runs: OursRun[] = [];
      const raw: { ms: number; cpuMs: number }[] = [];
      let rawError: string | null = null;
      for (let run = 1; run <= runsPerBoard; run += 1) {
        gc?.();
        runs.push(await runOurs(workers, board, run));
        await store.removeAll(uploadPrefix(`bench-${run}`));
        if (rawError !== null) continue;
        gc?.();
        try {
          raw.push(await runRaw(rawPool, board, drawnOf(runs[runs.length - 1] as OursRun)));
        } catch (error) {
          rawError = error instanceof Error ? error.message.split('\n')[0] ?? 'error' : String(error);
          await warmRaw();
        }
      }
      const last = runs[runs.length - 1];
      all.push({
        board, files: last?.files.length ?? 0, drawn: last ? drawnOf(last).length : 0, measurements: last?.measurements ?? null,
        dfm: last?.dfm ?? null, ms: median(runs.map((run) => run.ms)), cpuMs: median(runs.map((run) => run.cpuMs)),
        firstMs: median(runs.map((run) => run.firstMs)), firstCpuMs: median(runs.map((run) => run.firstCpuMs)),
        dfmMs: median(runs.map((run) => run.dfmMs)),
        rawMs: rawError ? null : median(raw.map((run) => run.ms)), rawCpuMs: rawError ? null : median(raw.map((run) => run.cpuMs)),
        rawError, peakRssMb: peaks.get(board) ?? 0,
      });
      onProgress(board.name);
    }
  } finally {
    await Promise.allSettled([workers.destroy(), rawPool.destroy()]);
    rmSync(dir, { recursive: true, force: true });
  }
  return all;
}
