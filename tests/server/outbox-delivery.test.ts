import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { sweepExpired } from '../../server/housekeeping';
import { outbox } from '../../server/delivery/schema';
import type { OutgoingMessage } from '../../server/delivery/delivery';
import type { DeliveryOptions } from '../../server/delivery/settings';
import { claimMessage } from '../../server/delivery/outbox-queue';
import { startFakeSmsAero } from '../support/fake-sms-aero';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { createClock, get, post, startGateway, type Clock } from './helpers';

/**
 * The outbox as a durable queue, proven against a real SMTP server started here (and a local server
 * answering as SMS Aero). Delivery is counted in what those servers received, never read from the outbox table; the
 * table is read only for what it is the record of (a reason kept, a lease, what the housekeeping drops).
 */

const started: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((one) => one.close()));
});

interface Setup { gw: Gateway; clock: Clock; smtp: SmtpCatcher }

/** A gateway on its own clock, sending to its own SMTP server, polling often so a test never waits for a poll. */
async function setup(delivery: DeliveryOptions = {}): Promise<Setup> {
  const clock = createClock();
  const smtp = await startSmtpCatcher();
  const gw = await startGateway({ now: clock.now, smtpUrl: smtp.url, delivery: { pollMs: 50, sendTimeoutSeconds: 5, ...delivery } });
  started.push(gw, { close: () => smtp.stop() });
  return { gw, clock, smtp };
}

const letter = (to: string, subject: string): OutgoingMessage => ({
  channel: 'email', recipient: to, subject, body: `${subject}: the plain-text part`, html: `<p>${subject}</p>`, code: null,
});

const pause = (ms: number) => new Promise((resolve) => { setTimeout(resolve, ms); });
/** Waits until the workers tried all that is due on the gateway's clock (the table is read to wait, not as proof). */
async function idle(gw: Gateway, clock: Clock): Promise<void> {
  const busy = sql`${outbox.status} = 'sending' or (${outbox.status} = 'queued' and ${outbox.runAfter} <= ${clock.now()})`;
  await expect.poll(async () => (await gw.db.select({ id: outbox.id }).from(outbox).where(busy)).length, { timeout: 10_000, interval: 50 }).toBe(0);
}

const rowsTo = (gw: Gateway, recipient: string) => gw.db.select().from(outbox).where(eq(outbox.recipient, recipient));
const messageIds = (smtp: SmtpCatcher) => smtp.letters.map((one) => one.messageId);

describe('letters while the mail server is away', () => {
  it('sends all 50 letters queued during a 2-minute outage once it is back, none twice', async () => {
    // Ten at once: the server takes 0.1 s to greet each connection, refused or not.
    const { gw, clock, smtp } = await setup({ retryBaseSeconds: 5, retryMaxSeconds: 60, concurrency: 10 });
    smtp.refusing = true;
    const outage = performance.now();
    const subjects = Array.from({ length: 50 }, (_item, index) => `Order letter ${index + 1}`);
    for (const subject of subjects) await gw.context.delivery.queue(gw.db, letter('buyer@factory.test', subject));
    // The 2 minutes pass on the gateway's clock, not the test's: 12 steps of 10 s, each followed by a real pause in
    // which the workers (polling every 50 ms) try what came due and are refused (421), as a restarting server does,
    // until nothing is due any more.
    await idle(gw, clock);
    for (let step = 0; step < 12; step += 1) {
      clock.advance(10);
      await idle(gw, clock);
    }
    expect(smtp.letters).toHaveLength(0);
    // Every letter was tried at least five times meanwhile: at once, then 5, 10, 20 and 40 s (each ± 20 %) after
    // each try, on the first step at or after it.
    const refusedTries = smtp.refused;
    expect(refusedTries).toBeGreaterThanOrEqual(250);

    smtp.refusing = false;
    // The longest pause between tries passes (retryMaxSeconds and its 20 % spread): every letter comes due again.
    clock.advance(72);
    const back = performance.now();
    await expect.poll(() => smtp.letters.length, { timeout: 10_000 }).toBe(50);
    console.log(`2 simulated minutes of outage (${refusedTries} tries refused) took ${Math.round(back - outage)} ms; ` +
      `the 50 letters arrived ${Math.round(performance.now() - back)} ms after the server came back`);
    clock.advance(600);
    await pause(500);
    expect(smtp.letters).toHaveLength(50);
    expect(new Set(messageIds(smtp)).size).toBe(50);
    expect(smtp.letters.map((one) => one.subject).sort()).toEqual([...subjects].sort());
    expect(smtp.letters.every((one) => one.html === `<p>${one.subject ?? ''}</p>`)).toBe(true);
  }, 60_000);

  it('gives a letter up after DELIVERY_GIVE_UP_HOURS with the last reason kept, and never sends it after', async () => {
    const { gw, clock, smtp } = await setup({ retryBaseSeconds: 60, retryMaxSeconds: 600, letterGiveUpHours: 48 });
    smtp.refusing = true;
    await gw.context.delivery.queue(gw.db, letter('late@factory.test', 'Invoice issued'));
    await expect.poll(() => smtp.refused, { timeout: 5000 }).toBe(1);
    clock.advance(47 * 3600);
    await expect.poll(() => smtp.refused, { timeout: 5000 }).toBe(2);
    expect((await rowsTo(gw, 'late@factory.test'))[0]?.status).toBe('queued');
    clock.advance(2 * 3600);
    await expect.poll(async () => (await rowsTo(gw, 'late@factory.test'))[0]?.status, { timeout: 5000 }).toBe('failed');
    const [row] = await rowsTo(gw, 'late@factory.test');
    expect(row?.error).toMatch(/^gave up after 3 attempts: SMTP: .*421/);

    smtp.refusing = false;
    clock.advance(3600);
    await pause(300);
    expect(smtp.to('late@factory.test')).toHaveLength(0);
  });

  it('fails a letter the server refuses for good (550, no such mailbox) at once with its reason; the others go', async () => {
    const { gw, smtp } = await setup();
    smtp.unknownMailboxes = ['gone@factory.test'];
    await gw.context.delivery.queue(gw.db, letter('gone@factory.test', 'Order shipped'));
    await gw.context.delivery.queue(gw.db, letter('buyer@factory.test', 'Order shipped'));
    await expect.poll(() => smtp.to('buyer@factory.test').length, { timeout: 5000 }).toBe(1);
    await expect.poll(async () => (await rowsTo(gw, 'gone@factory.test'))[0]?.status, { timeout: 5000 }).toBe('failed');
    const [row] = await rowsTo(gw, 'gone@factory.test');
    expect(row).toMatchObject({ attempts: 1 });
    expect(row?.error).toMatch(/^SMTP: .*550 No such user here/);
    expect(smtp.to('gone@factory.test')).toHaveLength(0);
  });

  it('retries a letter while the server refuses our sender (5xx to MAIL FROM is its setup, not the letter)', async () => {
    const { gw, clock, smtp } = await setup({ retryBaseSeconds: 5 });
    smtp.refusingSender = true;
    await gw.context.delivery.queue(gw.db, letter('buyer@factory.test', 'Order placed'));
    await expect.poll(async () => (await rowsTo(gw, 'buyer@factory.test'))[0]?.error ?? '', { timeout: 5000 }).toMatch(/553/);
    expect((await rowsTo(gw, 'buyer@factory.test'))[0]?.status).toBe('queued');
    smtp.refusingSender = false;
    clock.advance(10);
    await expect.poll(() => smtp.to('buyer@factory.test').length, { timeout: 5000 }).toBe(1);
  });
});

describe('a send in flight', () => {
  it('keeps its lease while the server is slow: no other claimer takes the letter, which arrives once', async () => {
    const { gw, clock, smtp } = await setup({ leaseSeconds: 1, concurrency: 4 });
    smtp.holding = true;
    const held = smtp.held();
    await gw.context.delivery.queue(gw.db, letter('slow@factory.test', 'Invoice issued'));
    await held;
    // Three leases pass while the server holds the letter's DATA, in small steps as real time would.
    for (let step = 0; step < 12; step += 1) {
      clock.advance(0.25);
      await pause(250);
    }
    expect(await claimMessage(gw.db, { owner: 'another gateway', leaseMs: 1000 }, clock.now())).toBeNull();
    smtp.holding = false;
    smtp.release();
    await expect.poll(() => smtp.to('slow@factory.test').length, { timeout: 5000 }).toBe(1);
    await pause(300);
    expect(smtp.to('slow@factory.test')).toHaveLength(1);
  });

  it('does not hold a closing gateway up: the waiting request is answered, the letter stays leased for the next one', async () => {
    const { gw, smtp } = await setup({ sendTimeoutSeconds: 30 });
    smtp.holding = true;
    const held = smtp.held();
    const answered = post(gw, '/Authentification/SendPasswordResettingLink', { email: 'demo@example.ru' });
    await held;
    const closing = performance.now();
    await gw.context.delivery.close();
    const closeMs = performance.now() - closing;
    console.log(`closing with a send held by the server took ${Math.round(closeMs)} ms`);
    expect(closeMs).toBeLessThan(4500);
    expect((await answered).status).toBe(200);
    const [row] = await rowsTo(gw, 'demo@example.ru');
    expect(row).toMatchObject({ status: 'sending' });
    expect(row?.leaseUntil).not.toBeNull();
    smtp.release();
  });
});

describe('/api/ready', () => {
  it('reports the delivery workers and what waits, ready while the mail server is away', async () => {
    const { gw, clock, smtp } = await setup();
    smtp.refusing = true;
    for (const subject of ['one', 'two', 'three']) await gw.context.delivery.queue(gw.db, letter('buyer@factory.test', subject));
    clock.advance(90);
    const answer = await get(gw, '/ready');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ ready: true, checks: { delivery: 'ok' }, outbox: { waiting: 3, oldestWaitingSeconds: 90 } });
  });

  it('is 503 naming delivery while its look at the outbox hangs, and once its workers are stopped', async () => {
    const { gw } = await setup({ sendTimeoutSeconds: 1 });
    let release: () => void = () => undefined;
    // The embedded database runs one transaction at a time: holding one open hangs every other statement.
    const holding = gw.db.transaction(async () => { await new Promise<void>((resolve) => { release = resolve; }); });
    await pause(1500);
    const hung = await get(gw, '/ready');
    release();
    await holding;
    expect(hung.status).toBe(503);
    expect(hung.json).toMatchObject({ ready: false, checks: { delivery: 'failed' } });
    await expect.poll(async () => (await get(gw, '/ready')).status, { timeout: 5000 }).toBe(200);

    await gw.context.delivery.close();
    const stopped = await get(gw, '/ready');
    expect(stopped.status).toBe(503);
    expect(stopped.json).toMatchObject({ ready: false, checks: { database: 'ok', delivery: 'failed' } });
  });
});

describe('a code sent while its request waits', () => {
  it('is never taken by a poll between its insert and its send: the request learns how it went', async () => {
    const aero = await startFakeSmsAero();
    started.push(aero);
    aero.mode = 'refuseCalls';
    // A poll every millisecond: a row written claimable would often be taken by the loop before the request sends it.
    const { gw } = await setup({ sms: aero.settings(), pollMs: 1 });
    const receipts = [];
    for (let index = 0; index < 20; index += 1) {
      const phone = `+791612301${String(index).padStart(2, '0')}`;
      receipts.push(await gw.context.delivery.deliver({ channel: 'flashcall', recipient: phone, subject: 'code', body: 'Код 1234', code: '1234' }));
    }
    expect(receipts).toEqual(Array.from({ length: 20 }, () => ({ channel: 'sms', state: 'sent' })));
    expect(aero.received.filter((one) => one.kind === 'sms')).toHaveLength(20);
  });
});

describe('provider statuses', () => {
  it('are read back from the provider DELIVERY_STATUS_CHECK_SECONDS after the send, once per check', async () => {
    const aero = await startFakeSmsAero();
    started.push(aero);
    const { gw, clock } = await setup({ sms: aero.settings(), statusCheckSeconds: 1 });
    const receipt = await gw.context.delivery.deliver({ channel: 'sms', recipient: '+79161230077', subject: 'code', body: 'Код 123456', code: '123456' });
    expect(receipt).toEqual({ channel: 'sms', state: 'sent' });
    const sms = aero.last('+79161230077');
    expect(sms).toBeDefined();
    const asked = () => aero.requests.filter((one) => one.path === 'sms/status' && (one.body as { id?: unknown }).id === sms?.id).length;
    await pause(300);
    expect(asked()).toBe(0);
    clock.advance(2);
    await expect.poll(asked, { timeout: 5000 }).toBe(1);
    await expect.poll(async () => (await rowsTo(gw, '+79161230077'))[0]?.providerStatus, { timeout: 5000 }).toBe('delivery');
    // Delivered is final: never asked again.
    clock.advance(3600);
    await pause(1000);
    expect(asked()).toBe(1);
  });
});

describe('housekeeping', () => {
  it('drops sent and failed messages DELIVERY_KEEP_DAYS after they were queued, never waiting ones', async () => {
    const { gw, clock, smtp } = await setup({ keepDays: 30 });
    smtp.unknownMailboxes = ['gone@factory.test'];
    await gw.context.delivery.queue(gw.db, letter('buyer@factory.test', 'sent'));
    await gw.context.delivery.queue(gw.db, letter('gone@factory.test', 'failed'));
    await expect.poll(() => smtp.to('buyer@factory.test').length, { timeout: 5000 }).toBe(1);
    await expect.poll(async () => (await rowsTo(gw, 'gone@factory.test'))[0]?.status, { timeout: 5000 }).toBe('failed');
    smtp.refusing = true;
    await gw.context.delivery.queue(gw.db, letter('waiting@factory.test', 'waiting'));
    const retention = { rateWindowSeconds: 900, outboxKeepDays: gw.config.delivery.keepDays };
    clock.advance(29 * 24 * 3600);
    await sweepExpired(gw.db, clock.now(), retention);
    expect((await gw.db.select().from(outbox)).map((row) => row.recipient).sort()).toEqual(['buyer@factory.test', 'gone@factory.test', 'waiting@factory.test']);
    clock.advance(2 * 24 * 3600);
    await sweepExpired(gw.db, clock.now(), retention);
    expect((await gw.db.select().from(outbox)).map((row) => row.recipient)).toEqual(['waiting@factory.test']);
  });
});
