import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { EngineerRequest } from '../../src/contract/engineer-requests';
import type { Db } from '../db/connect';
import { engineerRequests, orderClaims, orderLines, orders, orderStatusHistory } from './schema';
import { staffMembers } from '../db/schema';
import { ApiError } from '../http/errors';
import { storedHoldReason } from './holds';
import { emitOrderHold, notifyOrderChange } from './notify';
import type { LetterPost } from '../letters/queue';
import { roundKopecks } from '../pricing/quote-lines';
import { applyOrderAction } from './lifecycle';

/**
 * An engineer's questions to the customer at the check (docs/decisions.md "The engineering desk"): read on
 * the order page, answered there or by the files asked for. While one is open the order is held for it; once
 * answered it goes back to the engineer's review, never straight on: the engineer who asked releases it.
 */

type RequestRow = typeof engineerRequests.$inferSelect;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** Every request of the order, oldest first, with the engineer's name as the customer reads it. */
export async function requestsOf(db: Db, orderId: number): Promise<EngineerRequest[]> {
  const rows = await db.select({ request: engineerRequests, authorName: staffMembers.name }).from(engineerRequests)
    .innerJoin(staffMembers, eq(staffMembers.id, engineerRequests.staffId))
    .where(eq(engineerRequests.orderId, orderId)).orderBy(asc(engineerRequests.id));
  return rows.map(({ request, authorName }) => ({
    id: request.id, kind: request.kind, message: request.message, lineIds: request.lineIds, authorName,
    ...(request.corrections ? { corrections: request.corrections } : {}),
    at: request.createdAt.toISOString(), answeredAt: iso(request.answeredAt), answer: request.answer,
  }));
}

/** The order's open request, if any (at most one is open: asking again closes the previous one). */
export async function openRequestOf(tx: Db, orderId: number): Promise<RequestRow | null> {
  const [row] = await tx.select().from(engineerRequests)
    .where(and(eq(engineerRequests.orderId, orderId), isNull(engineerRequests.answeredAt)))
    .orderBy(desc(engineerRequests.id)).limit(1);
  return row ?? null;
}

/** The lines whose new files an open request still awaits. */
export async function linesAskedFor(tx: Db, orderId: number): Promise<ReadonlySet<number>> {
  const open = await openRequestOf(tx, orderId);
  return new Set(open?.kind === 'files' ? open.pendingLineIds : []);
}

/**
 * The order goes back to the engineer: held for review again (the code the queue reads), with a history row. The
 * caller holds the order row's lock.
 */
export async function backToReview(tx: Db, orderId: number, now: Date): Promise<void> {
  const holdReason = storedHoldReason('dfmReview');
  await tx.update(orders).set({ filesAwaited: false, holdCode: 'dfmReview', holdReason }).where(eq(orders.id, orderId));
  await tx.insert(orderStatusHistory).values({
    orderId, status: 'on_check', held: true, action: 'hold', note: holdReason, noteCode: 'dfmReview', at: now,
  });
  await notifyOrderChange(tx, orderId, now);
  await emitOrderHold(tx, orderId, 'system', now);
}

/** A line's new files came: it is no longer awaited; the last of them answers the request. Answers whether it did. */
export async function receiveAskedFiles(tx: Db, request: RequestRow, lineId: number, now: Date): Promise<boolean> {
  const pending = request.pendingLineIds.filter((id) => id !== lineId);
  const answered = pending.length === 0;
  await tx.update(engineerRequests).set({ pendingLineIds: pending, ...(answered ? { answeredAt: now } : {}) })
    .where(eq(engineerRequests.id, request.id));
  return answered;
}

export interface AnswerInput { orderId: number; requestId: number; answer: string; userId: number; now: Date }

/** The order, locked, with its open request if it is the one answered: 404 for a request not of the order, 409 when closed. */
async function lockOpen(tx: Db, orderId: number, requestId: number): Promise<RequestRow> {
  const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw requestNotFound();
  const open = await openRequestOf(tx, order.id);
  if (open?.id === requestId) return open;
  const [any] = await tx.select({ id: engineerRequests.id }).from(engineerRequests)
    .where(and(eq(engineerRequests.id, requestId), eq(engineerRequests.orderId, order.id)));
  if (!any) throw requestNotFound();
  throw new ApiError(409, 'engineerRequestAnswered', {}, { field: 'requestId', code: 'answered' });
}

const notAsked = (code: string) => new ApiError(409, code === 'wantsFiles' ? 'engineerRequestWantsFiles' : 'engineerRequestNotAsked', {},
  { field: 'requestId', code });

const requestNotFound = () => new ApiError(404, 'engineerRequestNotFound', {}, { field: 'requestId', code: 'not_found' });

/** The customer's answer to an open 'decision' request, in one transaction with the order locked. */
export async function answerRequest(db: Db, input: AnswerInput): Promise<void> {
  await db.transaction(async (tx) => {
    const open = await lockOpen(tx, input.orderId, input.requestId);
    if (open.kind !== 'decision') throw notAsked(open.kind === 'files' ? 'wantsFiles' : 'wantsAcceptance');
    await tx.update(engineerRequests).set({ answeredAt: input.now, answer: input.answer.trim(), answeredByUserId: input.userId })
      .where(eq(engineerRequests.id, open.id));
    await backToReview(tx, input.orderId, input.now);
  });
}

export interface AcceptInput { orderId: number; requestId: number; accept: boolean; userId: number; now: Date; letters: LetterPost }

/**
 * The customer's answer to corrected parameters. Accepted, each line takes the parameters and the price the engineer
 * sent (never priced again: what the customer accepted is what is charged), the order's total follows, and the check
 * passes as the engineer decided. Declined, the order goes back to the engineer.
 */
export async function acceptCorrection(db: Db, input: AcceptInput): Promise<void> {
  await db.transaction(async (tx) => {
    const open = await lockOpen(tx, input.orderId, input.requestId);
    if (open.kind !== 'correction' || !open.corrections) throw notAsked(open.kind === 'files' ? 'wantsFiles' : 'wantsAnswer');
    await tx.update(engineerRequests).set({ answeredAt: input.now, answer: input.accept ? 'accepted' : 'declined', answeredByUserId: input.userId })
      .where(eq(engineerRequests.id, open.id));
    if (!input.accept) {
      await backToReview(tx, input.orderId, input.now);
      return;
    }
    for (const { lineId, after } of open.corrections) {
      await tx.update(orderLines).set({ params: after.params, unitPrice: after.unitPrice, total: after.total, days: after.days })
        .where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, input.orderId)));
    }
    const [sum] = await tx.select({ total: sql<number>`coalesce(sum(${orderLines.total}), 0)::float8` }).from(orderLines)
      .where(eq(orderLines.orderId, input.orderId));
    await tx.update(orders).set({ total: roundKopecks(sum?.total ?? 0) }).where(eq(orders.id, input.orderId));
    await tx.delete(orderClaims).where(eq(orderClaims.orderId, input.orderId));
    await applyOrderAction(tx, { orderId: input.orderId, action: 'release', now: input.now, by: 'correction', letters: input.letters });
  });
}
