import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CheckQueueItem, CheckReason, OrderClaim } from '../../src/contract/staff-orders';
import type { SystemHold } from '../../src/contract/orders';
import type { Db } from '../db/connect';
import { clients, staffMembers } from '../db/schema';
import { engineerRequests, orderClaims, orderLines, orders, orderStatusHistory } from '../orders/schema';
import { ApiError } from '../http/errors';
import type { LetterPost } from '../letters/queue';
import { openRequestOf } from '../orders/engineer-requests';
import { queueLetterOfOrder } from '../orders/letters';
import { applyOrderAction, orderNotFound } from '../orders/lifecycle';
import { emitOrderHold, notifyOrderChange } from '../orders/notify';
import { recordAudit, type Actor } from '../audit/log';

/**
 * The engineering check: the orders held for an engineer or the customer at it, who is on them, and what an
 * engineer does to them. Every change is one transaction with the order row locked, audited in it.
 */

/** The holds that put an order in the engineer's queue. */
const CHECK_HOLDS: readonly SystemHold[] = ['filesAwaited', 'dfmReview', 'engineerRequest'];

export interface ByStaff { staffId: number; requestId: string; now: Date }

const actorOf = (by: ByStaff): Actor => ({ staffId: by.staffId });

/** Whether a line's board was not measured whole: its DFM failed or ran out of time. */
const CUT_SHORT = sql<boolean>`exists (select 1 from order_lines l join project_versions v on v.id = l.version_id
  join board_uploads u on u.id = v.upload_id where l.order_id = ${orders.id} and l.dfm_review
  and (u.analysis->>'dfmStatus' = 'failed' or u.analysis->'dfm'->>'cutShort' = 'true'))`;
/** Since when the order is as it is: its last history row (placed, held, files came, answered). */
const WAITING_SINCE = sql<string>`(select to_char(max(h.at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  from order_status_history h where h.order_id = ${orders.id})`;

function reasonOf(holdCode: SystemHold | null, cutShort: boolean): CheckReason {
  if (holdCode === 'filesAwaited') return 'filesAwaited';
  if (holdCode === 'engineerRequest') return 'answerAwaited';
  return cutShort ? 'dfmCutShort' : 'dfmReview';
}

/** Orders held at the check, the longest waiting first; `orderId` narrows it to one. */
export async function checkQueue(db: Db, orderId?: number): Promise<CheckQueueItem[]> {
  const rows = await db.select({
    orderId: orders.id, number: orders.number, clientName: clients.name, holdCode: orders.holdCode, cutShort: CUT_SHORT,
    waitingSince: WAITING_SINCE, lineCount: orders.lineCount, total: sql<number>`${orders.total}::float8`,
    firstLineTitle: orders.firstLineTitle, claimStaffId: orderClaims.staffId, claimName: staffMembers.name, claimedAt: orderClaims.claimedAt,
  }).from(orders).innerJoin(clients, eq(clients.id, orders.clientId))
    .leftJoin(orderClaims, eq(orderClaims.orderId, orders.id)).leftJoin(staffMembers, eq(staffMembers.id, orderClaims.staffId))
    .where(and(eq(orders.status, 'on_check'), inArray(orders.holdCode, [...CHECK_HOLDS]),
      orderId === undefined ? undefined : eq(orders.id, orderId)))
    .orderBy(WAITING_SINCE, orders.id);
  return rows.map((row) => ({
    orderId: row.orderId, number: row.number, clientName: row.clientName, reason: reasonOf(row.holdCode, row.cutShort),
    waitingSince: row.waitingSince, lineCount: row.lineCount, total: row.total, firstLineTitle: row.firstLineTitle,
    claim: row.claimStaffId !== null && row.claimedAt !== null
      ? { staffId: row.claimStaffId, name: row.claimName ?? '', at: row.claimedAt.toISOString() } : null,
  }));
}

/** The claim on an order, if any. */
export async function claimOf(db: Db, orderId: number): Promise<OrderClaim | null> {
  const [row] = await db.select({ staffId: orderClaims.staffId, name: staffMembers.name, at: orderClaims.claimedAt }).from(orderClaims)
    .innerJoin(staffMembers, eq(staffMembers.id, orderClaims.staffId)).where(eq(orderClaims.orderId, orderId));
  return row ? { staffId: row.staffId, name: row.name, at: row.at.toISOString() } : null;
}

type OrderRow = typeof orders.$inferSelect;

/** The order, locked, held at the check; 409 when it is not there (released, cancelled, never held). */
export async function lockAtCheck(tx: Db, orderId: number): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row) throw orderNotFound('orderId');
  if (row.status !== 'on_check' || row.holdCode === null || !CHECK_HOLDS.includes(row.holdCode)) {
    throw new ApiError(409, 'orderNotAtCheck', {}, { field: 'orderId', code: 'notAtCheck' });
  }
  return row;
}

/** Takes the order; another engineer's claim stands unless taken over knowingly. */
export async function claimOrder(db: Db, orderId: number, takeOver: boolean, by: ByStaff): Promise<OrderClaim> {
  await db.transaction(async (tx) => {
    await lockAtCheck(tx, orderId);
    const current = await claimOf(tx, orderId);
    if (current?.staffId === by.staffId) return;
    if (current && !takeOver) {
      throw new ApiError(409, 'orderClaimedByOther', { name: current.name }, { field: 'orderId', code: 'claimed' });
    }
    await tx.insert(orderClaims).values({ orderId, staffId: by.staffId, claimedAt: by.now })
      .onConflictDoUpdate({ target: orderClaims.orderId, set: { staffId: by.staffId, claimedAt: by.now } });
    await recordAudit(tx, {
      actor: actorOf(by), action: 'order.claim', targetType: 'order', targetId: orderId, at: by.now, requestId: by.requestId,
      before: current ? { claimedBy: current.staffId } : null, after: { claimedBy: by.staffId },
    });
  });
  const claim = await claimOf(db, orderId);
  if (!claim) throw new Error(`claim of order ${orderId} vanished`);
  return claim;
}

/** Lets the order go back to the queue unclaimed; only its holder (or an admin, by the route) does. */
export async function unclaimOrder(db: Db, orderId: number, by: ByStaff, anyone: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await claimOf(tx, orderId);
    if (!current || (current.staffId !== by.staffId && !anyone)) return;
    await tx.delete(orderClaims).where(eq(orderClaims.orderId, orderId));
    await recordAudit(tx, {
      actor: actorOf(by), action: 'order.unclaim', targetType: 'order', targetId: orderId, at: by.now, requestId: by.requestId,
      before: { claimedBy: current.staffId }, after: null,
    });
  });
}

/** An open question closes unanswered when the engineer goes on without its answer (released, asked again, cancelled). */
export async function closeOpenRequest(tx: Db, orderId: number, now: Date): Promise<void> {
  await tx.update(engineerRequests).set({ answeredAt: now, pendingLineIds: [] })
    .where(and(eq(engineerRequests.orderId, orderId), isNull(engineerRequests.answeredAt)));
}

const stateOf = (row: Pick<OrderRow, 'status' | 'holdCode' | 'filesAwaited'>) =>
  ({ status: row.status, holdCode: row.holdCode, filesAwaited: row.filesAwaited });

/** The check passes: the hold ends, the claim goes, and the order waits for the manager's approval. */
export async function releaseAtCheck(db: Db, orderId: number, letters: LetterPost, by: ByStaff): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockAtCheck(tx, orderId);
    if (row.filesAwaited && row.holdCode === 'filesAwaited') {
      throw new ApiError(409, 'orderFilesNotAttached', {}, { field: 'orderId', code: 'filesAwaited' });
    }
    await closeOpenRequest(tx, orderId, by.now);
    await tx.update(orders).set({ filesAwaited: false }).where(eq(orders.id, orderId));
    const after = await applyOrderAction(tx, { orderId, action: 'release', now: by.now, by: 'operator', letters });
    await tx.delete(orderClaims).where(eq(orderClaims.orderId, orderId));
    await recordAudit(tx, {
      actor: actorOf(by), action: 'order.release', targetType: 'order', targetId: orderId, at: by.now, requestId: by.requestId,
      before: stateOf(row), after: { status: after.status, holdCode: null, filesAwaited: false },
    });
  });
}

type NewRequest = Pick<typeof engineerRequests.$inferInsert, 'kind' | 'message' | 'lineIds' | 'pendingLineIds' | 'corrections'>;

/**
 * Puts a question (or corrections) to the customer, the order row locked by the caller: any open one closes, the order
 * is held for the answer with the engineer's words as the reason, the asker holds the claim, and the customer is told
 * (notification, held letter) as the manufacturer's systems are (webhook). Answers the request's id.
 */
export async function putToCustomer(tx: Db, orderId: number, request: NewRequest, letters: LetterPost, by: ByStaff): Promise<number> {
  await closeOpenRequest(tx, orderId, by.now);
  const [row] = await tx.insert(engineerRequests).values({ ...request, orderId, staffId: by.staffId, createdAt: by.now })
    .returning({ id: engineerRequests.id });
  if (!row) throw new Error(`request of order ${orderId} not stored`);
  await tx.update(orders).set({ holdCode: 'engineerRequest', holdReason: request.message, filesAwaited: request.kind === 'files' })
    .where(eq(orders.id, orderId));
  await tx.insert(orderStatusHistory).values({
    orderId, status: 'on_check', held: true, action: 'hold', note: request.message, noteCode: 'engineerRequest', at: by.now,
  });
  await tx.insert(orderClaims).values({ orderId, staffId: by.staffId, claimedAt: by.now })
    .onConflictDoUpdate({ target: orderClaims.orderId, set: { staffId: by.staffId, claimedAt: by.now } });
  await notifyOrderChange(tx, orderId, by.now);
  await emitOrderHold(tx, orderId, 'staff', by.now);
  await queueLetterOfOrder(letters, tx, orderId, 'hold');
  return row.id;
}

export interface AskInput { orderId: number; kind: 'files' | 'decision'; message: string; lineIds: readonly number[] }

/**
 * Asks the customer: the order is held for the answer with the engineer's words as its reason, the customer gets the
 * held letter and a notification, and the asker holds the claim. A files question awaits the lines named (all when
 * none is), which the customer attaches as files awaited.
 */
export async function askCustomer(db: Db, input: AskInput, letters: LetterPost, by: ByStaff): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockAtCheck(tx, input.orderId);
    const lines = await tx.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, row.id));
    const known = new Set(lines.map((line) => line.id));
    input.lineIds.forEach((id, index) => {
      if (!known.has(id)) throw new ApiError(400, 'engineerRequestLineUnknown', { id }, { field: `lineIds.${index}`, code: 'not_found' });
    });
    const asked = input.kind === 'files' ? [...new Set(input.lineIds)] : [];
    const pending = input.kind === 'files' ? (asked.length > 0 ? asked : [...known]) : [];
    const previous = await openRequestOf(tx, row.id);
    const message = input.message.trim();
    const requestId = await putToCustomer(tx, row.id, {
      kind: input.kind, message, lineIds: asked, pendingLineIds: pending, corrections: null,
    }, letters, by);
    await recordAudit(tx, {
      actor: actorOf(by), action: 'order.ask', targetType: 'order', targetId: row.id, at: by.now, requestId: by.requestId,
      before: { ...stateOf(row), openRequestId: previous?.id ?? null },
      after: { status: row.status, holdCode: 'engineerRequest', requestId, kind: input.kind, lineIds: pending },
    });
  });
}

/** Cancels the order at the check with the reason the customer reads. */
export async function cancelAtCheck(db: Db, orderId: number, reason: string, letters: LetterPost, by: ByStaff): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockAtCheck(tx, orderId);
    await closeOpenRequest(tx, orderId, by.now);
    const after = await applyOrderAction(tx, { orderId, action: 'cancel', reason, now: by.now, by: 'operator', letters });
    await tx.delete(orderClaims).where(eq(orderClaims.orderId, orderId));
    await recordAudit(tx, {
      actor: actorOf(by), action: 'order.cancel', targetType: 'order', targetId: orderId, at: by.now, requestId: by.requestId,
      before: stateOf(row), after: { status: after.status, reason: reason.trim() },
    });
  });
}
