import { execFileSync } from 'node:child_process';
import { workerServers } from './servers';
import { test } from './test';

/**
 * `npm run ops` against this browser worker's gateway: server/ops.ts through tsx registered in a node of its own, as
 * `npm run ops` runs it, without npx's lookup before each call (about 2 s on a busy machine, and a walk calls it often).
 */
export function ops(...args: string[]): string {
  return operatorCommand('server/ops.ts', args);
}

/** `npm run admin -- staff-create …` the same way: the member is made through the running gateway; answers the set-up link. */
export function createStaff(email: string, name: string, role: 'engineer' | 'manager' | 'admin'): string {
  const printed = operatorCommand('server/admin.ts', ['staff-create', email, name, role]);
  const link = /^https?:\/\/\S+\/staff\/setup#token=\S+$/m.exec(printed)?.[0];
  if (!link) throw new Error(`no set-up link in: ${printed}`);
  return link;
}

function operatorCommand(script: string, args: string[]): string {
  const { baseURL, dataDir } = workerServers(test.info().parallelIndex);
  return execFileSync(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, OPS_URL: baseURL, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
}
