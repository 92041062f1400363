import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmsAero, type FakeSmsAero } from '../support/fake-sms-aero';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { runGatewayToExit, startGatewayProcess, type GatewayProcess } from './gateway-process';
import { startGateway } from './helpers';
import { startPgCluster, type PgCluster } from './pg-cluster';

/**
 * A real gateway process with NODE_ENV=production on PostgreSQL, sending its SMS to a local
 * server that answers as SMS Aero and its letters to a real SMTP server — no demo, no dev routes, no simulator,
 * and no code, password or token in its log or readable in its database.
 */

const SECRETS = { JWT_SECRET: randomBytes(32).toString('hex'), OPERATOR_KEY: randomBytes(32).toString('hex') };
const PRODUCTION = { NODE_ENV: 'production', DATA_DIR: 'memory://', LOG_LEVEL: 'info', SEED_DEMO: undefined, ORDER_SIMULATOR_SECONDS: undefined };

let cluster: PgCluster;
let gateway: GatewayProcess;
let database: pg.Client;
let aero: FakeSmsAero;
let smtp: SmtpCatcher;
let delivery: Record<string, string>;

beforeAll(async () => {
  [cluster, aero, smtp] = await Promise.all([startPgCluster(), startFakeSmsAero(), startSmtpCatcher()]);
  delivery = { SMS_PROVIDER: 'smsaero', SMS_LOGIN: aero.login, SMS_API_KEY: aero.apiKey, SMS_API_URL: aero.url, SMTP_URL: smtp.url };
  // Retries within a second or two, for the case of a provider that is down.
  const soon = { DELIVERY_RETRY_BASE_SECONDS: '1', DELIVERY_POLL_SECONDS: '0.2' };
  gateway = await startGatewayProcess({ ...PRODUCTION, ...SECRETS, ...delivery, ...soon, DATABASE_URL: cluster.url });
  database = new pg.Client({ connectionString: cluster.url });
  await database.connect();
}, 60_000);

afterAll(async () => {
  await database.end();
  await gateway.kill();
  cluster.stop();
  await Promise.all([aero.close(), smtp.stop()]);
});

const send = async (path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${gateway.url}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as Record<string, unknown>, headers: response.headers };
};

/** The code as the person got it: from the SMS the provider received, or the letter the mail server took. */
const lastCodeTo = async (recipient: string): Promise<string> => {
  if (recipient.startsWith('+')) {
    await expect.poll(() => aero.codeFor(recipient), { timeout: 5000 }).toBeDefined();
    return aero.codeFor(recipient) ?? '';
  }
  await expect.poll(() => smtp.to(recipient).length, { timeout: 5000 }).toBeGreaterThan(0);
  const code = /\b(\d{6})\b/.exec(smtp.to(recipient).at(-1)?.text ?? '')?.[1];
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
    const lettersBefore = smtp.to('buyer@factory.test').length;
    expect((await send('/Authentification/SendPasswordResettingLink', { email: 'buyer@factory.test' })).status).toBe(200);
    await expect.poll(() => smtp.to('buyer@factory.test').length, { timeout: 5000 }).toBe(lettersBefore + 1);
    const resetCode = await lastCodeTo('buyer@factory.test');
    const link = /https?:\/\/\S+/.exec(smtp.to('buyer@factory.test').at(-1)?.text ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
    const queuedLines = () => logLines().filter((line) => (JSON.parse(line) as { msg?: string }).msg?.startsWith('outbox '));
    // The registration's SMS and e-mail codes and the reset letter.
    expect(queuedLines()).toHaveLength(3);

    // What the database keeps of the four messages: who, how, that they went; no code, link or text.
    const { rows } = await database.query<{ body: string; html: string | null; code: string | null; status: string }>(
      'select body, html, code, status from outbox');
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    const stored = JSON.stringify(rows);
    for (const secret of [smsCode, mailCode, resetCode, link]) expect(stored, `"${secret}" is in the outbox`).not.toContain(secret);

    const secrets = [smsCode, mailCode, resetCode, password, token, link, 'query-secret-4417', 'cookie-secret-9981', SECRETS.JWT_SECRET];
    const output = gateway.output();
    for (const secret of secrets) expect(output, `"${secret}" is in the log`).not.toContain(secret);
    expect(logLines().filter((line) => line.includes('outbox sms to +79161230000'))).toHaveLength(1);
  });

  it('keeps codes sealed while the SMS provider or the mail server is down, and sends them once it is back', async () => {
    type Waiting = { recipient: string; sealed: boolean; body: string; html: string | null; code: string | null };
    const waitingRows = async () => (await database.query<Waiting>(
      "select recipient, sealed, body, html, code from outbox where status in ('queued', 'sending') order by id")).rows;
    const expectSealed = (rows: Waiting[], recipient: string) => {
      expect(rows.map((row) => row.recipient)).toEqual([recipient]);
      expect(rows[0]).toMatchObject({
        sealed: true,
        body: expect.stringMatching(/^sealed:v1:/) as string,
        code: expect.stringMatching(/^sealed:v1:/) as string,
      });
    };
    const phone = '+79161230001';
    const email = 'second-buyer@factory.test';
    aero.mode = 'down';
    const started = await send('/Registration/EnterPhone', { registrationProcessId: null, usingFlashcall: false, phone });
    expect(started.status).toBe(200);
    const smsWaiting = await waitingRows();
    expectSealed(smsWaiting, phone);
    aero.mode = 'ok';
    const smsCode = await lastCodeTo(phone);
    const id = started.json.registrationProcessId as string;
    expect((await send('/Registration/ConfirmCredential', { registrationProcessId: id, code: smsCode })).json).toEqual({ confirmed: 'phone' });

    smtp.refusing = true;
    expect((await send('/Registration/EnterEmail', { registrationProcessId: id, email })).status).toBe(200);
    const letterWaiting = await waitingRows();
    expectSealed(letterWaiting, email);
    smtp.refusing = false;
    const mailCode = await lastCodeTo(email);

    const { rows: after } = await database.query('select body, html, code, status from outbox');
    for (const secret of [smsCode, mailCode]) {
      expect(JSON.stringify([smsWaiting, letterWaiting]), `"${secret}" was readable while it waited`).not.toContain(secret);
      expect(JSON.stringify(after), `"${secret}" is in the outbox`).not.toContain(secret);
      expect(gateway.output(), `"${secret}" is in the log`).not.toContain(secret);
    }
    // Each waited for a retry, logged without its text.
    expect(logLines().filter((line) => line.includes('message not sent, will retry')).length).toBeGreaterThanOrEqual(2);
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
  const refused = (env: Record<string, string | undefined>) => runGatewayToExit({ ...PRODUCTION, ...SECRETS, ...delivery, ...env });

  it('without an SMS provider or a mail server, naming the settings', async () => {
    const [noSms, noSmtp, noKey] = await Promise.all([
      refused({ SMS_PROVIDER: undefined }), refused({ SMTP_URL: undefined }), refused({ SMS_API_KEY: undefined }),
    ]);
    expect(noSms.code).not.toBe(0);
    expect(noSms.output).toContain('SMS_PROVIDER is missing');
    expect(noSms.output).not.toContain('SMTP_URL is missing');
    expect(noSmtp.code).not.toBe(0);
    expect(noSmtp.output).toContain('SMTP_URL is missing');
    expect(noKey.code).not.toBe(0);
    expect(noKey.output).toContain('SMS_PROVIDER=smsaero needs SMS_API_KEY');
    for (const run of [noSms, noSmtp, noKey]) expect(run.output).not.toContain('PCB Portal gateway:');
  }, 60_000);


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

  it('on a database a demo ran on, naming the demo accounts and clients it holds; on a fresh one it starts', async () => {
    await database.query('create database demo_run');
    await database.query('create database fresh');
    const url = (name: string) => cluster.url.replace(/\/postgres$/, `/${name}`);
    const demoRun = await startGateway({ databaseUrl: url('demo_run') });
    await demoRun.close();

    const onDemo = await refused({ DATABASE_URL: url('demo_run') });
    expect(onDemo.code).not.toBe(0);
    expect(onDemo.output).not.toContain('PCB Portal gateway:');
    for (const line of onDemo.output.split('\n').filter((text) => text !== '')) expect(JSON.parse(line)).toMatchObject({ level: 50 });
    expect(onDemo.output).toContain('NODE_ENV=production refuses to start: the database holds the demo data');
    for (const name of ['demo@example.ru', 'demo2fa@example.ru', 'petrov@example.ru', 'engineer@demo.pcb-portal.ru', 'admin@demo.pcb-portal.ru']) {
      expect(onDemo.output).toContain(name);
    }
    expect(onDemo.output).toContain('Электронные системы (INN 7714982309)');
    expect(onDemo.output).toContain('fresh database');
    const demoDb = new pg.Client({ connectionString: url('demo_run') });
    await demoDb.connect();
    try {
      // Refused, not cleaned: the accounts are where they were.
      expect((await demoDb.query("select 1 from users where email = 'petrov@example.ru'")).rowCount).toBe(1);
    } finally {
      await demoDb.end();
    }

    const onFresh = await startGatewayProcess({ ...PRODUCTION, ...SECRETS, ...delivery, DATABASE_URL: url('fresh') });
    try {
      expect(onFresh.output()).toContain('mode: production');
      expect((await fetch(`${onFresh.url}/healthz`)).status).toBe(200);
    } finally {
      await onFresh.kill();
    }
  }, 120_000);
});
