import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/connect';
import { outbox } from '../../server/delivery/schema';
import { enqueueMessage } from '../../server/delivery/outbox-queue';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { startGatewayProcess, type GatewayProcess } from './gateway-process';
import { startPgCluster, type PgCluster } from './pg-cluster';

/**
 * Gateway processes on one private PostgreSQL share the outbox, sending to a real SMTP server started here.
 * Letters are queued straight into the outbox, as the order letters are in their transactions; whether each arrived,
 * and how often, is counted in what the SMTP server received. A crash is SIGKILL, a stop SIGTERM.
 */

const LEASE_SECONDS = 2;
let cluster: PgCluster;
let smtp: SmtpCatcher;
let pool: pg.Pool;
let db: Db;
let storeDir: string;
const gateways: GatewayProcess[] = [];

const env = () => ({
  DATABASE_URL: cluster.url, SMTP_URL: smtp.url, FILE_STORE_DIR: storeDir, LOG_LEVEL: 'info',
  JWT_SECRET: 'test-secret-for-the-gateway-tests-only', OPERATOR_KEY: 'test-operator-key-for-the-gateway-tests',
  SEED_DEMO: '0', BOARD_JOBS_PER_GATEWAY: '0', ORDER_SIMULATOR_SECONDS: '0',
  DELIVERY_LEASE_SECONDS: String(LEASE_SECONDS), DELIVERY_POLL_SECONDS: '0.2', DELIVERY_RETRY_BASE_SECONDS: '1',
});

async function startOne(): Promise<GatewayProcess> {
  const gateway = await startGatewayProcess(env());
  gateways.push(gateway);
  return gateway;
}

beforeAll(async () => {
  [cluster, smtp] = await Promise.all([startPgCluster(), startSmtpCatcher()]);
  storeDir = mkdtempSync(join(tmpdir(), 'outbox-gateways-files-'));
  // The first start migrates; the second waits for it on the migration lock either way.
  await startOne();
  await startOne();
  pool = new pg.Pool({ connectionString: cluster.url, max: 2 });
  // PostgreSQL stopped below cuts the pool's idle connections: that is expected, not a crash of the test.
  pool.on('error', () => undefined);
  db = drizzle({ client: pool }) as unknown as Db;
}, 120_000);

afterAll(async () => {
  await Promise.all(gateways.filter((gateway) => gateway.alive()).map((gateway) => gateway.kill()));
  await pool?.end();
  cluster?.stop();
  await smtp?.stop();
  rmSync(storeDir, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((resolve) => { setTimeout(resolve, ms); });

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await pause(100);
  }
}

const queueLetter = (recipient: string, subject: string) => enqueueMessage(db, {
  channel: 'email', recipient, subject, body: `${subject}: the plain-text part`, html: null, attachments: null, code: null,
  sealed: false, giveUpAt: new Date(Date.now() + 48 * 3600_000),
}, new Date());

/** The outbox ids a gateway's log says it sent. */
const sentBy = (gateway: GatewayProcess) => gateway.output().split('\n').filter((line) => line.includes('"msg":"message sent"'))
  .map((line) => (JSON.parse(line) as { outboxId: number }).outboxId);

const ownerPid = (owner: string | null | undefined) => Number(owner?.split(':')[1]);

/** A crash or an outage must cost retries, never a process nor an unhandled error. */
function expectUnharmed(gateway: GatewayProcess): void {
  expect(gateway.alive()).toBe(true);
  expect(gateway.output()).not.toMatch(/unhandled|uncaught|"level":60/i);
}

describe('gateways sharing one outbox', () => {
  it('deliver 100 letters between two of them, each exactly once', async () => {
    const [a, b] = gateways as [GatewayProcess, GatewayProcess];
    const subjects = Array.from({ length: 100 }, (_item, index) => `Shared letter ${index + 1}`);
    const ids: number[] = [];
    for (const subject of subjects) ids.push((await queueLetter('shared@factory.test', subject)).id);
    await until('100 letters arrived', () => smtp.to('shared@factory.test').length >= 100);
    await pause(1000);
    const letters = smtp.to('shared@factory.test');
    expect(letters).toHaveLength(100);
    expect(new Set(letters.map((letter) => letter.messageId)).size).toBe(100);
    expect(letters.map((letter) => letter.subject).sort()).toEqual([...subjects].sort());
    const [byA, byB] = [sentBy(a), sentBy(b)];
    console.log(`gateway A sent ${byA.length} of the 100 letters, gateway B ${byB.length}`);
    expect(byA.length).toBeGreaterThan(0);
    expect(byB.length).toBeGreaterThan(0);
    expect([...byA, ...byB].sort((p, q) => p - q)).toEqual(ids);
  }, 60_000);

  it('lose nothing and send nothing twice when the gateway whose letter the server holds is killed', async () => {
    smtp.holding = true;
    const held = smtp.held();
    const row = await queueLetter('held@factory.test', 'Invoice issued');
    await held;
    const [claimed] = await db.select({ leaseOwner: outbox.leaseOwner }).from(outbox).where(eq(outbox.id, row.id));
    const holder = gateways.find((gateway) => gateway.pid === ownerPid(claimed?.leaseOwner));
    const other = gateways.find((gateway) => gateway !== holder && gateway.alive());
    if (!holder || !other) throw new Error('the held letter has no gateway holding it');
    // Two leases pass while the server holds the letter's DATA: the holder renews its lease, the other never takes it.
    const second = smtp.held().then(() => true);
    expect(await Promise.race([second, pause(2 * LEASE_SECONDS * 1000 + 500).then(() => false)])).toBe(false);

    smtp.holding = false;
    const killedAt = performance.now();
    await holder.kill();
    await until('the held letter arrived', () => smtp.to('held@factory.test').length > 0, 20_000);
    const recoveryMs = performance.now() - killedAt;
    console.log(`the killed gateway's letter arrived through the other ${Math.round(recoveryMs)} ms after the kill (lease ${LEASE_SECONDS} s)`);
    await pause(LEASE_SECONDS * 1000 + 500);
    expect(smtp.to('held@factory.test')).toHaveLength(1);
    expect(sentBy(other)).toContain(row.id);
    expectUnharmed(other);
  }, 60_000);

  it('send a letter again under its Message-ID in the one window left: the server took it as its gateway died', async () => {
    const [second, third] = [await startOne(), gateways.find((gateway) => gateway.alive())];
    if (!third) throw new Error('no gateway is running');
    smtp.holding = true;
    const held = smtp.held();
    const row = await queueLetter('window@factory.test', 'Order shipped');
    await held;
    const [claimed] = await db.select({ leaseOwner: outbox.leaseOwner }).from(outbox).where(eq(outbox.id, row.id));
    const holder = [second, third].find((gateway) => gateway.pid === ownerPid(claimed?.leaseOwner));
    if (!holder) throw new Error('the held letter has no gateway holding it');
    smtp.holding = false;
    await holder.kill();
    // The server had the whole letter: it keeps it although the gateway never heard its answer.
    smtp.release();
    await until('the letter was sent again', () => smtp.to('window@factory.test').length >= 2, 20_000);
    const [first, again] = smtp.to('window@factory.test');
    expect(first?.messageId).toBe(again?.messageId);
    expect(first?.messageId).toMatch(new RegExp(`^<outbox-${row.id}@`));
  }, 60_000);

  it('stop on SIGTERM within 10 s while a letter is held; letters queued while no gateway runs go after a start, once', async () => {
    const last = gateways.find((gateway) => gateway.alive());
    if (!last) throw new Error('no gateway is running');
    smtp.holding = true;
    const held = smtp.held();
    const heldRow = await queueLetter('restart@factory.test', 'Order placed');
    await held;
    const { code, ms } = await last.stop('SIGTERM');
    console.log(`SIGTERM with a letter held by the server: exit ${String(code)} after ${ms} ms`);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    expect(last.output()).toContain('delivery workers closed with sends in flight');
    smtp.holding = false;

    // No gateway runs now.
    const queuedMeanwhile = [];
    for (let index = 1; index <= 5; index += 1) queuedMeanwhile.push((await queueLetter('restart@factory.test', `Order shipped ${index}`)).id);
    const next = await startOne();
    await until('the 6 letters arrived', () => smtp.to('restart@factory.test').length >= 6);
    await pause(LEASE_SECONDS * 1000 + 500);
    const letters = smtp.to('restart@factory.test');
    expect(letters.map((letter) => letter.subject).sort()).toEqual(
      ['Order placed', ...queuedMeanwhile.map((_id, index) => `Order shipped ${index + 1}`)].sort(),
    );
    expect(sentBy(next).sort((p, q) => p - q)).toEqual([heldRow.id, ...queuedMeanwhile]);
  }, 90_000);

  it('neither crash nor spin while PostgreSQL is away, and send what waited once it is back', async () => {
    const gateway = gateways.at(-1);
    if (!gateway?.alive()) throw new Error('no gateway is running');
    smtp.refusing = true;
    const refusedBefore = smtp.refused;
    for (let index = 1; index <= 3; index += 1) await queueLetter('outage@factory.test', `Order held ${index}`);
    await until('the server refused the three letters', () => smtp.refused >= refusedBefore + 3);
    const errorLines = () => gateway.output().split('\n').filter((line) => line.includes('the outbox cannot be read')).length;
    cluster.down();
    await pause(3000);
    const errorsWhileAway = errorLines();
    smtp.refusing = false;
    cluster.up();
    const upAt = performance.now();
    await until('the three letters arrived', () => smtp.to('outage@factory.test').length >= 3);
    console.log(
      `PostgreSQL away 3 s: ${errorsWhileAway} error lines (a look every 0.2 s would make 15); the letters arrived ${Math.round(performance.now() - upAt)} ms after it was back`,
    );
    // A pause that doubles from the poll: 0.4, 0.8, 1.6 s… rather than a look (and a line) every 0.2 s.
    expect(errorsWhileAway).toBeGreaterThan(0);
    expect(errorsWhileAway).toBeLessThan(8);
    await pause(1000);
    expect(smtp.to('outage@factory.test')).toHaveLength(3);
    expect(gateway.output()).toContain('delivery workers: the outbox is readable again');
    expectUnharmed(gateway);
  }, 60_000);
});
