import { and, asc, lt, notInArray } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { orders } from '../db/schema-business';
import { applyOrderAction, demoTrackingNumber, orderStateOf, usualNextAction } from './lifecycle';

export interface SimulatorOptions {
  db: Db;
  /** An order moves on once its status has been unchanged this long. */
  seconds: number;
  now: () => Date;
  onError: (error: unknown, orderId: number | null) => void;
}

/** Orders the simulator has nothing more to do with. */
const FINISHED = ['shipped', 'canceled'];

/**
 * One pass: every unfinished order whose status is older than the interval goes one step along the usual path
 * (a held stage is released, shipping gets a made-up tracking number), each in its own transaction through the
 * lifecycle, so customers get the same notifications as from the operator. A failing order is reported and the
 * others still move. Answers how many moved.
 */
export async function simulateOrders(options: SimulatorOptions): Promise<number> {
  const now = options.now();
  const due = await options.db.select({ id: orders.id, status: orders.status, holdReason: orders.holdReason }).from(orders)
    .where(and(notInArray(orders.status, FINISHED), lt(orders.statusChangedAt, new Date(now.getTime() - options.seconds * 1000))))
    .orderBy(asc(orders.statusChangedAt), asc(orders.id));
  let moved = 0;
  for (const order of due) {
    const action = usualNextAction(orderStateOf(order));
    if (!action) continue;
    try {
      await applyOrderAction(options.db, {
        orderId: order.id, action, trackingNumber: action === 'ship' ? demoTrackingNumber() : null, now, by: 'simulator',
      });
      moved += 1;
    } catch (error) {
      options.onError(error, order.id);
    }
  }
  return moved;
}

/**
 * Runs `simulateOrders` on a timer (a quarter of the interval, at least a second, so an order waits about one
 * interval); a pass never overlaps the previous one. Answers the stop function, which waits for a running pass.
 */
export function startOrderSimulator(options: SimulatorOptions): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = simulateOrders(options).then(() => undefined, (error: unknown) => options.onError(error, null))
      .finally(() => { running = null; });
  };
  const timer = setInterval(tick, Math.max(1000, (options.seconds * 1000) / 4));
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
