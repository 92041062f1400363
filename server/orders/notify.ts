import type { Db } from '../db/connect';

/** Gives every member of the order's client an OrderStatusChanged notification for the order as it now is. */
export async function notifyOrderChange(tx: Db, orderId: number, now: Date): Promise<void> {
  void tx; void orderId; void now;
  throw new Error('notifyOrderChange: not written yet (orders helper)');
}
