import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

export interface LocalGateway {
  url: string;
  stop(): void;
}

/**
 * Starts the real gateway with the built app on a fresh embedded database in `dataDir`, for the scripts that look
 * at the portal in Chromium; resolves once it answers.
 */
export async function startLocalGateway(port: number, dataDir: string, staticDir = 'dist'): Promise<LocalGateway> {
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn('npx', ['tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: staticDir, NODE_ENV: 'test' },
    stdio: 'ignore',
    detached: true,
  });
  // The whole process group: npx starts tsx, which starts node.
  const stop = () => {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  };
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${url}/auth`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error('the gateway did not start');
}
