import { execFile } from 'node:child_process';

/** What a command printed and how it ended (null: killed by the time limit or a signal). */
export interface CliRun { code: number | null; stdout: string; stderr: string }

/**
 * `npm run ops` / `npm run admin` as an operator types them: `script` (e.g. 'server/ops.ts') spawned as
 * `node --import tsx` (the same script, without npx's lookup before each call) with DATA_DIR and OPS_URL, and no
 * operator key of the test's own environment unless `env` gives OPS_KEY. Asynchronous, so that a gateway in the
 * test's process keeps answering while the command waits for it.
 */
export function runOperatorCli(script: string, args: string[], place: { dataDir: string; url: string }, env: Record<string, string> = {}): Promise<CliRun> {
  const base: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: place.dataDir, OPS_URL: place.url, ...env };
  if (!env.OPS_KEY) delete base.OPS_KEY;
  delete base.OPERATOR_KEY;
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', script, ...args], { env: base, timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout: stdout.trim(), stderr });
    });
  });
}
