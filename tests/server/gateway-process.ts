import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

/** A real gateway (`server/main.ts`) in a process of its own, for tests that kill one without its graceful close. */
export interface GatewayProcess {
  url: string;
  pid: number;
  /** Everything it printed so far, stdout and stderr (its log lines among them). */
  output(): string;
  /** SIGKILL: no close hook, no drain, its worker threads die with it (a crash). */
  kill(): Promise<void>;
}

/** How a gateway is started: the one place to change when tests run the built gateway instead. */
function spawnGateway(env: Record<string, string | undefined>): ChildProcessByStdio<null, Readable, Readable> {
  // tsx registered in this very process (not the tsx CLI, which runs the script in a child a kill would miss).
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', STATIC_DIR: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** `undefined` in `env` removes a variable this process has (e.g. JWT_SECRET, to see the gateway refuse). */
export function startGatewayProcess(env: Record<string, string | undefined>): Promise<GatewayProcess> {
  const child = spawnGateway(env);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  // Kept reading for the process's whole life, so a full pipe never blocks it and tests can read its log.
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`the gateway did not start in 60 s:\n${output}`)), 60_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const onData = () => {
      const url = /PCB Portal gateway: (http:\/\/\S+)/.exec(output)?.[1];
      if (!url || child.pid === undefined) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
      const pid = child.pid;
      resolve({
        url, pid, output: () => output, kill: async () => {
          child.kill('SIGKILL');
          await exited;
        },
      });
    };
    const onExit = (code: number | null) => fail(new Error(`the gateway exited with ${code}:\n${output}`));
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  });
}

/** A gateway expected to refuse to start: its exit code and everything it printed (within 60 s). */
export function runGatewayToExit(env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  const child = spawnGateway(env);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
