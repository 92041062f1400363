import { spawn } from 'node:child_process';

/** A real gateway (`server/main.ts`) in a process of its own, for tests that kill one without its graceful close. */
export interface GatewayProcess {
  url: string;
  pid: number;
  /** From the spawn to the gateway's line saying it listens. */
  startMs: number;
  /** What it printed so far (start-up lines, then stderr). */
  output(): string;
  /** SIGKILL: no close hook, no drain, its worker threads die with it (a crash). */
  kill(): Promise<void>;
}

/** The source through tsx by default; `built` runs a production install's `dist-server/main.mjs` from `cwd`. */
export interface GatewayCommand { built?: { cwd: string } }

export function startGatewayProcess(env: Record<string, string>, command: GatewayCommand = {}): Promise<GatewayProcess> {
  const started = performance.now();
  // tsx registered in this very process (not the tsx CLI, which runs the script in a child a kill would miss).
  const args = command.built ? ['dist-server/main.mjs'] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, args, {
    ...(command.built ? { cwd: command.built.cwd } : {}),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', STATIC_DIR: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`the gateway did not start in 60 s:\n${output}`)), 60_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /PCB Portal gateway: (http:\/\/\S+)/.exec(output)?.[1];
      if (!url || child.pid === undefined) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      // Keep draining its output so a full pipe never blocks it.
      child.stdout.resume();
      const pid = child.pid;
      resolve({
        url, pid, startMs: performance.now() - started, output: () => output, kill: async () => {
          child.kill('SIGKILL');
          await exited;
        },
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
    child.once('exit', (code) => fail(new Error(`the gateway exited with ${code}:\n${output}`)));
  });
}
