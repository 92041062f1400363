import { and, eq } from 'drizzle-orm';
import { editsOrderingData } from '../../src/contract/clients';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { clientUsers, orders } from '../db/schema-business';
import { ApiError } from '../http/errors';
import { orderNotFound } from './lifecycle';

export type OrderRow = typeof orders.$inferSelect;

/** What a call needs of the caller's role in the order's client: any member, or roles 1, 2, 3, 5 (ordering). */
export type OrderNeed = 'member' | 'order';

/**
 * The order with the caller's role in its client, in one query. A missing id and an order of a client the caller
 * is not a member of answer the same 404, so ids of other clients cannot be probed; too low a role is 403.
 */
export async function requireOrder(db: Db, userId: number, rawId: number, need: OrderNeed, field = 'id'): Promise<{ row: OrderRow; role: number }> {
  const id = asDbId(rawId);
  const [found] = id === null ? [] : await db.select({ row: orders, role: clientUsers.role }).from(orders)
    .innerJoin(clientUsers, and(eq(clientUsers.clientId, orders.clientId), eq(clientUsers.userId, userId)))
    .where(eq(orders.id, id));
  if (!found) throw orderNotFound(field);
  if (need === 'order' && !editsOrderingData(found.role)) {
    throw new ApiError(403, 'orderRoleForbidden', {}, { field, code: 'forbidden' });
  }
  return found;
}

/** Reviews and complaints are about boards the customer has: in stock or shipped. */
export const isReceived = (status: string): boolean => status === 'in_stock' || status === 'shipped';
