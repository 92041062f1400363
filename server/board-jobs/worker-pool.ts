import type { ProcessingStep } from '../../src/contract/board-files';
import type { BomSummary } from '../../src/contract/projects';
import { bomAnswer, type BomOutcome, type BomTask } from './bom-task';
import type { FileStoreSpec } from './file-store';
import { bareNodeDataKb, runnerEntry } from './runner-code';
import type { RunnerTask } from './runner-protocol';
import { RunnerDied, RunnerMisbehaved, startRunner, type Runner, type RunnerSpec, type TaskResult } from './runner-process';
import type { AnalyseOutcome, AnalyseReport, AnalyseTask, StoredAnalysis, UnpackOutcome, UnpackTask } from './worker-tasks';

/** Uploads waiting to be unpacked beyond this are answered 'busy' rather than held in memory (25 MB each). */
const UNPACK_QUEUE = 16;
/** A runner with nothing to do for this long ends, and its memory goes back to the system. */
const IDLE_MS = 60_000;
/**
 * The most the gateway takes back from one message of a runner. A first stage is tens of kilobytes and DFM's places
 * are capped per rule (a few MB on the largest corpus panels); past this a runner is stopped, not believed.
 */
const MAX_MESSAGE_BYTES = 32 * 1024 * 1024;

/**
 * A job stopped by a limit: its files, not the machine, are the problem. `file` names the file being read when it
 * was stopped, where that is known.
 */
export class JobLimitExceeded extends Error {
  constructor(readonly limit: 'time' | 'memory' | 'crash', readonly file: string | null = null, detail = '') {
    super(`board job stopped by its ${limit} limit${file ? ` while reading ${file}` : ''}${detail ? `: ${detail}` : ''}`);
    this.name = 'JobLimitExceeded';
  }
}

/** Every unpacking runner is taken and the queue is full. */
export class WorkersBusy extends Error {
  constructor() {
    super('the unpacking queue is full');
    this.name = 'WorkersBusy';
  }
}

export interface WorkerSettings {
  store: FileStoreSpec;
  /** Analysis slots: the jobs this gateway runs at once (a quote's DFM may lend its slot, so up to twice the runners). */
  threads: number;
  /** The system's cap on one runner process's writable memory. */
  memoryMb: number;
  timeoutMs: number;
}

export type UnpackInput = Omit<UnpackTask, 'store'>;
export type AnalyseInput = Omit<AnalyseTask, 'store'>;

export interface BoardWorkers {
  unpack(input: UnpackInput): Promise<UnpackOutcome>;
  /** A BOM file read off the event loop, on the unpacking runner: answers as parseBomFile would. */
  parseBom(task: BomTask, bytes: Uint8Array): Promise<BomSummary>;
  /**
   * `signal` stops the job from outside (a lost lease, shutdown): the promise rejects with the signal's reason.
   * `onAnalysed` hears of the first stage (pictures, layers, measurements) while DFM is still being measured.
   */
  analyse(
    input: AnalyseInput, onStep: (step: ProcessingStep) => void, signal: AbortSignal, onAnalysed?: (analysed: StoredAnalysis) => void,
  ): Promise<AnalyseOutcome>;
  /** Stops every runner at once, running tasks included. */
  destroy(): Promise<void>;
}

interface Waiter { resolve(runner: Runner): void; reject(error: unknown): void }

type RunnerCode = Pick<RunnerSpec, 'entry' | 'bareDataKb'>;
const runnerCode = async (): Promise<RunnerCode> => {
  const [entry, bareDataKb] = await Promise.all([runnerEntry(), bareNodeDataKb()]);
  return { entry, bareDataKb };
};

/** Up to `size` runner processes, started when needed, ended when idle, replaced when one dies. */
function runnerPool(spec: Omit<RunnerSpec, 'entry' | 'bareDataKb'>, size: number) {
  const all = new Set<Runner>();
  const idle: Runner[] = [];
  const idleTimers = new Map<Runner, NodeJS.Timeout>();
  const waiting: Waiter[] = [];
  let destroyed = false;

  function start(code: RunnerCode): Runner {
    const runner = startRunner({ ...spec, ...code });
    all.add(runner);
    void runner.exited.then(() => {
      all.delete(runner);
      clearTimeout(idleTimers.get(runner));
      idleTimers.delete(runner);
      const at = idle.indexOf(runner);
      if (at >= 0) idle.splice(at, 1);
      // Its place is free: a task waiting for one gets a fresh runner.
      const next = destroyed ? undefined : waiting.shift();
      next?.resolve(start(code));
    });
    return runner;
  }

  async function acquire(signal: AbortSignal): Promise<Runner> {
    const ready = idle.pop();
    if (ready) {
      clearTimeout(idleTimers.get(ready));
      idleTimers.delete(ready);
      return ready;
    }
    const code = await runnerCode();
    if (all.size < size) return start(code);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve: (runner) => { signal.removeEventListener('abort', leave); resolve(runner); },
        reject: (error) => { signal.removeEventListener('abort', leave); reject(error); },
      };
      const leave = () => {
        const at = waiting.indexOf(waiter);
        if (at >= 0) waiting.splice(at, 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', leave, { once: true });
      waiting.push(waiter);
    });
  }

  /** A runner that ended its task well goes to the next task or rests; a large or broken one is ended. */
  function release(runner: Runner, retire: boolean): void {
    if (retire || destroyed || !runner.alive()) {
      runner.kill();
      return;
    }
    const next = waiting.shift();
    if (next) return next.resolve(runner);
    idle.push(runner);
    const timer = setTimeout(() => runner.kill(), IDLE_MS);
    timer.unref();
    idleTimers.set(runner, timer);
  }

  return {
    waiting: () => waiting.length,
    async run(task: RunnerTask, bytes: Uint8Array | undefined, onReport: (report: AnalyseReport) => void, signal: AbortSignal): Promise<TaskResult['result']> {
      const runner = await acquire(signal);
      let outcome: TaskResult;
      try {
        outcome = await runner.run(task, bytes, onReport, signal);
      } catch (error) {
        release(runner, true);
        throw error;
      }
      release(runner, outcome.rssMb > spec.memoryMb / 2);
      return outcome.result;
    },
    async destroy(): Promise<void> {
      destroyed = true;
      for (const waiter of waiting.splice(0)) waiter.reject(new Error('the board workers were stopped'));
      const runners = [...all];
      for (const runner of runners) runner.kill();
      await Promise.all(runners.map((runner) => runner.exited));
    },
  };
}

/**
 * Runs `run` with the time limit on top of the caller's signal, and says what a runner's death means: out of
 * memory, or a crash, either one the files' (while reading `file`, where known), not the machine's.
 */
async function limited<R>(timeoutMs: number, signal: AbortSignal | null, reading: () => string | null, run: (signal: AbortSignal) => Promise<R>): Promise<R> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new JobLimitExceeded('time', reading())), timeoutMs);
  const forward = () => controller.abort(signal?.reason);
  if (signal?.aborted) forward();
  signal?.addEventListener('abort', forward, { once: true });
  try {
    return await run(controller.signal);
  } catch (error) {
    if (error instanceof RunnerDied) throw new JobLimitExceeded(error.outOfMemory ? 'memory' : 'crash', reading(), error.detail);
    if (error instanceof RunnerMisbehaved) throw new JobLimitExceeded('crash', reading(), error.message);
    if (controller.signal.aborted) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

/** Two pools: unpacking answers an upload request, so it never waits behind long analyses. */
export function createBoardWorkers(settings: WorkerSettings): BoardWorkers {
  const spec = { memoryMb: settings.memoryMb, maxMessageBytes: MAX_MESSAGE_BYTES };
  const unpackPool = runnerPool(spec, 1);
  // Twice the slots: a quote's DFM lends its slot to a customer's job (jobs.ts), which must not queue behind it here.
  const analysisPool = runnerPool(spec, 2 * Math.max(1, settings.threads));

  return {
    async unpack(input) {
      if (unpackPool.waiting() >= UNPACK_QUEUE) throw new WorkersBusy();
      const { bytes, ...task } = input;
      const outcome = await limited(settings.timeoutMs, null, () => null, (signal) => unpackPool.run(
        { kind: 'unpack', task: { ...task, store: settings.store } }, bytes, () => undefined, signal,
      ));
      return outcome as UnpackOutcome;
    },
    async parseBom(task, bytes) {
      if (unpackPool.waiting() >= UNPACK_QUEUE) throw new WorkersBusy();
      const outcome = await limited(settings.timeoutMs, null, () => null, (signal) => unpackPool.run(
        { kind: 'bom', task }, bytes, () => undefined, signal,
      ));
      return bomAnswer(outcome as BomOutcome);
    },
    async analyse(input, onStep, signal, onAnalysed) {
      let reading: string | null = null;
      const onReport = (report: AnalyseReport) => {
        if ('step' in report) onStep(report.step);
        else if ('reading' in report) reading = report.reading;
        else onAnalysed?.(report.analysed);
      };
      const outcome = await limited(settings.timeoutMs, signal, () => reading, (limit) => analysisPool.run(
        { kind: 'analyse', task: { ...input, store: settings.store } }, undefined, onReport, limit,
      ));
      return outcome as AnalyseOutcome;
    },
    async destroy() {
      await Promise.all([unpackPool.destroy(), analysisPool.destroy()]);
    },
  };
}
