import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { encodeFrame, frameReader } from './frames';
import type { RunnerMessage, RunnerTask } from './runner-protocol';
import type { BomOutcome } from './bom-task';
import type { AnalyseReport, AnalyseOutcome, UnpackOutcome } from './worker-tasks';

/**
 * One runner: a child process that takes board tasks one at a time (runner-main.ts). The system caps its writable
 * memory (RLIMIT_DATA), so a file that makes it allocate without end ends it alone; the gateway only hears that it
 * died, and how.
 */

export interface RunnerSpec {
  /** The runner's entry file (runner-code.ts says which). */
  entry: string;
  /** The memory a runner may use: the system caps its writable memory at this above a bare Node's; V8's heap sits under it. */
  memoryMb: number;
  /** What a bare Node process of this binary holds of writable memory at start, in KB (runner-code.ts). */
  bareDataKb: number;
  /** The largest message the gateway accepts from a runner. */
  maxMessageBytes: number;
}

/** A runner that ended during a task it was not asked to stop: its files (or a bug) killed it. */
export class RunnerDied extends Error {
  constructor(readonly outOfMemory: boolean, readonly detail: string) {
    super(`the board runner died: ${detail}`);
    this.name = 'RunnerDied';
  }
}

/** A runner that sent a message over the limit, or one the gateway could not read: it is stopped. */
export class RunnerMisbehaved extends Error {
  constructor(detail: string) {
    super(`the board runner was stopped: ${detail}`);
    this.name = 'RunnerMisbehaved';
  }
}

export interface TaskResult { result: UnpackOutcome | AnalyseOutcome | BomOutcome; rssMb: number }

export interface Runner {
  run(task: RunnerTask, bytes: Uint8Array | undefined, onReport: (report: AnalyseReport) => void, signal: AbortSignal): Promise<TaskResult>;
  /** SIGKILL: nothing of a stopped task is worth waiting for. */
  kill(): void;
  alive(): boolean;
  /** Resolves once the process has ended, however it ended. */
  readonly exited: Promise<void>;
}

/** Worker processes yield the CPU to the gateway (Linux niceness). */
const NICENESS = 10;
/** What is kept of a runner's stderr: enough for V8's fatal error and its last lines. */
const STDERR_TAIL = 4096;
/** The exit code of the shell when the memory cap cannot be set: the runner must not run without it. */
const NO_CAP = 97;
/** What a runner inherits: nothing secret (no keys, no database address), only what Node, tsx and DFM's table need. */
const PASSED_ENV = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'NODE_ENV', 'CAPABILITIES_FILE'];
const OUT_OF_MEMORY =
  /heap out of memory|allocation failed|bad_alloc|Fatal process out of memory|Cannot allocate memory|Failed to allocate memory|ERR_MEMORY_ALLOCATION_FAILED|ENOMEM|Invalid (?:array|string) length/i;

const runnerEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(PASSED_ENV.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])));

/** The V8 heap takes most of the cap; the rest is for code, young objects and what libraries allocate outside it. */
const heapLimitMb = (memoryMb: number): number => Math.max(64, Math.floor(memoryMb * 0.85));

/** How a runner ended, in a line for the log: V8's or the system's word on memory where there is one. */
function diagnosis(code: number | null, signal: NodeJS.Signals | null, stderr: string): RunnerDied {
  if (code === NO_CAP) return new RunnerDied(false, 'the system refused the runner\'s memory cap (ulimit -d)');
  const lines = stderr.trim().split('\n').map((line) => line.trim()).filter((line) => line !== '');
  const memoryLine = lines.find((line) => OUT_OF_MEMORY.test(line));
  const said = (memoryLine ?? lines.slice(-2).join(' | ')).slice(0, 300);
  const how = signal ? `signal ${signal}` : `exit code ${String(code)}`;
  return new RunnerDied(memoryLine !== undefined, said ? `${how}: ${said}` : how);
}

export function startRunner(spec: RunnerSpec): Runner {
  const script = 'ulimit -d "$1" || exit 97; shift; exec "$@"';
  const child = spawn('/bin/sh', [
    '-c', script, 'board-runner', String(spec.bareDataKb + spec.memoryMb * 1024),
    process.execPath, `--max-old-space-size=${heapLimitMb(spec.memoryMb)}`, spec.entry,
  ], { stdio: ['pipe', 'ignore', 'pipe', 'pipe'], env: runnerEnv() });
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, NICENESS);
    } catch {
      // Not allowed here (some containers): the runner keeps the gateway's priority.
    }
  }
  const input = child.stdin as Writable;
  const output = child.stdio[3] as Readable;
  let stderr = '';
  (child.stderr as Readable).on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL); });
  // A write to a runner that just died fails; its exit tells the task why.
  input.on('error', () => undefined);

  let current: { resolve(result: TaskResult): void; reject(error: unknown): void; onReport(report: AnalyseReport): void } | null = null;
  let ended = false;
  const fail = (error: unknown) => {
    const task = current;
    current = null;
    task?.reject(error);
  };
  const kill = () => {
    if (!ended) child.kill('SIGKILL');
  };

  const read = frameReader(spec.maxMessageBytes, (raw) => {
    const message = raw as RunnerMessage;
    if (!current) return;
    if (message.type === 'report') current.onReport(message.report);
    else if (message.type === 'result') {
      const task = current;
      current = null;
      task.resolve({ result: message.result, rssMb: message.rssMb });
    } else fail(new Error(message.message));
  });
  output.on('data', (chunk: Buffer) => {
    try {
      read(chunk);
    } catch (error) {
      fail(new RunnerMisbehaved(error instanceof Error ? error.message : String(error)));
      kill();
    }
  });

  const exited = new Promise<void>((resolve) => {
    child.on('error', (error) => {
      ended = true;
      fail(new RunnerDied(false, `it could not start: ${error.message}`));
      resolve();
    });
    child.on('exit', (code, signal) => {
      ended = true;
      fail(diagnosis(code, signal, stderr));
      resolve();
    });
  });

  return {
    exited,
    alive: () => !ended,
    kill,
    run(task, bytes, onReport, signal) {
      if (ended) return Promise.reject(new RunnerDied(false, 'it had ended before the task'));
      if (current) return Promise.reject(new Error('a runner takes one task at a time'));
      return new Promise<TaskResult>((resolve, reject) => {
        const stop = () => {
          fail(signal.reason);
          kill();
        };
        current = {
          resolve: (result) => { signal.removeEventListener('abort', stop); resolve(result); },
          reject: (error) => { signal.removeEventListener('abort', stop); reject(error); },
          onReport,
        };
        if (signal.aborted) return stop();
        signal.addEventListener('abort', stop, { once: true });
        input.write(encodeFrame(task, bytes));
      });
    },
  };
}
