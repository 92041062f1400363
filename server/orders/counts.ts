import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { orderCounts, orders } from './schema';
import type { OrderStatus } from '../../src/contract/orders';

/** The key of one row of `order_counts`. */
export interface OrderCountKey { status: OrderStatus; held: boolean; isFavorite: boolean }

const sameKey = (a: OrderCountKey, b: OrderCountKey) => a.status === b.status && a.held === b.held && a.isFavorite === b.isFavorite;

const rowOf = (clientId: number, key: OrderCountKey) =>
  and(eq(orderCounts.clientId, clientId), eq(orderCounts.status, key.status), eq(orderCounts.held, key.held),
    eq(orderCounts.isFavorite, key.isFavorite));

/**
 * Moves one order of `clientId` from one count to another in the caller's transaction (null: created / deleted).
 * Rows that reach 0 are deleted, so the table always equals what `recountOrders` would write.
 */
export async function moveOrderCount(tx: Db, clientId: number, from: OrderCountKey | null, to: OrderCountKey | null): Promise<void> {
  if (from && to && sameKey(from, to)) return;
  if (from) {
    await tx.update(orderCounts).set({ orders: sql`${orderCounts.orders} - 1` }).where(rowOf(clientId, from));
    await tx.delete(orderCounts).where(and(rowOf(clientId, from), sql`${orderCounts.orders} <= 0`));
  }
  if (to) {
    await tx.insert(orderCounts).values({ clientId, ...to, orders: 1 })
      .onConflictDoUpdate({
        target: [orderCounts.clientId, orderCounts.status, orderCounts.held, orderCounts.isFavorite],
        set: { orders: sql`${orderCounts.orders} + 1` },
      });
  }
}

/** Recounts `order_counts` from `orders` (after bulk inserts: seeds, the bench); one client or all. */
export async function recountOrders(tx: Db, clientId?: number): Promise<void> {
  const only = clientId === undefined ? sql`true` : sql`${orders.clientId} = ${clientId}`;
  await tx.delete(orderCounts).where(clientId === undefined ? undefined : eq(orderCounts.clientId, clientId));
  await tx.execute(sql`
    insert into ${orderCounts} (client_id, status, held, is_favorite, orders)
    select ${orders.clientId}, ${orders.status}, ${orders.holdReason} is not null, ${orders.isFavorite}, count(*)::int
    from ${orders} where ${only}
    group by 1, 2, 3, 4`);
}

/** The count key of an order row as stored: held while it has a hold reason. */
export const countKeyOf = (row: { status: string; holdReason: string | null; isFavorite: boolean }): OrderCountKey => ({
  status: row.status as OrderStatus, held: row.holdReason !== null, isFavorite: row.isFavorite,
});
