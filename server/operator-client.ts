import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_BASE } from '../src/contract/call';
import { resolveConfig } from './config';
import { OPERATOR_KEY_FILE } from './auth/operator-key';

/** OPS_KEY, or else the key the gateway left in its data folder (the embedded database). */
function operatorKey(env: NodeJS.ProcessEnv): string {
  if (env.OPS_KEY) return env.OPS_KEY.trim();
  const file = join(resolveConfig({ logger: false }, env).dataDir, OPERATOR_KEY_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new Error(`No operator key: set OPS_KEY, or start the gateway once so that it writes ${file}`);
  }
}

export interface OperatorAnswer { ok: boolean; status: number; statusText: string; body: Record<string, unknown> }

/**
 * One operator call (every one is a POST) to the running gateway at OPS_URL (default http://127.0.0.1:$PORT): the way
 * the command line changes things while the gateway holds the embedded database, and on a production gateway alike.
 */
export async function callOperator(env: NodeJS.ProcessEnv, path: string, body: unknown): Promise<OperatorAnswer> {
  const base = (env.OPS_URL ?? `http://127.0.0.1:${env.PORT ?? '8080'}`).replace(/\/+$/, '');
  const response = await fetch(`${base}${API_BASE}${path}`, {
    method: 'POST',
    headers: { authorization: `Operator ${operatorKey(env)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({})) as Record<string, unknown>;
  return { ok: response.ok, status: response.status, statusText: response.statusText, body: answer };
}
