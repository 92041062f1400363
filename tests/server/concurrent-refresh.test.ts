// Runs alone (vite.config.ts, "timed"): three gateway processes and a PostgreSQL keep both cores busy.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { sessions } from '../../server/auth/schema';
import { decodeToken, get, login, post, startGateway } from './helpers';
import { startGatewayProcess, type GatewayProcess } from './gateway-process';
import { startPgCluster, type PgCluster } from './pg-cluster';

/**
 * Concurrent refreshes of one token (tabs, retries, gateways racing) make one rotation; every caller gets
 * its Secret and the session lives — on three gateways sharing a PostgreSQL and on one embedded-database gateway.
 */

const CONCURRENT = 10;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const secretOf = (token: string) => String(decodeToken(token).Secret);
const sessionOf = (token: string) => String(decodeToken(token).sid);

let cluster: PgCluster;
let storeDir: string;
let gateways: GatewayProcess[] = [];
let embedded: Gateway;

const ENV = {
  JWT_SECRET: 'test-secret-for-the-gateway-tests-only', OPERATOR_KEY: 'test-operator-key-for-the-gateway-tests',
  RATE_LIMIT_PER_ADDRESS: '100000', BOARD_JOBS_PER_GATEWAY: '1', ORDER_SIMULATOR_SECONDS: '0',
};

beforeAll(async () => {
  cluster = await startPgCluster();
  storeDir = mkdtempSync(join(tmpdir(), 'concurrent-refresh-files-'));
  const start = () => startGatewayProcess({ ...ENV, DATABASE_URL: cluster.url, FILE_STORE_DIR: storeDir });
  // One first, so the others find the database migrated.
  gateways = [await start()];
  gateways.push(...await Promise.all([start(), start()]));
  embedded = await startGateway();
}, 180_000);

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => (gateway.alive() ? gateway.kill() : undefined)));
  cluster?.stop();
  rmSync(storeDir, { recursive: true, force: true });
  await embedded?.close();
});

async function request(gateway: GatewayProcess, method: 'GET' | 'POST', path: string, token: string, body?: unknown) {
  const response = await fetch(`${gateway.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function sessionRow(id: string): Promise<{ secret_hash: string; previous_secret_hash: string | null; ended_at: Date | null }> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ secret_hash: string; previous_secret_hash: string | null; ended_at: Date | null }>(
      'SELECT secret_hash, previous_secret_hash, ended_at FROM sessions WHERE id = $1', [id]);
    if (!rows[0]) throw new Error(`no session ${id}`);
    return rows[0];
  } finally {
    await client.end();
  }
}

describe('Concurrent refreshes of one token', () => {
  it(`across three gateways on one PostgreSQL: ${CONCURRENT} at once all succeed with one rotation, and the session lives`, async () => {
    const signIn = await fetch(`${gateways[0]!.url}/api/Authentification/Login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fingerprint: 'concurrent-refresh', login: 'demo@example.ru', password: 'demo12345' }),
    });
    const token = String(((await signIn.json()) as { accessToken: string }).accessToken);
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) =>
      request(gateways[i % gateways.length]!, 'POST', '/Authentification/Refresh', token, {})));
    expect(answers.map((answer) => answer.status)).toEqual(Array(CONCURRENT).fill(200));
    const tokens = answers.map((answer) => String(answer.json.accessToken));
    const next = secretOf(tokens[0]!);
    expect(new Set(tokens.map(secretOf))).toEqual(new Set([next]));
    // One rotation: the row went from the signed-in Secret to that one Secret, once.
    const row = await sessionRow(sessionOf(token));
    expect(row).toMatchObject({ previous_secret_hash: sha256(secretOf(token)), secret_hash: sha256(next), ended_at: null });
    for (const [i, returned] of tokens.entries()) {
      const counters = await request(gateways[(i + 1) % gateways.length]!, 'GET', '/catalog-viewer/v2/other/counters', returned);
      expect(counters.status).toBe(200);
    }
    expect((await request(gateways[2]!, 'POST', '/Authentification/Refresh', tokens[CONCURRENT - 1]!, {})).status).toBe(200);
    expect((await sessionRow(sessionOf(token))).ended_at).toBeNull();
  });

  it(`on one embedded-database gateway: ${CONCURRENT} at once all succeed with one rotation, and the session lives`, async () => {
    const token = await login(embedded);
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () =>
      post(embedded, '/Authentification/Refresh', {}, { token })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(CONCURRENT).fill(200));
    const tokens = answers.map((answer) => String(answer.json.accessToken));
    const next = secretOf(tokens[0]!);
    expect(new Set(tokens.map(secretOf))).toEqual(new Set([next]));
    const [row] = await embedded.db.select().from(sessions).where(eq(sessions.id, sessionOf(token)));
    expect(row).toMatchObject({ previousSecretHash: sha256(secretOf(token)), secretHash: sha256(next), endedAt: null });
    for (const returned of tokens) expect((await get(embedded, '/account/user/getMySummary', returned)).status).toBe(200);
    expect((await post(embedded, '/Authentification/Refresh', {}, { token: tokens[0] })).status).toBe(200);
  });
});
