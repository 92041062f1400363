import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGatewayToExit, startGatewayProcess, type GatewayProcess } from './gateway-process';
import { startPgCluster, type PgCluster } from './pg-cluster';

/**
 * Issue 19: a real gateway process with NODE_ENV=production on PostgreSQL (so the test can read the outbox the
 * customer's codes went to) — no demo, no dev routes, no simulator, and no code, password or token in its log.
 */

const SECRETS = { JWT_SECRET: randomBytes(32).toString('hex'), OPERATOR_KEY: randomBytes(32).toString('hex') };
const PRODUCTION = { NODE_ENV: 'production', DATA_DIR: 'memory://', LOG_LEVEL: 'info', SEED_DEMO: undefined, ORDER_SIMULATOR_SECONDS: undefined };

let cluster: PgCluster;
let gateway: GatewayProcess;
let database: pg.Client;

beforeAll(async () => {
  cluster = await startPgCluster();
  gateway = await startGatewayProcess({ ...PRODUCTION, ...SECRETS, DATABASE_URL: cluster.url });
  database = new pg.Client({ connectionString: cluster.url });
  await database.connect();
}, 60_000);

afterAll(async () => {
  await database.end();
  await gateway.kill();
  cluster.stop();
});

const send = async (path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${gateway.url}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as Record<string, unknown>, headers: response.headers };
};

const lastCodeTo = async (recipient: string): Promise<string> => {
  const { rows } = await database.query<{ code: string }>('select code from outbox where recipient = $1 order by id desc limit 1', [recipient]);
  const code = rows[0]?.code;
  if (!code) throw new Error(`no code was sent to ${recipient}`);
  return code;
};

/** Every line a production gateway writes, its start banner included, is a JSON log line. */
const logLines = () => gateway.output().split('\n').filter((line) => line !== '');

describe('a production gateway', () => {
  it('says it runs in production and holds no demo account', async () => {
    expect(gateway.output()).toContain('mode: production');
    const demo = await send('/Authentification/Login', { fingerprint: 'f', login: 'demo@example.ru', password: 'demo12345' });
    expect(demo.status).toBe(401);
    const { rows } = await database.query<{ count: string }>("select count(*) from users where email like '%@example.ru'");
    expect(rows[0]?.count).toBe('0');
  });

  it('answers /api/dev/* with the ordinary 404', async () => {
    for (const path of ['/dev/outbox', '/dev/coverage']) expect((await send(path)).status).toBe(404);
  });

  it('registers a customer by SMS and e-mail codes, resets the password, and writes none of it to the log', async () => {
    const phone = '+79161230000';
    const started = await send('/Registration/EnterPhone', { registrationProcessId: null, usingFlashcall: false, phone });
    expect(started.status).toBe(200);
    const id = started.json.registrationProcessId as string;
    const smsCode = await lastCodeTo(phone);
    expect((await send('/Registration/ConfirmCredential', { registrationProcessId: id, code: smsCode })).json).toEqual({ confirmed: 'phone' });
    await send('/Registration/EnterEmail', { registrationProcessId: id, email: 'buyer@factory.test' });
    const mailCode = await lastCodeTo('buyer@factory.test');
    await send('/Registration/ConfirmCredential', { registrationProcessId: id, code: mailCode });
    const password = 'Buyer-password-5731';
    const created = await send('/Registration/CreateProfile', { registrationProcessId: id, password });
    const token = created.json.accessToken as string;
    expect(token).toMatch(/^ey/);
    // The token and a cookie in headers, a token in the query (as the streaming socket sends it).
    const signedIn = await send('/account/user/getMySummary?token=query-secret-4417', undefined,
      { authorization: `Bearer ${token}`, cookie: 'session=cookie-secret-9981' });
    expect(signedIn.status).toBe(200);
    expect((await send('/Authentification/SendPasswordResettingLink', { email: 'buyer@factory.test' })).status).toBe(200);
    const resetCode = await lastCodeTo('buyer@factory.test');
    const { rows } = await database.query<{ body: string }>("select body from outbox where channel = 'email' order by id desc limit 1");
    const link = /https?:\/\/\S+/.exec(rows[0]?.body ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
    // The outbox line of the reset letter is logged after the answer: wait for it.
    await expect.poll(() => logLines().filter((line) => line.includes('outbox')).length, { timeout: 5000 }).toBe(4);

    const secrets = [smsCode, mailCode, resetCode, password, token, link, 'query-secret-4417', 'cookie-secret-9981', SECRETS.JWT_SECRET];
    const output = gateway.output();
    for (const secret of secrets) expect(output, `"${secret}" is in the log`).not.toContain(secret);
    expect(logLines().filter((line) => line.includes('outbox sms to +79161230000'))).toHaveLength(1);
  });

  it('logs JSON lines, each request under an id unique to it and named in the answer', async () => {
    const first = await send('/dev/outbox');
    const second = await send('/dev/outbox', undefined, { 'x-request-id': 'proxy-chosen-id-0001' });
    const forged = await send('/dev/outbox', undefined, { 'x-request-id': 'bad id {"level":60}' });
    const ids = [first, second, forged].map((answer) => answer.headers.get('x-request-id') ?? '');
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[1]).toBe('proxy-chosen-id-0001');
    expect(ids[2]).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => logLines().filter((line) => line.includes(ids[2] ?? '-')).length, { timeout: 5000 }).toBeGreaterThan(0);
    const lines = logLines().map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    expect(lines.some((line) => line.msg?.startsWith('PCB Portal gateway: http://'))).toBe(true);
    for (const id of ids) expect(lines.some((line) => line.reqId === id)).toBe(true);
    const seen = new Set(lines.filter((line) => line.msg === 'incoming request').map((line) => line.reqId));
    expect(seen.size).toBe(lines.filter((line) => line.msg === 'incoming request').length);
  });
});

describe('production refuses to start', () => {
  const refused = (env: Record<string, string | undefined>) => runGatewayToExit({ ...PRODUCTION, ...SECRETS, ...env });

  it('without JWT_SECRET, OPERATOR_KEY or a database it can reach, with a short or guessable secret, with the demo or the simulator asked for', async () => {
    const guessable = 'a'.repeat(32);
    const [noJwt, noOperator, short, weak, demo, simulator, noDatabase] = await Promise.all([
      refused({ JWT_SECRET: undefined }),
      refused({ OPERATOR_KEY: undefined }),
      refused({ JWT_SECRET: 'too-short' }),
      refused({ OPERATOR_KEY: guessable }),
      refused({ SEED_DEMO: '1' }),
      refused({ ORDER_SIMULATOR_SECONDS: '5' }),
      // Port 1: nothing listens there.
      refused({ DATABASE_URL: 'postgres://portal:db-password-77@127.0.0.1:1/portal' }),
    ]);
    expect(noJwt.code).not.toBe(0);
    expect(noJwt.output).toContain('JWT_SECRET is missing');
    expect(noJwt.output).not.toContain('OPERATOR_KEY is missing');
    expect(noJwt.output).toContain('openssl rand -hex 32');
    expect(noOperator.code).not.toBe(0);
    expect(noOperator.output).toContain('OPERATOR_KEY is missing');
    expect(short.output).toContain('JWT_SECRET is shorter than 32 characters');
    expect(weak.code).not.toBe(0);
    expect(weak.output).toContain('OPERATOR_KEY is too easy to guess: an estimated 8 bits, 160 needed');
    expect(weak.output).not.toContain('JWT_SECRET is');
    expect(weak.output).not.toContain(guessable);
    expect(demo.code).not.toBe(0);
    expect(demo.output).toContain('SEED_DEMO=1 with NODE_ENV=production');
    expect(simulator.code).not.toBe(0);
    expect(simulator.output).toContain('ORDER_SIMULATOR_SECONDS with NODE_ENV=production');
    expect(noDatabase.code).not.toBe(0);
    expect(noDatabase.output).toContain('The database at DATABASE_URL (127.0.0.1:1/portal) cannot be reached');
    expect(noDatabase.output).not.toContain('db-password-77');
    for (const run of [noJwt, noOperator, short, weak, demo, simulator, noDatabase]) {
      expect(run.output).not.toContain('PCB Portal gateway:');
      for (const line of run.output.split('\n').filter((text) => text !== '')) expect(JSON.parse(line)).toMatchObject({ level: 50 });
    }
  }, 60_000);
});
