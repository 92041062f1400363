import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { clientUsers } from '../db/schema';
import { orders } from './schema';
import { createNotifications } from '../notifications/create';
import type { OrderStatus } from '../../src/contract/orders';
import { emitEvent } from '../webhooks/events';

/**
 * Gives every member of the order's client an OrderStatusChanged notification for the order as it now is; a system
 * hold carries its code, so the app says it in the reader's language.
 */
export async function notifyOrderChange(tx: Db, orderId: number, now: Date): Promise<void> {
  const [order] = await tx.select({
    id: orders.id, number: orders.number, clientId: orders.clientId, status: orders.status,
    holdReason: orders.holdReason, holdCode: orders.holdCode, trackingNumber: orders.trackingNumber,
  }).from(orders).where(eq(orders.id, orderId));
  if (!order) return;
  const members = await tx.select({ userId: clientUsers.userId }).from(clientUsers).where(eq(clientUsers.clientId, order.clientId));
  const content = {
    OrderId: order.id, OrderNumber: order.number, Status: order.status as OrderStatus,
    HoldReason: order.holdReason, ...(order.holdCode ? { HoldCode: order.holdCode } : {}), TrackingNumber: order.trackingNumber,
  };
  await createNotifications(tx, members.map(({ userId }) => ({ userId, type: 'OrderStatusChanged' as const, content })), now);
}

/**
 * Tells the manufacturer's systems (webhooks) of a hold placed outside the lifecycle's actions: the system's review
 * hold, an engineer's question, the order back at the engineer. Read after the change, in its transaction.
 */
export async function emitOrderHold(tx: Db, orderId: number, by: 'system' | 'staff', now: Date): Promise<void> {
  const [order] = await tx.select({
    number: orders.number, status: orders.status, holdReason: orders.holdReason, trackingNumber: orders.trackingNumber,
  }).from(orders).where(eq(orders.id, orderId));
  if (!order) return;
  await emitEvent(tx, {
    type: 'order.status_changed', orderId,
    data: { orderId, number: order.number, action: 'hold', status: order.status as OrderStatus, held: true, holdReason: order.holdReason,
      trackingNumber: order.trackingNumber, by },
  }, now);
}
