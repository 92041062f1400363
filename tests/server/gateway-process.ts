import { spawn } from 'node:child_process';

/** A real gateway (`server/main.ts`) in a process of its own, for tests that kill one without its graceful close. */
export interface GatewayProcess {
  url: string;
  pid: number;
  /** From the spawn to the gateway's line saying it listens. */
  startMs: number;
  /** SIGKILL: no close hook, no drain, its worker threads die with it (a crash). */
  kill(): Promise<void>;
  /** Sends `signal` and resolves once the process has exited, with its exit code and how long that took. */
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
  /** Whether the process is still running (it has not exited, crashed or been killed). */
  alive(): boolean;
  /** Everything it wrote so far, stdout and stderr. */
  output(): string;
}

/** The source through tsx by default; `built` runs a production install's `dist-server/main.mjs` from `cwd`. */
export interface GatewayCommand { built?: { cwd: string } }

export function startGatewayProcess(env: Record<string, string>, command: GatewayCommand = {}): Promise<GatewayProcess> {
  const spawnedAt = performance.now();
  // tsx registered in this very process (not the tsx CLI, which runs the script in a child a kill would miss).
  const args = command.built ? ['dist-server/main.mjs'] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, args, {
    ...(command.built ? { cwd: command.built.cwd } : {}),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', STATIC_DIR: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => {
    exitCode = code;
    resolve(code);
  }));
  let output = '';
  let started = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`the gateway did not start in 60 s:\n${output}`)), 60_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (started) return;
      const url = /PCB Portal gateway: (http:\/\/\S+)/.exec(output)?.[1];
      if (!url || child.pid === undefined) return;
      started = true;
      clearTimeout(timer);
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
        output: () => output,
      });
    };
    // Kept reading for the whole life of the process: a full pipe would block it, and tests read its log.
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
    const onEarlyExit = (code: number | null) => fail(new Error(`the gateway exited with ${code}:\n${output}`));
    child.once('exit', onEarlyExit);
  });
}
