import type { Db } from '../db/connect';
import type { OrderStatus } from '../../src/contract/orders';

/** The key of one row of `order_counts`. */
export interface OrderCountKey { status: OrderStatus; held: boolean; isFavorite: boolean }

/** Moves one order of `clientId` from one count to another in the caller's transaction (null: created / deleted). */
export async function moveOrderCount(tx: Db, clientId: number, from: OrderCountKey | null, to: OrderCountKey | null): Promise<void> {
  void tx; void clientId; void from; void to;
  throw new Error('moveOrderCount: not written yet (orders helper)');
}

/** Recounts `order_counts` from `orders` (after bulk inserts: seeds, the bench); one client or all. */
export async function recountOrders(tx: Db, clientId?: number): Promise<void> {
  void tx; void clientId;
  throw new Error('recountOrders: not written yet (orders helper)');
}
