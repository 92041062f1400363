import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderAction } from '../../src/contract/orders';
import type { Db } from '../../server/db/connect';
import { webhookDeliveries, webhookEndpoints } from '../../server/webhooks/schema';
import { createSeal } from '../../server/delivery/seal';
import { emitEvent } from '../../server/webhooks/events';
import { startGatewayProcess, type GatewayProcess } from './gateway-process';
import { startPgCluster, type PgCluster } from './pg-cluster';

/**
 * Gateway processes on one PostgreSQL share the webhook deliveries — each event once, in order per order —
 * and a gateway killed while a receiver holds its post leaves that post to another when its lease runs out.
 */

const JWT_SECRET = 'test-secret-for-the-gateway-tests-only';
const LEASE_SECONDS = 2;
let cluster: PgCluster;
let pool: pg.Pool;
let db: Db;
let storeDir: string;
let server: Server;
let url = '';
const gateways: GatewayProcess[] = [];

interface Arrival { id: string; orderId: number; action: string }
const arrivals: Arrival[] = [];
/** While set, the next post is held unanswered (its gateway is then killed); `release` lets the ones after it through. */
let holding = false;
let onHeld: (() => void) | null = null;

function receive(request: IncomingMessage, response: ServerResponse): void {
  let body = '';
  request.on('data', (chunk: Buffer) => { body += chunk.toString('utf8'); });
  request.on('end', () => {
    const payload = JSON.parse(body) as { data: { orderId: number; action: string } };
    arrivals.push({ id: String(request.headers['webhook-id']), orderId: payload.data.orderId, action: payload.data.action });
    if (holding) {
      holding = false;
      onHeld?.();
      return;
    }
    setTimeout(() => response.writeHead(204).end(), 20);
  });
}

const env = () => ({
  DATABASE_URL: cluster.url, FILE_STORE_DIR: storeDir, LOG_LEVEL: 'info', JWT_SECRET,
  OPERATOR_KEY: 'test-operator-key-for-the-gateway-tests', SEED_DEMO: '0', BOARD_JOBS_PER_GATEWAY: '0', ORDER_SIMULATOR_SECONDS: '0',
  WEBHOOK_POLL_SECONDS: '0.1', WEBHOOK_RETRY_SECONDS: '1', WEBHOOK_TIMEOUT_SECONDS: '1', WEBHOOK_LEASE_SECONDS: String(LEASE_SECONDS),
});

async function startOne(): Promise<GatewayProcess> {
  const gateway = await startGatewayProcess(env());
  gateways.push(gateway);
  return gateway;
}

beforeAll(async () => {
  cluster = await startPgCluster();
  storeDir = mkdtempSync(join(tmpdir(), 'webhook-gateways-files-'));
  server = createServer(receive);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  await startOne();
  await startOne();
  pool = new pg.Pool({ connectionString: cluster.url, max: 2 });
  pool.on('error', () => undefined);
  db = drizzle({ client: pool }) as unknown as Db;
  await db.insert(webhookEndpoints).values({
    url, events: ['order.status_changed'], secretSealed: createSeal(JWT_SECRET, 'webhook secrets').close('whsec_c2VjcmV0LW9mLXRoZS13ZWJob29rLXRlc3Rz'),
  });
}, 120_000);

afterAll(async () => {
  await Promise.all(gateways.filter((gateway) => gateway.alive()).map((gateway) => gateway.kill()));
  await pool?.end();
  cluster?.stop();
  server?.closeAllConnections();
  server?.close();
  rmSync(storeDir, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((resolve) => { setTimeout(resolve, ms); });

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await pause(50);
  }
}

/** An operator's move of an order, as lifecycle.ts writes it, in a transaction of its own. */
const move = (orderId: number, action: OrderAction) => db.transaction((tx) => emitEvent(tx, {
  type: 'order.status_changed', orderId,
  data: { orderId, number: `ПП-2026-${orderId}`, action, status: 'in_progress', held: false, holdReason: null, trackingNumber: null, by: 'operator' },
}, new Date()));

const deliveredBy = (gateway: GatewayProcess) => gateway.output().split('\n').filter((line) => line.includes('"msg":"webhook delivered"')).length;
const ownerPid = (owner: string | null | undefined) => Number(owner?.split(':')[1]);
const ACTIONS: OrderAction[] = ['approve', 'hold', 'release', 'pay', 'finish'];

describe('gateways sharing the webhook deliveries', () => {
  it('post 40 events of 8 orders between two of them, each once and each order\'s in order', async () => {
    const orders = Array.from({ length: 8 }, (_item, index) => 1000 + index);
    for (const action of ACTIONS) for (const orderId of orders) await move(orderId, action);
    await until('40 events arrived', () => arrivals.length >= 40);
    await pause(500);
    expect(arrivals).toHaveLength(40);
    expect(new Set(arrivals.map((arrival) => arrival.id)).size).toBe(40);
    for (const orderId of orders) {
      expect(arrivals.filter((arrival) => arrival.orderId === orderId).map((arrival) => arrival.action), String(orderId)).toEqual(ACTIONS);
    }
    const [a, b] = gateways as [GatewayProcess, GatewayProcess];
    console.log(`gateway A posted ${deliveredBy(a)} of the 40 events, gateway B ${deliveredBy(b)}`);
    expect(deliveredBy(a)).toBeGreaterThan(0);
    expect(deliveredBy(b)).toBeGreaterThan(0);
  }, 60_000);

  it('post again, after the lease, the event whose gateway was killed mid-post, and the order\'s next ones after it', async () => {
    const orderId = 2000;
    const before = arrivals.length;
    holding = true;
    const held = new Promise<void>((resolve) => { onHeld = resolve; });
    for (const action of ['approve', 'pay', 'finish'] as const) await move(orderId, action);
    await held;
    const [first] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.orderId, orderId)).orderBy(webhookDeliveries.id);
    const holder = gateways.find((gateway) => gateway.pid === ownerPid(first?.leaseOwner));
    const other = gateways.find((gateway) => gateway !== holder && gateway.alive());
    if (!holder || !other) throw new Error('the held post has no gateway holding it');
    await holder.kill();
    await until('the three events delivered', async () => {
      const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.orderId, orderId));
      return rows.length === 3 && rows.every((row) => row.status === 'delivered');
    });
    const seen = arrivals.slice(before).filter((arrival) => arrival.orderId === orderId);
    // The held post again under the same webhook-id (the receiver drops the repeat), then the others, in order.
    expect(seen.map((arrival) => arrival.action)).toEqual(['approve', 'approve', 'pay', 'finish']);
    expect(seen[0]?.id).toBe(seen[1]?.id);
    expect(other.alive()).toBe(true);
    expect(other.output()).not.toMatch(/unhandled|uncaught|"level":60/i);
  }, 60_000);
});
