// Runs alone (vite.config.ts, "timed"): it measures time or load, which a second test file beside it would bend.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect';
import { isDatabaseUnavailable } from '../../server/http/unavailable';
import { DEMO, DEMO_2FA } from './helpers';
import { startGatewayProcess, type GatewayProcess } from './gateway-process';
import { startPgCluster, type PgCluster } from './pg-cluster';

/**
 * Two real gateway processes A and B on one private PostgreSQL, as an operator runs them: what one
 * gateway does (sign-in, sign-out, rate limits) holds on the other, losing the database costs 503s and never a
 * process, and SIGTERM drains. Job sharing across gateways is board-jobs-postgres.test.ts's.
 */

let cluster: PgCluster;
let storeDir: string;
let a: GatewayProcess;
let b: GatewayProcess;

const ENV = {
  JWT_SECRET: 'test-secret-for-the-gateway-tests-only', OPERATOR_KEY: 'test-operator-key-for-the-gateway-tests',
  RATE_LIMIT_PER_LOGIN: '3', RATE_LIMIT_PER_ADDRESS: '100000', RATE_LIMIT_LOGIN_DELAY_MAX_MS: '1',
  BOARD_JOBS_PER_GATEWAY: '1', ORDER_SIMULATOR_SECONDS: '0',
};

beforeAll(async () => {
  cluster = await startPgCluster();
  storeDir = mkdtempSync(join(tmpdir(), 'two-gateways-files-'));
  const start = () => startGatewayProcess({ ...ENV, DATABASE_URL: cluster.url, FILE_STORE_DIR: storeDir });
  [a, b] = await Promise.all([start(), start()]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a, b].map((gateway) => (gateway?.alive() ? gateway.kill() : undefined)));
  cluster?.stop();
  rmSync(storeDir, { recursive: true, force: true });
});

interface Answer { status: number; json: Record<string, unknown>; headers: Headers }

async function request(
  gateway: GatewayProcess,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown; lang?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'accept-language': options.lang ?? 'ru' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${gateway.url}/api${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = { text };
  }
  return { status: response.status, json, headers: response.headers };
}

const signIn = (gateway: GatewayProcess, login: string, password: string) =>
  request(gateway, 'POST', '/Authentification/Login', { body: { fingerprint: 'two-gateways', login, password } });

async function tokenFrom(gateway: GatewayProcess): Promise<string> {
  const answer = await signIn(gateway, DEMO.email, DEMO.password);
  expect(answer.status).toBe(200);
  return String(answer.json.accessToken);
}

const counters = (gateway: GatewayProcess, token: string, lang?: string) =>
  request(gateway, 'GET', '/catalog-viewer/v2/other/counters', { token, ...(lang ? { lang } : {}) });

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const isReady = async (gateway: GatewayProcess) => (await request(gateway, 'GET', '/ready')).status === 200;

/** A cut or a restart must cost 503s, not crashes nor unhandled errors. */
function expectUnharmed(gateway: GatewayProcess): void {
  expect(gateway.alive()).toBe(true);
  expect(gateway.output()).not.toMatch(/unhandled|uncaught|"statusCode":500|"level":60/i);
}

describe('Two gateways on one PostgreSQL', () => {
  it('each answers health and readiness without a token, never cached; /healthz is the health answer, not the app', async () => {
    for (const gateway of [a, b]) {
      const health = await request(gateway, 'GET', '/health');
      expect(health.status).toBe(200);
      expect(health.json).toMatchObject({ status: 'ok', uptimeSeconds: expect.any(Number) as number });
      expect(health.headers.get('cache-control')).toBe('no-store');
      const ready = await request(gateway, 'GET', '/ready');
      expect(ready).toMatchObject({ status: 200, json: { ready: true, checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } } });
      expect(ready.headers.get('cache-control')).toBe('no-store');
      const healthz = await fetch(`${gateway.url}/healthz`);
      expect(healthz.headers.get('content-type')).toMatch(/application\/json/);
      expect(await healthz.json()).toMatchObject({ status: 'ok' });
    }
  });

  it('take a token signed in on A on B, and refuse it (and its refresh) on A once B ended the session', async () => {
    const token = await tokenFrom(a);
    expect((await counters(b, token)).status).toBe(200);
    expect((await request(b, 'GET', '/account/Authorization/TerminateCurrentSession', { token })).status).toBe(200);
    expect((await counters(a, token)).status).toBe(401);
    expect((await request(a, 'POST', '/Authentification/Refresh', { token })).status).toBe(401);
  });

  it('count sign-in attempts on both: two wrong passwords on A and one on B use up a limit of three', async () => {
    const wrong = (gateway: GatewayProcess) => signIn(gateway, 'nobody-here@example.ru', 'wrong-password');
    expect((await wrong(a)).status).toBe(401);
    expect((await wrong(a)).status).toBe(401);
    expect((await wrong(b)).status).toBe(401);
    expect((await wrong(b)).status).toBe(429);
    expect((await wrong(a)).status).toBe(429);
  });

  it('keep answering when PostgreSQL cuts every connection of theirs, and are ready again after', async () => {
    const token = await tokenFrom(a);
    const admin = new pg.Client(cluster.url);
    await admin.connect();
    try {
      const cut = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`);
      expect(cut.rowCount).toBeGreaterThan(2);
    } finally {
      await admin.end();
    }
    // Right after the cut: each call either gets a fresh connection or is told to retry, never a 500.
    const during = await Promise.all([a, b].flatMap((gateway) => [counters(gateway, token), request(gateway, 'GET', '/ready')]));
    for (const answer of during) expect([200, 503]).toContain(answer.status);
    await until('both are ready', async () => (await isReady(a)) && (await isReady(b)));
    for (const gateway of [a, b]) {
      expect((await counters(gateway, token)).status).toBe(200);
      expectUnharmed(gateway);
    }
  }, 40_000);

  it('survive a cut of a connection a transaction holds between two queries (no unhandled error event)', async () => {
    // In this process: an 'error' nobody listens to would fail the test run as an uncaught exception.
    const database = await openDatabase({ dataDir: 'unused', databaseUrl: cluster.url });
    const admin = new pg.Client(cluster.url);
    await admin.connect();
    try {
      const failure = await database.db.transaction(async (tx) => {
        const [row] = (await tx.execute(sql`select pg_backend_pid() as pid`) as unknown as { rows: { pid: number }[] }).rows;
        await admin.query('select pg_terminate_backend($1)', [row?.pid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      }).then(() => null, (error: unknown) => error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      await database.ping(2000);
    } finally {
      await admin.end();
      await database.close();
    }
  });

  it('answer 503 with a message in the user\'s language while PostgreSQL restarts, and 200 once it is back', async () => {
    const token = await tokenFrom(b);
    cluster.down();
    try {
      for (const gateway of [a, b]) {
        const ru = await counters(gateway, token, 'ru');
        expect(ru).toMatchObject({ status: 503, json: { code: 'database_unavailable', error: expect.stringMatching(/базой данных/) as string } });
        expect(ru.headers.get('retry-after')).toBe('5');
        const en = await counters(gateway, token, 'en');
        expect(en.json.error).toMatch(/database cannot be reached/);
        const signInDuring = await signIn(gateway, DEMO.email, DEMO.password);
        expect(signInDuring.status).toBe(503);
        const ready = await request(gateway, 'GET', '/ready');
        expect(ready).toMatchObject({ status: 503, json: { ready: false, checks: { database: 'failed', migrations: 'failed' } } });
        expect((await request(gateway, 'GET', '/health')).status).toBe(200);
      }
    } finally {
      cluster.up();
    }
    await until('both are ready', async () => (await isReady(a)) && (await isReady(b)));
    for (const gateway of [a, b]) {
      expect((await counters(gateway, token)).status).toBe(200);
      expectUnharmed(gateway);
    }
  }, 40_000);

  it('finish a request in flight on SIGTERM, refuse new connections, log each step and exit within 10 s', async () => {
    // A gateway of its own with the sign-in pause on: after 8 wrong passwords the next sign-in waits 2 s first.
    const c = await startGatewayProcess({
      ...ENV, DATABASE_URL: cluster.url, FILE_STORE_DIR: storeDir, LOG_LEVEL: 'info',
      RATE_LIMIT_PER_LOGIN: '100', RATE_LIMIT_LOGIN_DELAY_MAX_MS: '2000',
    });
    try {
      for (let i = 0; i < 8; i += 1) expect((await signIn(c, DEMO_2FA.email, 'wrong-password')).status).toBe(401);
      const sent = Date.now();
      const inFlight = signIn(c, DEMO_2FA.email, DEMO_2FA.password);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const exit = c.stop('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Not listening any more: a new connection is refused (or, on a kept-alive one, told to go elsewhere).
      const late = await request(c, 'GET', '/health').then((answer) => answer.status, () => 'refused');
      expect([503, 'refused']).toContain(late);
      const answer = await inFlight;
      expect(answer).toMatchObject({ status: 200, json: { result: 1 } });
      expect(Date.now() - sent).toBeGreaterThan(1500);
      const { code, ms } = await exit;
      expect(code).toBe(0);
      expect(ms).toBeLessThan(10_000);
      // In the order they were logged (their step numbers), as a log collector sorts them: two CI runs on a loaded
      // machine saw the lines reach this test out of order, and several share one millisecond.
      const logged = c.output().split('\n').filter((line) => line.includes('"shutdown":true'))
        .map((line) => JSON.parse(line) as { msg: string; inFlight?: number; step: number })
        .sort((a, b) => a.step - b.step);
      expect(logged.map((line) => line.step)).toEqual([1, 2, 3, 4, 5]);
      expect(logged[0]).toMatchObject({ signal: 'SIGTERM', inFlight: 1 });
      expect(logged.map((line) => line.msg)).toEqual([
        'shutdown: stopping, no new connections',
        'shutdown: housekeeping and order simulator stopped',
        'shutdown: stopped listening, requests in flight answered, board jobs finished or given back',
        'shutdown: database closed',
        'shutdown: done, exiting',
      ]);
    } finally {
      if (c.alive()) await c.kill();
    }
  }, 60_000);
});
