import { asc, eq } from 'drizzle-orm';
import type { OrderLetter } from '../../src/contract/letters';
import { legalName } from '../../src/contract/legal-name';
import type { OrderAction, OrderStatus } from '../../src/contract/orders';
import type { Db } from '../db/connect';
import { clients } from '../db/schema';
import { orderLines, orders } from './schema';
import { findOrderInvoice } from './invoices/files';
import type { OrderLetterFacts } from '../letters/order-letters';
import { queueOrderLetter, type LetterPost } from '../letters/queue';
import { deliveryOf } from './delivery';
import { holdReasonIn } from './holds';

/** The lifecycle's actions a customer is told of by letter; the rest show on the order page only. */
export const LETTER_OF_ACTION: Readonly<Partial<Record<OrderAction, OrderLetter>>> = {
  hold: 'held', approve: 'invoiced', pay: 'paid', ship: 'shipped',
};

/** The order as its letter tells it, read in the transaction that changed it. */
async function factsOf(tx: Db, orderId: number): Promise<OrderLetterFacts> {
  const [found] = await tx.select({ order: orders, clientName: clients.name, clientFullName: clients.fullName })
    .from(orders).innerJoin(clients, eq(clients.id, orders.clientId)).where(eq(orders.id, orderId));
  if (!found) throw new Error(`order ${orderId} vanished before its letter`);
  const { order } = found;
  const lines = await tx.select({ title: orderLines.title, quantity: orderLines.quantity, total: orderLines.total, days: orderLines.days })
    .from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
  const reasonIn = (lang: 'ru' | 'en') => holdReasonIn(lang, order.holdReason, order.holdCode) ?? '';
  return {
    orderId, number: order.number, clientId: order.clientId, clientName: found.clientName, placedByUserId: order.placedByUserId,
    status: order.status as OrderStatus, holdCode: order.holdCode,
    holdReason: order.holdReason === null ? null : { ru: reasonIn('ru'), en: reasonIn('en') },
    total: order.total, createdAt: order.createdAt, payerName: order.payer ? legalName(order.payer) : found.clientFullName,
    delivery: deliveryOf(order.delivery), trackingNumber: order.trackingNumber, lines, invoice: await findOrderInvoice(tx, orderId),
  };
}

/**
 * Queues the letter of what just happened to the order: its placing, or a lifecycle action that has one. Called
 * inside the change's transaction, after the order row is written.
 */
export async function queueLetterOfOrder(letters: LetterPost, tx: Db, orderId: number, event: OrderAction | 'place'): Promise<void> {
  const letter = event === 'place' ? 'placed' : LETTER_OF_ACTION[event];
  if (!letter) return;
  const facts = await factsOf(tx, orderId);
  // Placed held at the check (files awaited, an engineer's review), the letter tells the hold too.
  const kinds: OrderLetter[] = letter === 'placed' && facts.holdReason !== null ? ['placed', 'held'] : [letter];
  await queueOrderLetter(letters, tx, kinds, facts);
}
