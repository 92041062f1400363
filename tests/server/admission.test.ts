// Runs alone (vite.config.ts, "timed"): it measures time or load, which a second test file beside it would bend.
import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { openDatabase } from '../../server/db/connect';
import { urgentWork } from '../../server/db/loop-fair';
import { DEMO_PASSWORD } from '../../server/seed/demo-data';
import { startGateway } from './helpers';
import { migratedDatabase } from './migrated-database';

interface Answer { status: number; headers: Record<string, string | string[] | undefined>; json: Record<string, unknown> }

/** One call on a connection of its own (agent: false), as a browser that has just arrived would make. */
function send(url: string, path: string, method: 'GET' | 'POST', options: { token?: string; body?: unknown } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api${path}`, {
      method, agent: false,
      headers: { 'accept-language': 'en', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers,
        json: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown> }));
    });
    req.on('error', reject);
    req.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
}

const signIn = (url: string, fingerprint: string) =>
  send(url, '/Authentification/Login', 'POST', { body: { fingerprint, login: 'demo@example.ru', password: DEMO_PASSWORD } });

describe('a saturated gateway sheds load instead of queueing it', () => {
  let gateway: Gateway;
  let url: string;
  let token: string;

  beforeAll(async () => {
    gateway = await startGateway({ seedDemo: true, orderSimulatorSeconds: 0, admission: { limit: 2, reserve: 1, queue: 0, queueWaitMs: 0 } });
    url = await gateway.app.listen({ host: '127.0.0.1', port: 0 });
    token = String((await signIn(url, 'admission-first')).json.accessToken);
  });
  afterAll(() => gateway.close());

  it('answers a call past the limit 503 busy with Retry-After while the admitted ones still wait, and still lets a new customer sign in', async () => {
    // A transaction holding the database: everything admitted queues behind it, as behind a long run of queries.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let finished = false;
    const holding = gateway.db.transaction(async () => { await held; });
    const admitted = [1, 2].map(() => send(url, '/user-profile/completed', 'GET', { token }).then((answer) => {
      finished = true;
      return answer;
    }));
    await new Promise((resolve) => setTimeout(resolve, 50));

    const shed = await send(url, '/user-profile/completed', 'GET', { token });
    expect(shed.status).toBe(503);
    expect(shed.json).toMatchObject({ code: 'busy', error: 'The server is busy, try again in a second' });
    expect(shed.headers['retry-after']).toBe('1');
    expect(finished).toBe(false);

    // Sign-in has places of its own: it is admitted (and answered once the database is free), not shed.
    const signingIn = signIn(url, 'admission-new');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await send(url, '/user-profile/completed', 'GET', { token })).status).toBe(503);
    release();
    await holding;
    expect((await signingIn).status).toBe(200);
    expect((await Promise.all(admitted)).map((answer) => answer.status)).toEqual([200, 200]);
    expect((await send(url, '/user-profile/completed', 'GET', { token })).status).toBe(200);
  });
});

describe('a full gateway keeps a short line', () => {
  let gateway: Gateway;
  let url: string;
  let token: string;

  beforeAll(async () => {
    gateway = await startGateway({ seedDemo: true, orderSimulatorSeconds: 0, admission: { limit: 1, reserve: 0, queue: 1, queueWaitMs: 300 } });
    url = await gateway.app.listen({ host: '127.0.0.1', port: 0 });
    token = String((await signIn(url, 'line-first')).json.accessToken);
  });
  afterAll(() => gateway.close());

  /** Runs `work` while a transaction holds the database, so every admitted call waits behind it. */
  async function whileHeld<T>(work: () => Promise<T>): Promise<T> {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const holding = gateway.db.transaction(async () => { await held; });
    try {
      return await work();
    } finally {
      release();
      await holding;
    }
  }
  const read = () => send(url, '/user-profile/completed', 'GET', { token });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('serves a call that waited in line once a place is free, and sheds one that finds the line full at once', async () => {
    const [admitted, waited] = await whileHeld(async () => {
      const first = read();
      await pause(30);
      const second = read();
      await pause(30);
      const started = performance.now();
      const third = await read();
      expect(third.status).toBe(503);
      expect(performance.now() - started).toBeLessThan(250);
      return [first, second];
    });
    expect([(await admitted).status, (await waited).status]).toEqual([200, 200]);
  });

  it('sheds a call that waited longer than the wait allows', async () => {
    const [admitted, waited] = await whileHeld(async () => {
      const first = read();
      await pause(30);
      const second = await read();
      return [first, second] as const;
    });
    expect(waited.status).toBe(503);
    expect((await admitted).status).toBe(200);
  });
});

describe('the embedded database under a queue of statements', () => {
  it('lets the event loop turn between two statements, so new connections are accepted while it is busy', async () => {
    const database = await openDatabase({ dataDir: 'memory://', databaseUrl: null, memoryStart: await migratedDatabase() });
    try {
      let done = 0;
      let doneWhenTheLoopTurned = -1;
      // Statements of a few milliseconds each, queued together: far longer in all than the database's slice.
      const queries = Array.from({ length: 30 }, () =>
        database.db.execute(sql`select count(*) from generate_series(1, 100000)`).then(() => { done += 1; }));
      setImmediate(() => { doneWhenTheLoopTurned = done; });
      await Promise.all(queries);
      expect(doneWhenTheLoopTurned).toBeGreaterThanOrEqual(0);
      expect(doneWhenTheLoopTurned).toBeLessThan(30);
    } finally {
      await database.close();
    }
  });

  it('serves a sign-in\'s statement before the ordinary ones queued ahead of it', async () => {
    const database = await openDatabase({ dataDir: 'memory://', databaseUrl: null, memoryStart: await migratedDatabase() });
    try {
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => { release = resolve; });
      const holding = database.db.transaction(async () => { await held; });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const order: string[] = [];
      const lists = [1, 2].map((index) => database.db.execute(sql`select 1`).then(() => order.push(`list ${index}`)));
      await new Promise((resolve) => setTimeout(resolve, 20));
      // As a route does: the statement is awaited within the urgent context (drizzle's query starts on await).
      const signIn = urgentWork.run(true, async () => { await database.db.execute(sql`select 1`); order.push('sign-in'); });
      release();
      await Promise.all([holding, ...lists, signIn]);
      expect(order).toEqual(['sign-in', 'list 1', 'list 2']);
    } finally {
      await database.close();
    }
  });
});
