import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cart from '../../src/contract/cart';
import * as ordersContract from '../../src/contract/orders';
import type { Gateway } from '../../server/app';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../server/webhooks/schema';
import { createSeal } from '../../server/delivery/seal';
import { sweepExpired } from '../../server/housekeeping';
import { emitEvent } from '../../server/webhooks/events';
import { addToCart, endpointOf, lineOf, orderingData, pricedProject, type OrderingData } from './cart-fixtures';
import { makeClient, person, type Person } from './client-fixtures';
import { call, createClock, startGateway } from './helpers';
import { makeUpload, storeUploadFiles } from './project-fixtures';
import { enrolledStaff, OPERATOR_KEY, staffCall } from './staff-fixtures';

/**
 * Webhooks reach a receiver once each, in order per order, signed as Standard Webhooks says (checked here
 * by hand with node:crypto), after the receiver was down for a minute of the gateway's clock.
 */

const clock = createClock(new Date('2026-05-04T09:00:00Z'));
let gw: Gateway;
let owner: Person;
let adminToken: string;
let data: OrderingData;
let clientId = 0;
let warehouse = 0;

interface Received { id: string; timestamp: string; signature: string; body: string; answered: number }

/** A receiver on a fixed port: answering 503 ('failing'), not listening at all ('closed'), or taking everything. */
function receiver() {
  const received: Received[] = [];
  let mode: 'failing' | 'up' = 'failing';
  let server: Server | null = null;
  let port = 0;
  const listen = () => new Promise<void>((resolve) => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => { body += chunk.toString('utf8'); });
      request.on('end', () => {
        const answered = mode === 'up' ? 204 : 503;
        received.push({
          id: String(request.headers['webhook-id']), timestamp: String(request.headers['webhook-timestamp']),
          signature: String(request.headers['webhook-signature']), body, answered,
        });
        response.writeHead(answered).end();
      });
    });
    server.listen(port, '127.0.0.1', () => {
      port = (server?.address() as AddressInfo).port;
      resolve();
    });
  });
  return {
    received,
    listen,
    url: () => `http://127.0.0.1:${port}/hooks/portal`,
    set: (next: 'failing' | 'up') => { mode = next; },
    close: () => new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
      server = null;
    }),
  };
}

/** The Standard Webhooks check, written from the specification and not from the gateway's code. */
function signedBy(secret: string, message: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${message.id}.${message.timestamp}.${message.body}`).digest();
  return message.signature.split(' ').some((part) => {
    const [version, value = ''] = part.split(',');
    const given = Buffer.from(value, 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const operator = (order: string, action: ordersContract.OrderAction, extra: Record<string, string> = {}) =>
  call(gw, 'POST', '/ops/orders/Action', { body: { order, action, ...extra }, headers: { authorization: `Operator ${OPERATOR_KEY}` } });

/** An order placed with 'files later' for a project entered by hand: the order.placed event. */
async function placeAwaitingFiles(title: string): Promise<{ id: number; number: string; lineId: number }> {
  const projectId = await pricedProject(gw, { clientId, ownerUserId: owner.id, title, uploadId: null });
  await addToCart(gw, owner.token, projectId);
  const placed = await call(gw, 'POST', cart.checkout.path, {
    token: owner.token,
    body: {
      idempotencyKey: randomUUID(), clientId, payerId: data.payerId, contactId: data.contactId,
      delivery: { kind: 'warehouse', endpointId: warehouse, deliverySettingId: null }, comment: '',
      lineIds: [await lineOf(gw, owner.id, projectId)], filesLater: true,
    },
  });
  expect(placed.status).toBe(200);
  const { orderId } = placed.body as cart.PlacedOrder;
  const order = (await call(gw, 'GET', `${ordersContract.getOrder.path}?id=${orderId}`, { token: owner.token })).body as ordersContract.Order;
  return { id: orderId, number: order.number, lineId: order.lines[0]?.id ?? 0 };
}

async function attachFiles(order: { id: number; lineId: number }): Promise<void> {
  const uploadId = await makeUpload(gw, { clientId, userId: owner.id });
  await storeUploadFiles(gw, uploadId, [{ name: 'board.GTL', content: 'G04 top*\nM02*\n' }]);
  const attached = await call(gw, 'POST', ordersContract.attachOrderFiles.path, {
    token: owner.token,
    body: { orderId: order.id, lineId: order.lineId, uploadId },
  });
  expect(attached.status).toBe(200);
}

const eventName = (message: Received) => {
  const payload = JSON.parse(message.body) as { type: string; data: { action?: string } };
  return payload.data.action ? `${payload.type}:${payload.data.action}` : payload.type;
};
const orderOf = (message: Received) => (JSON.parse(message.body) as { data: { orderId: number } }).data.orderId;

beforeAll(async () => {
  gw = await startGateway({
    now: clock.now, operatorKey: OPERATOR_KEY,
    // Retries at 30 s and then every 60 s of the gateway's clock; the workers look often in real time.
    webhooks: { retrySeconds: [30, 60], pollMs: 25, timeoutSeconds: 5, leaseSeconds: 30 },
  });
  owner = await person(gw, 'wh-owner', 'Вера', 'Вебхукова');
  clientId = await makeClient(gw, { name: 'Вебхуки' }, [[owner, 1]]);
  data = await orderingData(gw, clientId, 'Вебхуки');
  warehouse = (await endpointOf(gw, 'warehouse')).id;
  adminToken = (await enrolledStaff(gw, clock, 'admin@fab.example', 'admin', 'cli')).token;
});

afterAll(async () => { await gw.close(); });

describe('registering an endpoint', () => {
  it('names the field of a bad address or event, and takes none', async () => {
    const cases = [
      [{ url: 'not a url', events: ['order.placed'] }, 'url'],
      [{ url: 'ftp://erp.example/hooks', events: ['order.placed'] }, 'url'],
      [{ url: 'https://user:pass@erp.example/hooks', events: ['order.placed'] }, 'url'],
      [{ url: '', events: ['order.placed'] }, 'url'],
      [{ url: 'https://erp.example/hooks', events: ['order.shipped'] }, 'events.0'],
      [{ url: 'https://erp.example/hooks', events: [] }, 'events'],
      [{ url: 'https://erp.example/hooks', events: 'order.placed' }, 'events'],
      [{ url: 'https://erp.example/hooks', events: ['order.placed'], description: 'x'.repeat(201) }, 'description'],
    ] as const;
    for (const [body, field] of cases) {
      const answer = await staffCall(gw, '/staff/webhooks/Create', body, adminToken);
      expect([answer.status, answer.json.field], JSON.stringify(body)).toEqual([400, field]);
    }
    const listed = await staffCall(gw, '/staff/webhooks/List', {}, adminToken);
    expect(listed.json.endpoints).toEqual([]);
  });

  it('refuses http:// in production unless WEBHOOK_ALLOW_HTTP allows it', async () => {
    for (const [allowHttp, status] of [[false, 400], [true, 200]] as const) {
      const prod = await startGateway({ production: true, now: clock.now, operatorKey: OPERATOR_KEY, webhooks: { allowHttp } });
      try {
        const admin = (await enrolledStaff(prod, clock, 'admin@fab.example', 'admin', 'cli')).token;
        const answer = await staffCall(prod, '/staff/webhooks/Create', { url: 'http://erp.plant.local/hooks', events: ['order.placed'] }, admin);
        expect([answer.status, answer.json.field ?? null]).toEqual([status, status === 400 ? 'url' : null]);
        const https = await staffCall(prod, '/staff/webhooks/Create', { url: 'https://erp.example/hooks', events: ['order.placed'] }, admin);
        expect(https.status).toBe(200);
      } finally {
        await prod.close();
      }
    }
  });
});

describe('events to a receiver that was down', () => {
  const hook = receiver();
  let secret = '';

  beforeAll(async () => {
    await hook.listen();
    const created = await staffCall(gw, '/staff/webhooks/Create', {
      url: hook.url(), events: ['order.placed', 'order.files_attached', 'order.status_changed', 'complaint.filed'], description: '1С:УПП',
    }, adminToken);
    expect(created.status).toBe(200);
    secret = String(created.json.secret);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  });

  afterAll(async () => { await hook.close(); });

  it('arrive once each, in order per order, signed, once it is back a minute later', async () => {
    // Two orders, their events interleaved; the receiver answers 503.
    const first = await placeAwaitingFiles('Плата А');
    const second = await placeAwaitingFiles('Плата Б');
    await attachFiles(first);
    await attachFiles(second);
    expect((await operator(first.number, 'approve')).status).toBe(200);
    expect((await operator(second.number, 'hold', { reason: 'Ждём плёнку' })).status).toBe(200);
    for (const action of ['pay', 'finish'] as const) expect((await operator(first.number, action)).status).toBe(200);
    for (const action of ['release', 'approve', 'pay'] as const) expect((await operator(second.number, action)).status).toBe(200);
    expect((await operator(first.number, 'ship', { trackingNumber: 'RA123456789RU' })).status).toBe(200);
    const complained = await call(gw, 'POST', ordersContract.addOrderComplaint.path, {
      token: owner.token, body: { orderId: first.id, lineId: null, text: 'Перемычка на второй плате' },
    });
    expect(complained.status).toBe(200);
    const events = await gw.db.select().from(webhookEvents).orderBy(asc(webhookEvents.createdAt));
    expect(events).toHaveLength(15);

    // Only each order's first event is tried while the first is refused: the next waits for it.
    await until('the first attempts', () => hook.received.length >= 2);
    await hook.close();
    clock.advance(30);
    await until('the second attempts', async () => {
      const rows = await gw.db.select().from(webhookDeliveries);
      return rows.filter((row) => row.attempts >= 2).length === 2;
    });
    expect(new Set(hook.received.map(eventName))).toEqual(new Set(['order.placed']));
    const during = await staffCall(gw, '/staff/webhooks/List', {}, adminToken);
    expect(during.json.endpoints).toMatchObject([{ waiting: 15, failed: 0, lastError: expect.stringContaining('ECONNREFUSED') }]);

    // Back a minute after the first refusal: everything arrives, each order's events in the order written.
    hook.set('up');
    await hook.listen();
    clock.advance(60);
    await until('every event delivered', () => hook.received.filter((message) => message.answered === 204).length >= 15);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const delivered = hook.received.filter((message) => message.answered === 204);
    expect(delivered.map((message) => message.id).sort()).toEqual(events.map((event) => event.id).sort());
    expect(hook.received.every((message) => signedBy(secret, message))).toBe(true);
    const sequenceOf = (orderId: number) => delivered.filter((message) => orderOf(message) === orderId).map(eventName);
    expect(sequenceOf(first.id)).toEqual([
      'order.placed', 'order.files_attached', 'order.status_changed:release', 'order.status_changed:approve',
      'order.status_changed:pay', 'order.status_changed:finish', 'order.status_changed:ship', 'complaint.filed',
    ]);
    expect(sequenceOf(second.id)).toEqual([
      'order.placed', 'order.files_attached', 'order.status_changed:release', 'order.status_changed:hold',
      'order.status_changed:release', 'order.status_changed:approve', 'order.status_changed:pay',
    ]);
    // A repeated attempt carries the same id, so a receiver drops a duplicate by it; the body says what happened.
    const placed = JSON.parse(delivered[0]?.body ?? '{}') as { type: string; data: Record<string, unknown> };
    expect(placed).toMatchObject({ type: 'order.placed', data: { status: 'on_check', held: true, holdCode: 'filesAwaited' } });
    const rows = await gw.db.select().from(webhookDeliveries);
    expect(rows.every((row) => row.status === 'delivered')).toBe(true);
    const listed = await staffCall(gw, '/staff/webhooks/List', {}, adminToken);
    expect(listed.json.endpoints).toMatchObject([{ waiting: 0, failed: 0, lastError: null }]);
  }, 60_000);

  it('a delivery claimed by a gateway that died is posted by another once its lease runs out, and holds its order\'s next event back till then', async () => {
    const orderId = 999_001;
    const before = hook.received.length;
    // As a gateway that claimed the first event and died would leave it: 'sending' under a lease of 30 s.
    const ids = await gw.db.transaction(async (tx) => {
      for (const action of ['approve', 'pay'] as const) {
        await emitEvent(
          tx,
          {
            type: 'order.status_changed',
            orderId,
            data: {
              orderId,
              number: 'ПП-2026-99001',
              action,
              status: 'waiting_for_payment',
              held: false,
              holdReason: null,
              trackingNumber: null,
              by: 'operator',
            },
          },
          clock.now(),
        );
      }
      const rows = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.orderId, orderId)).orderBy(asc(webhookDeliveries.id));
      await tx.update(webhookDeliveries).set({ status: 'sending', attempts: 1, leaseOwner: 'crashed', leaseUntil: new Date(clock.now().getTime() + 30_000) })
        .where(eq(webhookDeliveries.id, rows[0]?.id ?? 0));
      return rows.map((row) => row.eventId);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hook.received.slice(before).filter((message) => orderOf(message) === orderId)).toEqual([]);
    clock.advance(31);
    const ofOrder = () => hook.received.slice(before).filter((message) => orderOf(message) === orderId);
    await until('both events', () => ofOrder().length >= 2);
    expect(ofOrder().map((message) => message.id)).toEqual(ids);
  }, 60_000);

  it('are dropped with their deliveries once past the keeping time, unless one still waits', async () => {
    const orderId = 999_002;
    await hook.close();
    await gw.db.transaction(async (tx) => emitEvent(tx, {
      type: 'complaint.filed', orderId, data: { orderId, number: 'ПП-2026-99002', complaintId: 1, lineId: null, text: 'Ждёт' },
    }, clock.now()));
    const waiting = async () => (await gw.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.orderId, orderId)))[0];
    await until('the waiting one tried', async () => (await waiting())?.attempts === 1 && (await waiting())?.status === 'queued');
    const later = new Date(clock.now().getTime() + 31 * 24 * 3600_000);
    await sweepExpired(gw.db, later, { rateWindowSeconds: 900, outboxKeepDays: 30 });
    expect((await gw.db.select().from(webhookEvents)).map((event) => event.id)).toEqual([(await waiting())?.eventId]);
    expect(await gw.db.select().from(webhookDeliveries)).toHaveLength(1);
  }, 60_000);
});

describe('an endpoint whose secret no longer opens', () => {
  it('is not posted to unsigned: its last error says to register it again', async () => {
    const orderId = 999_003;
    const otherKey = createSeal('a signing secret since changed', 'webhook secrets');
    const [endpoint] = await gw.db.insert(webhookEndpoints).values({
      url: 'https://erp.example.ru/hooks', events: ['complaint.filed'], secretSealed: otherKey.close('whsec_c2VjcmV0'),
    }).returning({ id: webhookEndpoints.id });
    await gw.db.transaction(async (tx) => emitEvent(tx, {
      type: 'complaint.filed', orderId, data: { orderId, number: 'ПП-2026-99003', complaintId: 2, lineId: null, text: 'Ждёт' },
    }, clock.now()));
    const listed = async () => ((await staffCall(gw, '/staff/webhooks/List', {}, adminToken)).json.endpoints as { id: number; lastError: string | null }[])
      .find((one) => one.id === endpoint?.id);
    await until('the attempt recorded', async () => (await listed())?.lastError !== null);
    expect((await listed())?.lastError).toContain('register the endpoint again');
  }, 60_000);
});

