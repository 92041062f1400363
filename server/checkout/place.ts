import { eq, inArray } from 'drizzle-orm';
import type { CheckoutRequest, PlacedOrder } from '../../src/contract/cart';
import { applyRepricing, CartPricesChanged, orderableLines, type OrderableLine } from './lines';
import { contactOf, deliveryOf, payerOf, requireCheckoutRole } from './parts';
import { lockCart } from '../cart/lines';
import type { Db } from '../db/connect';
import { cartItems } from '../cart/schema';
import { orderCheckouts } from './schema';
import { orderLines, orders, orderStatusHistory, type OrderContact, type OrderDeliverySnapshot, type OrderPayer } from '../orders/schema';
import { ApiError, uniqueViolation } from '../http/errors';
import { roundKopecks } from '../pricing/quote-lines';
import { moveOrderCount } from '../orders/counts';
import { queueLetterOfOrder } from '../orders/letters';
import { notifyOrderChange } from '../orders/notify';
import { nextOrderNumber } from '../orders/number';
import { requireManufacturable } from '../projects/manufacturable';
import { requireProjectCoversFiles } from '../projects/measured';
import type { Lang } from '../http/messages';
import type { LetterPost } from '../letters/queue';
import { emitEvent } from '../webhooks/events';
import { storedHoldReason } from '../orders/holds';
import { linesWithoutFiles, requireFilesOrLater } from '../orders/order-files';

const keyUsed = () => new ApiError(409, 'idempotencyKeyUsed', {}, { field: 'idempotencyKey', code: 'idempotencyKeyUsed' });

/**
 * The order an idempotency key already placed: the same user's key for the same client answers it again (a double
 * click, a retry after a lost answer); anyone else's key, or the key reused for another client, is 409.
 */
async function placedBefore(db: Db, userId: number, request: CheckoutRequest): Promise<PlacedOrder | null> {
  const key = request.idempotencyKey;
  const rows = await db.select({
    key: orderCheckouts.key, userId: orderCheckouts.userId, orderId: orders.id, number: orders.number, clientId: orders.clientId,
  }).from(orderCheckouts).innerJoin(orders, eq(orders.id, orderCheckouts.orderId))
    .where(inArray(orderCheckouts.key, [key, reviewKeyOf(key)]));
  const main = rows.find((row) => row.key === key);
  if (!main) return null;
  if (rows.some((row) => row.userId !== userId || row.clientId !== request.clientId)) throw keyUsed();
  const review = rows.find((row) => row.key !== key);
  return { orderId: main.orderId, number: main.number, ...(review ? { reviewOrder: { orderId: review.orderId, number: review.number } } : {}) };
}

/** The key row of a review order split off: never a key a request can send (those are UUIDs). */
const reviewKeyOf = (key: string) => `${key}:review`;

/** The lines as orders: the clean ones first, then those for review, when asked and both are there; else one order. */
function ordersOf(lines: readonly PlacedLine[], split: boolean): PlacedLine[][] {
  const clean = lines.filter((line) => !line.review);
  const review = lines.filter((line) => line.review);
  return split && clean.length > 0 && review.length > 0 ? [clean, review] : [[...lines]];
}

interface Snapshots { payer: OrderPayer; contact: OrderContact; delivery: OrderDeliverySnapshot }

/** Payer, contact and delivery, checked in the order the checkout asks for them. */
async function snapshotsOf(tx: Db, request: CheckoutRequest): Promise<Snapshots> {
  const payer = await payerOf(tx, request.clientId, request.payerId);
  const contact = await contactOf(tx, request.clientId, request.contactId);
  const delivery = await deliveryOf(tx, request.clientId, request.delivery);
  return { payer, contact, delivery };
}

/** A line as it is ordered: whether it goes for an engineer's review, judged again at placement. */
type PlacedLine = OrderableLine & { review: boolean };

async function insertOrder(
  tx: Db, userId: number, request: CheckoutRequest, { payer, contact, delivery }: Snapshots, lines: readonly PlacedLine[],
  now: Date, letters: LetterPost, key: string,
): Promise<{ orderId: number; number: string }> {
  const missing = await linesWithoutFiles(tx, lines.map((line) => ({ versionId: line.project.currentVersionId })));
  const filesAwaited = missing.length > 0;
  const number = await nextOrderNumber(tx, now);
  // Placed held at the check: while files are awaited nothing but the files moves it on (src/contract/order-lifecycle.ts);
  // a review is released (or the order cancelled) by the operator once an engineer has looked at the files.
  const holdCode = filesAwaited ? 'filesAwaited' : lines.some((line) => line.review) ? 'dfmReview' : null;
  const held = holdCode !== null;
  const holdReason = holdCode === null ? null : storedHoldReason(holdCode);
  const total = roundKopecks(lines.reduce((sum, line) => sum + line.price, 0));
  const [order] = await tx.insert(orders).values({
    clientId: request.clientId, number, status: 'on_check', holdReason, holdCode, filesAwaited, placedByUserId: userId,
    payerId: payer.payerId, payer, contact, delivery, comment: request.comment.trim(),
    total, lineCount: lines.length,
    firstLineTitle: lines[0]?.project.title ?? '', createdAt: now, statusChangedAt: now,
  }).returning({ id: orders.id });
  if (!order) throw new Error('order not inserted');
  // The key row first: a concurrent twin of this checkout fails here on the primary key, before it does anything else.
  await tx.insert(orderCheckouts).values({ key, userId, orderId: order.id, createdAt: now });
  await tx.insert(orderLines).values(lines.map((line) => ({
    orderId: order.id, clientId: request.clientId, projectId: line.project.id, versionId: line.project.currentVersionId,
    title: line.project.title, productType: line.project.productType, params: line.project.params,
    quantity: line.quantity, unitPrice: roundKopecks(line.price / line.quantity), total: line.price, days: line.days,
    status: 'engineering', dfmReview: line.review, createdAt: now,
  })));
  await tx.insert(orderStatusHistory).values({
    orderId: order.id, status: 'on_check', held, action: 'place', note: holdReason, noteCode: holdCode, at: now,
  });
  await moveOrderCount(tx, request.clientId, null, { status: 'on_check', held, isFavorite: false });
  await notifyOrderChange(tx, order.id, now);
  await queueLetterOfOrder(letters, tx, order.id, 'place');
  await emitEvent(tx, {
    type: 'order.placed', orderId: order.id,
    data: { orderId: order.id, number, clientId: request.clientId, status: 'on_check', held, holdCode, total },
  }, now);
  await tx.delete(cartItems).where(inArray(cartItems.id, lines.map((line) => line.lineId)));
  return { orderId: order.id, number };
}

/**
 * Each line's DFM judged again: a cart line added before the table blocked, or before its project's files
 * or parameters changed, is refused unless it was added for review (400 `dfm.<rule>` naming the project). Its
 * parameters are held to its files again: a project saved below them before the rule is refused, one
 * whose files were never measured goes for review.
 */
async function judgedLines(tx: Db, lines: readonly OrderableLine[], lang: Lang): Promise<PlacedLine[]> {
  const judged: PlacedLine[] = [];
  for (const line of lines) {
    const unmeasured = await requireProjectCoversFiles(tx, line.project, lang, { field: 'lineIds' });
    const review = await requireManufacturable(tx, line.project, lang, line.dfmReview, { field: 'lineIds', kind: 'line' });
    judged.push({ ...line, review: review || unmeasured });
  }
  return judged;
}

/**
 * Places an order from the caller's cart lines in one transaction under the cart's lock, so a double click, a
 * retry or a cart change cannot interleave with it; any refusal or failure rolls everything back and the cart
 * stays as it was. The customer's letter is queued in the same transaction. Asked to, the lines for review become
 * a second order in the same transaction.
 */
export async function placeOrder(
  db: Db, userId: number, request: CheckoutRequest, now: Date, lang: Lang, letters: LetterPost,
): Promise<PlacedOrder> {
  try {
    return await db.transaction(async (tx) => {
      await lockCart(tx, userId);
      await requireCheckoutRole(tx, userId, request.clientId);
      const before = await placedBefore(tx, userId, request);
      if (before) return before;
      const snapshots = await snapshotsOf(tx, request);
      const lines = await judgedLines(tx, await orderableLines(tx, userId, request.clientId, request.lineIds), lang);
      const missing = await linesWithoutFiles(tx, lines.map((line) => ({ title: line.project.title, versionId: line.project.currentVersionId })));
      requireFilesOrLater(missing.map((line) => line.title), request.filesLater === true);
      const [first, review] = ordersOf(lines, request.splitReview === true);
      if (!first) throw new Error('checkout without lines');
      const placed = await insertOrder(tx, userId, request, snapshots, first, now, letters, request.idempotencyKey);
      if (!review) return placed;
      return { ...placed, reviewOrder: await insertOrder(tx, userId, request, snapshots, review, now, letters, reviewKeyOf(request.idempotencyKey)) };
    });
  } catch (error) {
    if (error instanceof CartPricesChanged) {
      await applyRepricing(db, userId, error.repriced);
      throw error;
    }
    // Another user's request with the same key won the race (the same user's twin waits on the lock instead).
    if (uniqueViolation(error) === 'order_checkouts_pkey') {
      const placed = await placedBefore(db, userId, request);
      if (placed) return placed;
    }
    throw error;
  }
}
