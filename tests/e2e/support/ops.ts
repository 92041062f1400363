import { execFileSync } from 'node:child_process';
import { e2ePort } from '../../../playwright.config';

/**
 * `npm run ops` against the browser tests' gateway: server/ops.ts through tsx registered in a node of its own, as
 * `npm run ops` runs it, without npx's lookup before each call (about 2 s on a busy machine, and a walk calls it often).
 */
export function ops(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'server/ops.ts', ...args], {
    env: { ...process.env, OPS_URL: `http://127.0.0.1:${e2ePort}`, DATA_DIR: '.tmp/e2e-data' },
    encoding: 'utf8',
  });
}
