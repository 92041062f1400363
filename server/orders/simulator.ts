import { and, asc, eq, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { clients } from '../db/schema';
import { orders } from './schema';
import type { LetterPost } from '../letters/queue';
import { applyOrderAction, demoTrackingNumber, orderStateOf, usualNextAction } from './lifecycle';

export interface SimulatorOptions {
  db: Db;
  /** An order moves on once its status has been unchanged this long. */
  seconds: number;
  now: () => Date;
  /** The demo customers get the letters the operator's actions send. */
  letters: LetterPost;
  onError: (error: unknown, orderId: number | null) => void;
}

/** Orders the simulator has nothing more to do with. */
const FINISHED = ['shipped', 'canceled'];

/** Arbitrary constant naming the simulator's advisory lock (the start-up lock is 72_540_001). */
const SIMULATOR_LOCK = 72_540_002;
/** Orders one pass moves at most: the pass holds its transaction (and PGlite's one connection) meanwhile. */
const PASS_LIMIT = 200;

/**
 * One pass: every unfinished order of a demo client whose status is older than the interval goes one step along
 * the usual path (a held stage is released, shipping gets a made-up tracking number), each through the lifecycle
 * in a savepoint of its own, so customers get the same notifications as from the operator. A failing order is
 * reported and the others still move. Customers' orders (clients not seeded as demo) are never touched.
 *
 * An order awaiting its files is not the simulator's to move: it waits for the customer; one held for an engineer's
 * review waits for the operator.
 *
 * Gateways sharing one PostgreSQL each run the simulator: the pass's transaction takes a transaction-level
 * advisory lock first, and a gateway that does not get it skips the pass, so an order never steps twice at once.
 * Answers how many moved (0 when another gateway holds the pass).
 */
export async function simulateOrders(options: SimulatorOptions): Promise<number> {
  const now = options.now();
  return options.db.transaction(async (tx) => {
    // node-postgres and PGlite both answer { rows }; the driver-neutral type leaves it unknown.
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${SIMULATOR_LOCK}) as held`) as { rows?: Array<{ held?: unknown }> };
    if (lock.rows?.[0]?.held !== true) return 0;
    const due = await tx.select({ id: orders.id, status: orders.status, holdReason: orders.holdReason, filesAwaited: orders.filesAwaited })
      .from(orders).innerJoin(clients, eq(clients.id, orders.clientId))
      .where(and(
        eq(clients.isDemo, true),
        notInArray(orders.status, FINISHED),
        // Only the files move such an order (the lifecycle refuses the rest); left in, they would fill every pass.
        eq(orders.filesAwaited, false),
        // Nor does it play the engineer: whether a board with DFM errors can be made is a person's call.
        or(isNull(orders.holdCode), ne(orders.holdCode, 'dfmReview')),
        lt(orders.statusChangedAt, new Date(now.getTime() - options.seconds * 1000)),
      ))
      .orderBy(asc(orders.statusChangedAt), asc(orders.id)).limit(PASS_LIMIT);
    let count = 0;
    for (const order of due) {
      const action = usualNextAction(orderStateOf(order));
      if (!action) continue;
      try {
        await applyOrderAction(tx, {
          orderId: order.id, action, trackingNumber: action === 'ship' ? demoTrackingNumber() : null, now, by: 'simulator',
          letters: options.letters,
        });
        count += 1;
      } catch (error) {
        options.onError(error, order.id);
      }
    }
    return count;
  });
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
