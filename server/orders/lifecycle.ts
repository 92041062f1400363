import { and, eq, inArray } from 'drizzle-orm';
import { LINE_STATUS_OF_ORDER, lineStatusesBefore, type OrderAction, type OrderStatus } from '../../src/contract/orders';
import { nextOrderState, type OrderState } from '../../src/contract/order-lifecycle';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { orderLines, orders, orderStatusHistory } from './schema';
import { ApiError } from '../http/errors';
import { issueInvoice, issueTransfer, markInvoicePaid } from './invoices/issue';
import type { LetterPost } from '../letters/queue';
import { emitEvent } from '../webhooks/events';
import { countKeyOf, moveOrderCount } from './counts';
import { queueLetterOfOrder } from './letters';
import { actionNames, statusNames } from './names';
import { notifyOrderChange } from './notify';

/**
 * Who moves an order: the manufacturer's operator, the customer (cancel only), the demo simulator, the files
 * the check waited for arriving (release only: server/orders/order-files.ts), or the customer accepting an engineer's
 * corrected parameters (release only: server/orders/engineer-requests.ts).
 */
export type OrderActor = 'operator' | 'customer' | 'simulator' | 'files' | 'correction';

export interface OrderActionInput {
  orderId: number;
  action: OrderAction;
  /** The hold reason (required for hold) or the cancellation reason. */
  reason?: string | null;
  trackingNumber?: string | null;
  now: Date;
  by: OrderActor;
  /** Where the customer's letter of the change is queued (server/orders/letters.ts says which actions have one). */
  letters: LetterPost;
}

export interface OrderAfterAction {
  id: number;
  number: string;
  clientId: number;
  status: OrderStatus;
  holdReason: string | null;
  trackingNumber: string | null;
}

/** The machine's view of a stored order: held while it has a hold reason; stuck at the check while files are awaited. */
export const orderStateOf = (row: { status: string; holdReason: string | null; filesAwaited: boolean }): OrderState =>
  ({ status: row.status as OrderStatus, held: row.holdReason !== null, filesAwaited: row.filesAwaited });

const trimmed = (text: string | null | undefined): string | null => {
  const value = text?.trim() ?? '';
  return value === '' ? null : value;
};

export const orderNotFound = (field: string) => new ApiError(404, 'orderNotFound', {}, { field, code: 'not_found' });

export const actionNotAllowed = (state: OrderState, action: OrderAction, field = 'action') =>
  new ApiError(409, 'orderActionNotAllowed', { ...statusNames(state.status, state.held), ...actionNames(action) },
    { field, code: 'actionNotAllowed' });

/** What the history row says besides the status: why it was held or cancelled, or where it was shipped. */
function noteOf(action: OrderAction, reason: string | null, trackingNumber: string | null): string | null {
  if (action === 'hold' || action === 'cancel') return reason;
  if (action === 'ship') return trackingNumber;
  return null;
}

/**
 * Moves an order by one action of the lifecycle machine (never a second copy of its rules), in one transaction
 * with the order row locked: status, hold, lines, history, counts, the invoice on approve and payment, the
 * members' notifications and the customer's letter. Nothing changes when the machine refuses (409).
 */
export async function applyOrderAction(db: Db, input: OrderActionInput): Promise<OrderAfterAction> {
  if (input.by === 'customer' && input.action !== 'cancel') throw new Error(`a customer cannot ${input.action} an order`);
  if ((input.by === 'files' || input.by === 'correction') && input.action !== 'release') {
    throw new Error(`${input.by} cannot ${input.action} an order`);
  }
  const id = asDbId(input.orderId);
  if (id === null) throw orderNotFound('id');
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!row) throw orderNotFound('id');
    const current = orderStateOf(row);
    const next = nextOrderState(current, input.action);
    if (!next) throw actionNotAllowed(current, input.action);
    const reason = trimmed(input.reason);
    if (input.action === 'hold' && reason === null) {
      throw new ApiError(400, 'orderHoldReasonRequired', {}, { field: 'reason', code: 'reasonRequired' });
    }
    const holdReason = next.held ? (input.action === 'hold' ? reason : row.holdReason) : null;
    // An operator's hold is their own words; a system hold keeps its code while it lasts.
    const holdCode = next.held && input.action !== 'hold' ? row.holdCode : null;
    const trackingNumber = input.action === 'ship' ? trimmed(input.trackingNumber) : row.trackingNumber;
    // A cancelled order awaits nothing any more.
    const filesAwaited = row.filesAwaited && next.status === current.status;
    await tx.update(orders).set({ status: next.status, holdReason, holdCode, filesAwaited, trackingNumber, statusChangedAt: input.now })
      .where(eq(orders.id, id));
    // A hold or a release keeps the stage, so the lines keep their status too. Lines only move forward: one
    // already past the order's new stage stays where it is rather than go back.
    if (next.status !== current.status) {
      const lineStatus = LINE_STATUS_OF_ORDER[next.status];
      await tx.update(orderLines).set({ status: lineStatus })
        .where(and(eq(orderLines.orderId, id), inArray(orderLines.status, lineStatusesBefore(lineStatus))));
    }
    await tx.insert(orderStatusHistory).values({
      orderId: id, status: next.status, held: next.held, action: input.action,
      note: noteOf(input.action, reason, trackingNumber), at: input.now,
    });
    await moveOrderCount(tx, row.clientId, countKeyOf(row), { status: next.status, held: next.held, isFavorite: row.isFavorite });
    if (input.action === 'approve') await issueInvoice(tx, id, input.now);
    if (input.action === 'pay') await markInvoicePaid(tx, id, input.now);
    if (input.action === 'ship') await issueTransfer(tx, id, input.now);
    await notifyOrderChange(tx, id, input.now);
    await queueLetterOfOrder(input.letters, tx, id, input.action);
    await emitEvent(
      tx,
      {
        type: 'order.status_changed',
        orderId: id,
        data: {
          orderId: id,
          number: row.number,
          action: input.action,
          status: next.status,
          held: next.held,
          holdReason,
          trackingNumber,
          by: input.by === 'correction' ? 'customer' : input.by,
        },
      },
      input.now,
    );
    return { id, number: row.number, clientId: row.clientId, status: next.status, holdReason, trackingNumber };
  });
}

/** The usual path forward; the machine says which of them the order accepts (a held stage is released first). */
const USUAL_PATH: readonly OrderAction[] = ['release', 'approve', 'pay', 'finish', 'ship'];

/** The next step of the usual path for an order in this state, or null when it is finished (shipped, cancelled). */
export function usualNextAction(state: OrderState): OrderAction | null {
  return USUAL_PATH.find((action) => nextOrderState(state, action) !== null) ?? null;
}

/** Weights of the UPU S10 check digit. */
const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

/** A made-up Russian Post international tracking number in the S10 format ('RA123456785RU'), for demo shipments. */
export function demoTrackingNumber(random: () => number = Math.random): string {
  const digits = Array.from({ length: 8 }, () => Math.floor(random() * 10));
  const sum = digits.reduce((total, digit, index) => total + digit * (S10_WEIGHTS[index] ?? 0), 0);
  const check = 11 - (sum % 11);
  return `RA${digits.join('')}${check === 10 ? 0 : check === 11 ? 5 : check}RU`;
}
