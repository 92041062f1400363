import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { PROCESSING_STEPS, type ProcessingStep } from '../../src/contract/board-files';
import type { FileStoreSpec } from './file-store';
import type { AnalysedMessage, AnalyseOutcome, AnalyseTask, StoredAnalysis, UnpackOutcome, UnpackTask } from './worker-tasks';

const ENTRY = new URL('./worker-entry.mjs', import.meta.url).href;
/** Uploads waiting to be unpacked beyond this are answered 'busy' rather than held in memory (25 MB each). */
const UNPACK_QUEUE = 16;
/** Worker threads yield the CPU to the gateway's thread (Linux thread niceness; a no-op where unsupported). */
const NICENESS = 10;

/** A job stopped by its time or memory limit: its files, not the machine, are the problem. */
export class JobLimitExceeded extends Error {
  constructor(readonly limit: 'time' | 'memory') {
    super(`board job stopped by its ${limit} limit`);
    this.name = 'JobLimitExceeded';
  }
}

/** Every unpacking slot is taken and the queue is full. */
export class WorkersBusy extends Error {
  constructor() {
    super('the unpacking queue is full');
    this.name = 'WorkersBusy';
  }
}

export interface WorkerSettings {
  store: FileStoreSpec;
  /** Analysis slots: the jobs this gateway runs at once (a quote's DFM may lend its slot, so up to twice the threads). */
  threads: number;
  memoryMb: number;
  timeoutMs: number;
}

export type UnpackInput = Omit<UnpackTask, 'store'>;
export type AnalyseInput = Omit<AnalyseTask, 'store' | 'progress'>;

export interface BoardWorkers {
  unpack(input: UnpackInput): Promise<UnpackOutcome>;
  /**
   * `signal` stops the job from outside (a lost lease, shutdown): the promise rejects with the signal's reason.
   * `onAnalysed` hears of the first stage (pictures, layers, measurements) while DFM is still being measured.
   */
  analyse(
    input: AnalyseInput, onStep: (step: ProcessingStep) => void, signal: AbortSignal, onAnalysed?: (analysed: StoredAnalysis) => void,
  ): Promise<AnalyseOutcome>;
  /** Stops every thread at once, running tasks included. */
  destroy(): Promise<void>;
}

const stepOf = (message: unknown): ProcessingStep | null => PROCESSING_STEPS.find((step) => step === message) ?? null;
const analysedOf = (message: unknown): StoredAnalysis | null =>
  (typeof message === 'object' && message !== null && 'analysed' in message ? (message as AnalysedMessage).analysed : null);

interface ProgressListener { step(step: ProcessingStep): void; analysed(analysed: StoredAnalysis): void }

function hear(message: unknown, listener: ProgressListener): void {
  const step = stepOf(message);
  if (step) return listener.step(step);
  const analysed = analysedOf(message);
  if (analysed) listener.analysed(analysed);
}

/** The body's own ArrayBuffer moves to the worker; a view into a shared one (Node's small-buffer pool) is copied. */
function movable(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
    ? bytes : new Uint8Array(bytes);
}

/**
 * Runs `task` with the time limit on top of the caller's signal. Reaching the heap limit terminates the thread
 * (ERR_WORKER_OUT_OF_MEMORY); an abort terminates it too (Piscina), so a stopped job leaves no thread spinning.
 */
async function limited<R>(timeoutMs: number, signal: AbortSignal | null, run: (signal: AbortSignal) => Promise<R>): Promise<R> {
  const controller = new AbortController();
  const timedOut = new JobLimitExceeded('time');
  const timer = setTimeout(() => controller.abort(timedOut), timeoutMs);
  const forward = () => controller.abort(signal?.reason);
  if (signal?.aborted) forward();
  signal?.addEventListener('abort', forward, { once: true });
  try {
    return await run(controller.signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') throw new JobLimitExceeded('memory');
    if (controller.signal.aborted) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

function drain(port: MessagePort, listener: ProgressListener): void {
  // Messages posted before the result are already queued on the port: take them before closing it.
  for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) hear(message.message, listener);
  port.close();
}

/** Two pools: unpacking answers an upload request, so it never waits behind long analyses. */
export function createBoardWorkers(settings: WorkerSettings): BoardWorkers {
  const common = {
    filename: ENTRY,
    minThreads: 0,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: settings.memoryMb },
    niceIncrement: NICENESS,
    // Tasks await file I/O; a worker parked in Atomics.wait between tasks is fine, this keeps it simple to reason about.
    atomics: 'disabled' as const,
  };
  const unpackPool = new Piscina<UnpackTask, UnpackOutcome>({ ...common, name: 'unpack', maxThreads: 1, maxQueue: UNPACK_QUEUE });
  // Twice the slots: a quote's DFM lends its slot to a customer's job (jobs.ts), which must not queue behind it here.
  const analysisPool = new Piscina<AnalyseTask, AnalyseOutcome>({ ...common, name: 'analyse', maxThreads: 2 * Math.max(1, settings.threads) });
  // A thread that dies outside any task (its replacement failing to start) must not take the gateway with it.
  unpackPool.on('error', () => undefined);
  analysisPool.on('error', () => undefined);

  return {
    unpack(input) {
      if (unpackPool.queueSize >= UNPACK_QUEUE) return Promise.reject(new WorkersBusy());
      const bytes = movable(input.bytes);
      return limited(settings.timeoutMs, null, (signal) => unpackPool.run(
        { ...input, bytes, store: settings.store }, { signal, transferList: [bytes.buffer as ArrayBuffer] },
      ));
    },
    analyse(input, onStep, signal, onAnalysed) {
      const { port1, port2 } = new MessageChannel();
      const listener: ProgressListener = { step: onStep, analysed: (analysed) => onAnalysed?.(analysed) };
      port1.on('message', (message: unknown) => hear(message, listener));
      return limited(settings.timeoutMs, signal, (limit) => analysisPool.run(
        { ...input, store: settings.store, progress: port2 }, { signal: limit, transferList: [port2] },
      )).finally(() => drain(port1, listener));
    },
    async destroy() {
      await Promise.all([unpackPool.destroy(), analysisPool.destroy()]);
    },
  };
}
