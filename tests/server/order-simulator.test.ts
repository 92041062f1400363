import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Gateway } from '../../server/app';
import { resolveConfig } from '../../server/config';
import { orders } from '../../server/orders/schema';
import { letterPostOf } from '../../server/letters/queue';
import { demoTrackingNumber } from '../../server/orders/lifecycle';
import { simulateOrders, startOrderSimulator } from '../../server/orders/simulator';
import { createClock, startGateway } from './helpers';
import { countsOf, notificationsOfType } from './orders-fixtures';

/**
 * In demo mode the simulator plays the factory — every order whose status has not changed for the
 * interval moves one step along the usual path. Driven by an injected clock and by hand, never by waiting.
 */

const clock = createClock(new Date('2025-09-01T09:00:00Z'));
let gw: Gateway;
const errors: Array<[unknown, number | null]> = [];
const options = () => ({
  db: gw.db, seconds: 60, now: clock.now, letters: letterPostOf(gw.context),
  onError: (error: unknown, orderId: number | null) => { errors.push([error, orderId]); },
});

const states = async () => Object.fromEntries((await gw.db.select().from(orders).orderBy(asc(orders.number)))
  .map((row) => [row.number, `${row.status}${row.holdReason ? ' held' : ''}`]));

/** Until the gateway's outbox holds no letter still to send. */
async function untilLettersSent(gateway: Gateway): Promise<void> {
  for (let waited = 0; (await gateway.context.delivery.waiting()).count > 0; waited += 50) {
    if (waited > 15_000) throw new Error('the first gateway did not send its letters');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  gw = await startGateway({ now: clock.now, orderSimulatorSeconds: 0 });
});

afterAll(async () => {
  await gw.close();
});

beforeEach(() => {
  errors.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the order simulator', () => {
  it('moves every due order one step, releasing a held one, and leaves finished ones', async () => {
    expect(await states()).toEqual({
      'ПП-2025-00101': 'waiting_for_payment', 'ПП-2025-00102': 'on_check held', 'ПП-2025-00103': 'in_progress',
      'ПП-2025-00104': 'shipped', 'ПП-2025-00105': 'in_stock', 'ПП-2025-00106': 'waiting_for_payment', 'ПП-2025-00107': 'in_progress',
    });
    const notes = (await notificationsOfType(gw, 'OrderStatusChanged')).length;
    expect(await simulateOrders(options())).toBe(6);
    expect(await states()).toEqual({
      'ПП-2025-00101': 'in_progress', 'ПП-2025-00102': 'on_check', 'ПП-2025-00103': 'in_stock',
      'ПП-2025-00104': 'shipped', 'ПП-2025-00105': 'shipped', 'ПП-2025-00106': 'in_progress', 'ПП-2025-00107': 'in_stock',
    });
    const [shipped] = await gw.db.select().from(orders).where(eq(orders.number, 'ПП-2025-00105'));
    expect(shipped?.trackingNumber).toMatch(/^RA\d{9}RU$/);
    // Members are told as when the operator moves an order: 3 orders of «Электронные системы» (2 members), 3 of clients with 1.
    expect((await notificationsOfType(gw, 'OrderStatusChanged')).length - notes).toBe(3 * 2 + 3 * 1);
    expect(errors).toEqual([]);
  });

  it('waits for the interval after each change', async () => {
    expect(await simulateOrders(options())).toBe(0);
    clock.advance(59);
    expect(await simulateOrders(options())).toBe(0);
    clock.advance(2);
    expect(await simulateOrders(options())).toBe(5);
    expect(await states()).toMatchObject({ 'ПП-2025-00102': 'waiting_for_payment', 'ПП-2025-00101': 'in_stock' });
    const [client] = await gw.db.select({ id: orders.clientId }).from(orders).where(eq(orders.number, 'ПП-2025-00101'));
    const counts = await countsOf(gw, client?.id ?? 0);
    expect(counts.kept).toEqual(counts.counted);
  });

  it('reports an order that fails and still moves the others', async () => {
    const [broken] = await gw.db.select().from(orders).where(eq(orders.number, 'ПП-2025-00106'));
    await gw.db.execute(sql.raw(`create function refuse_order() returns trigger as $$ begin
      if new.id = ${broken?.id} then raise exception 'the factory is on fire'; end if; return new; end $$ language plpgsql`));
    await gw.db.execute(sql`create trigger refuse_order before update on orders for each row execute function refuse_order()`);
    clock.advance(61);
    const before = await states();
    // Left to move: 00101 (in stock), 00102 (waiting for payment) and the broken 00106.
    expect(await simulateOrders(options())).toBe(2);
    await gw.db.execute(sql`drop trigger refuse_order on orders`);
    expect(errors.map(([, orderId]) => orderId)).toEqual([broken?.id]);
    const failure = errors[0]?.[0];
    expect(failure instanceof Error ? String(failure.cause) : '').toContain('the factory is on fire');
    const after = await states();
    expect(after['ПП-2025-00106']).toBe(before['ПП-2025-00106']);
    expect(after['ПП-2025-00102']).toBe('in_progress');
  });

  it('runs on a timer, without overlapping passes, until stopped', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    clock.advance(61);
    const stop = startOrderSimulator({ ...options(), seconds: 60 });
    vi.advanceTimersByTime(15_000);
    // A second tick while the first pass runs starts nothing.
    vi.advanceTimersByTime(15_000);
    await stop();
    expect(await states()).toMatchObject({ 'ПП-2025-00102': 'in_stock', 'ПП-2025-00106': 'shipped' });
    expect(errors).toEqual([]);
    clock.advance(61);
    vi.advanceTimersByTime(60_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await states()).toMatchObject({ 'ПП-2025-00102': 'in_stock' });
  });
});

describe('simulator settings', () => {
  it('is on by default only in demo mode outside tests, and never in production', () => {
    expect(resolveConfig({}, {}).orderSimulatorSeconds).toBe(60);
    expect(resolveConfig({}, { NODE_ENV: 'production' }).orderSimulatorSeconds).toBe(0);
    expect(() => resolveConfig({}, { NODE_ENV: 'production', ORDER_SIMULATOR_SECONDS: '5' })).toThrow(/ORDER_SIMULATOR_SECONDS.*demo mode only/);
    expect(resolveConfig({}, { NODE_ENV: 'production', ORDER_SIMULATOR_SECONDS: '0' }).orderSimulatorSeconds).toBe(0);
    expect(resolveConfig({}, { NODE_ENV: 'test' }).orderSimulatorSeconds).toBe(0);
    expect(resolveConfig({}, { SEED_DEMO: '0' }).orderSimulatorSeconds).toBe(0);
    expect(resolveConfig({}, { ORDER_SIMULATOR_SECONDS: '5', NODE_ENV: 'test' }).orderSimulatorSeconds).toBe(5);
    expect(resolveConfig({}, { ORDER_SIMULATOR_SECONDS: '0' }).orderSimulatorSeconds).toBe(0);
    expect(resolveConfig({ orderSimulatorSeconds: 7 }, {}).orderSimulatorSeconds).toBe(7);
    expect(() => resolveConfig({}, { ORDER_SIMULATOR_SECONDS: '-1' })).toThrow(/ORDER_SIMULATOR_SECONDS/);
  });

  it('a gateway in demo mode moves orders by itself, and its close stops the simulator', async () => {
    // The first gateway sends the letters the tests above queued, each under a lease heartbeat (an interval): sent
    // before the clock is faked, none of them is counted with this gateway's timers below.
    await untilLettersSent(gw);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const running = await startGateway({ seedDemo: true, orderSimulatorSeconds: 60, now: createClock().now });
    const statusesOf = async () => (await running.db.select().from(orders).orderBy(asc(orders.number))).map((row) => row.status);
    const before = await statusesOf();
    // The simulator's timer ticks every quarter of the interval.
    vi.advanceTimersByTime(15_000);
    for (let waited = 0; waited < 10_000 && String(await statusesOf()) === String(before); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await statusesOf()).not.toEqual(before);
    await running.close();
    // Every timer the gateway started, the simulator's among them, is cleared.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('makes tracking numbers with a valid S10 check digit', () => {
    const values = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];
    let index = 0;
    // Digits 12345678: weighted sum 8+12+12+8+15+30+63+56 = 204, 204 mod 11 = 6, check 11 − 6 = 5.
    expect(demoTrackingNumber(() => values[index++] ?? 0)).toBe('RA123456785RU');
  });
});
