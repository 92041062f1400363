import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

/** A real gateway (`server/main.ts`) in a process of its own, for tests that kill one without its graceful close. */
export interface GatewayProcess {
  url: string;
  pid: number;
  /** From the spawn to the gateway's line saying it listens. */
  startMs: number;
  /** SIGKILL: no close hook, no drain, its runners see their pipes close and end (a crash). */
  kill(): Promise<void>;
  /** Sends `signal` and resolves once the process has exited, with its exit code and how long that took. */
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
  /** Whether the process is still running (it has not exited, crashed or been killed). */
  alive(): boolean;
  /** Everything it printed so far, stdout and stderr (its log lines among them). */
  output(): string;
}

/** The source through tsx by default; `built` runs a production install's `dist-server/main.mjs` from `cwd`. */
export interface GatewayCommand { built?: { cwd: string } }

/** How a gateway is started: the source through tsx, or a built install. */
function spawnGateway(env: Record<string, string | undefined>, command: GatewayCommand): ChildProcessByStdio<null, Readable, Readable> {
  // tsx registered in this very process (not the tsx CLI, which runs the script in a child a kill would miss).
  const args = command.built ? ['dist-server/main.mjs'] : ['--import', 'tsx', 'server/main.ts'];
  return spawn(process.execPath, args, {
    ...(command.built ? { cwd: command.built.cwd } : {}),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', STATIC_DIR: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Everything the process writes, stdout and stderr, read for its whole life so a full pipe never blocks it. */
function collectOutput(child: ChildProcessByStdio<null, Readable, Readable>): () => string {
  let output = '';
  const append = (chunk: Buffer) => { output += chunk.toString('utf8'); };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  return () => output;
}

/** `undefined` in `env` removes a variable this process has (e.g. JWT_SECRET, to see the gateway refuse). */
export function startGatewayProcess(env: Record<string, string | undefined>, command: GatewayCommand = {}): Promise<GatewayProcess> {
  const spawnedAt = performance.now();
  const child = spawnGateway(env, command);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => {
    exitCode = code;
    resolve(code);
  }));
  const output = collectOutput(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`the gateway did not start in 60 s:\n${output()}`)), 60_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const onData = () => {
      const url = /PCB Portal gateway: (http:\/\/[^\s"]+)/.exec(output())?.[1];
      if (!url || child.pid === undefined) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onEarlyExit);
      const pid = child.pid;
      resolve({
        url, pid, startMs: performance.now() - spawnedAt,
        kill: async () => {
          child.kill('SIGKILL');
          await exited;
        },
        stop: async (signal) => {
          const sent = Date.now();
          child.kill(signal);
          const code = await exited;
          return { code, ms: Date.now() - sent };
        },
        alive: () => exitCode === undefined,
        output,
      });
    };
    const onEarlyExit = (code: number | null) => fail(new Error(`the gateway exited with ${code}:\n${output()}`));
    child.stdout.on('data', onData);
    child.once('exit', onEarlyExit);
  });
}

/** A gateway expected to refuse to start: its exit code and everything it printed (within 60 s). */
export function runGatewayToExit(env: Record<string, string | undefined>, command: GatewayCommand = {}): Promise<{ code: number | null; output: string }> {
  const child = spawnGateway(env, command);
  const output = collectOutput(child);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output() });
    });
  });
}
