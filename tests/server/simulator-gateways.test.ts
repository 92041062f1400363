import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { orders, orderStatusHistory } from '../../server/orders/schema';
import { letterPostOf } from '../../server/letters/queue';
import { simulateOrders } from '../../server/orders/simulator';
import { makeClient } from './client-fixtures';
import { createClock, startGateway } from './helpers';
import { makeOrder } from './orders-fixtures';
import { startPgCluster, type PgCluster } from './pg-cluster';

/**
 * Two demo gateways on one PostgreSQL both run the simulator; a pass is one gateway's at a time, so each
 * due order steps once per interval, and an order of a customer (a client not seeded as demo) never moves.
 */

const clock = createClock(new Date('2025-09-01T09:00:00Z'));
let cluster: PgCluster;
let a: Gateway;
let b: Gateway;
let customerOrder: { id: number };
const errors: unknown[] = [];

const pass = (gateway: Gateway) => simulateOrders({
  db: gateway.db, seconds: 60, now: clock.now, letters: letterPostOf(gateway.context), onError: (error) => { errors.push(error); },
});

const historyCounts = async (gateway: Gateway) => Object.fromEntries((await gateway.db
  .select({ id: orderStatusHistory.orderId, count: sql<number>`count(*)::int` }).from(orderStatusHistory)
  .groupBy(orderStatusHistory.orderId)).map((row) => [row.id, row.count]));

beforeAll(async () => {
  cluster = await startPgCluster();
  a = await startGateway({ databaseUrl: cluster.url, seedDemo: true, orderSimulatorSeconds: 0, now: clock.now });
  b = await startGateway({ databaseUrl: cluster.url, seedDemo: true, orderSimulatorSeconds: 0, now: clock.now });
  const customer = await makeClient(a, { name: 'Настоящий покупатель' }, []);
  customerOrder = await makeOrder(a, { clientId: customer, status: 'waiting_for_payment', at: new Date('2025-08-01T09:00:00Z') });
  // Each step of an order takes a while, so the two gateways' passes surely overlap.
  await a.db.execute(sql.raw(`create function slow_step() returns trigger as $$ begin perform pg_sleep(0.05); return new; end $$
    language plpgsql`));
  await a.db.execute(sql`create trigger slow_step before update on orders for each row execute function slow_step()`);
}, 60_000);

afterAll(async () => {
  await a.close();
  await b.close();
  cluster.stop();
});

describe('the simulator on two gateways', () => {
  it('steps every due demo order exactly once per interval, one gateway per pass, and never a customer\'s order', async () => {
    for (let round = 0; round < 3; round += 1) {
      const before = await historyCounts(a);
      const moved = await Promise.all([pass(a), pass(b)]);
      const after = await historyCounts(a);
      const stepped = Object.keys(after).filter((id) => after[id] !== before[id]);
      expect(errors).toEqual([]);
      // One gateway did the whole pass; the other found the lock taken (or, later, nothing due).
      expect(Math.min(...moved)).toBe(0);
      expect(Math.max(...moved)).toBe(stepped.length);
      for (const id of stepped) expect(after[id]).toBe((before[id] ?? 0) + 1);
      if (round === 0) expect(stepped.length).toBeGreaterThan(3);
      clock.advance(61);
    }
    const [customers] = await a.db.select().from(orders).where(eq(orders.id, customerOrder.id));
    expect(customers?.status).toBe('waiting_for_payment');
    expect((await historyCounts(a))[customerOrder.id]).toBe(1);
  }, 60_000);
});
