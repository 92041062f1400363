import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

export interface LocalGateway {
  url: string;
  /** Asks the gateway to stop (once, however often called) and resolves when it has exited. */
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the real gateway with the built app on a fresh embedded database in `dataDir`, for the scripts that look
 * at the portal in Chromium; resolves once it answers. The gateway is this script's own child process (node with tsx's
 * loader, no npx or shell between them), so its exit is seen and it is signalled only while it runs. `settings` are
 * environment variables of that gateway's own.
 */
export async function startLocalGateway(port: number, dataDir: string, staticDir = 'dist', settings: Record<string, string> = {}): Promise<LocalGateway> {
  const url = `http://127.0.0.1:${port}`;
  // Whatever already answers there (another script's gateway) would be measured in our gateway's stead.
  if (await answers(`${url}/auth`)) throw new Error(`port ${port} is already in use: stop what listens there or choose another port`);
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: staticDir, NODE_ENV: 'test', ...settings },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (part: Buffer) => { errors = (errors + part.toString()).slice(-4000); });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let running = true;
  void exited.then(() => { running = false; });
  let stopping: Promise<void> | null = null;
  const stop = () => {
    if (!stopping) {
      if (running) child.kill('SIGTERM');
      stopping = exited.then(() => undefined);
    }
    return stopping;
  };
  for (let attempt = 0; attempt < 120 && running; attempt += 1) {
    if (await answers(`${url}/auth`)) {
      // The gateway ending before the script does is worth a line: the figures after it came from nothing.
      void exited.then((code) => { if (!stopping) console.error(`the gateway on ${url} exited on its own (code ${code})\n${errors}`); });
      return { url, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const code = running ? 'still starting after 60 s' : `exited with code ${await exited}`;
  await stop();
  throw new Error(`the gateway did not start (${code})\n${errors}`);
}
