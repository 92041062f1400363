import { array, boolean, enums, integer, nullable, number, object, optional, size, string, type Infer } from 'superstruct';
import { boardAnalysis } from './board-files';
import { projectParams } from './board';
import { defineCall } from './call';
import { entityId, entityIdParam, isoDateTime, okResponse, requiredText, text } from './fields';
import { listQueryOf, pagedListCalls } from './list';
import { engineerRequest } from './engineer-requests';
import { availableOrderActions } from './order-lifecycle';
import { ORDER_ACTIONS, order, orderComplaint, orderSummary, REQUEST_STATUSES, type OrderAction, type OrderStatus, type SystemHold } from './orders';

/**
 * The manufacturer's desks: the engineering check's queue and the order desk. Orders are read whole,
 * whatever the client; what staff do to them goes through the order lifecycle and into the audit log.
 */

/** Why an order waits at the engineering check: files not sent yet, DFM errors to review, DFM cut short, or an answer. */
export const CHECK_REASONS = ['filesAwaited', 'dfmReview', 'dfmCutShort', 'answerAwaited'] as const;
export type CheckReason = (typeof CHECK_REASONS)[number];

/** An engineer working on an order: shown to the others, so two do not take it unknowingly. */
export const orderClaim = object({ staffId: entityId, name: string(), at: isoDateTime });
export type OrderClaim = Infer<typeof orderClaim>;

export const checkQueueItem = object({
  orderId: entityId,
  number: string(),
  clientName: string(),
  reason: enums(CHECK_REASONS),
  /** Since when the order waits for the manufacturer (or, for 'filesAwaited' and 'answerAwaited', the customer). */
  waitingSince: isoDateTime,
  lineCount: integer(),
  total: number(),
  firstLineTitle: string(),
  claim: nullable(orderClaim),
});
export type CheckQueueItem = Infer<typeof checkQueueItem>;

/** Orders held at the engineering check, the longest waiting first. */
export const staffCheckQueue = defineCall({
  method: 'POST', path: '/staff/check/Queue', access: 'staff', roles: ['engineer', 'admin'],
  body: object({}), response: object({ items: array(checkQueueItem) }),
});

/** A line as staff read it: its board's analysis (pictures, layers, DFM findings) and the parameters it was ordered with. */
export const staffOrderLine = object({
  lineId: entityId,
  params: nullable(projectParams),
  analysis: nullable(boardAnalysis),
});

export const staffOrder = object({
  order,
  clientId: entityId,
  boards: array(staffOrderLine),
  checkReason: nullable(enums(CHECK_REASONS)),
  claim: nullable(orderClaim),
  requests: array(engineerRequest),
});
export type StaffOrder = Infer<typeof staffOrder>;

export const staffOrderGet = defineCall({
  method: 'GET', path: '/staff/orders/Get', access: 'staff', query: object({ orderId: entityIdParam }), response: staffOrder,
});

/** Takes the order for review; another engineer's claim is refused (409 naming them) unless `takeOver`. */
export const staffCheckClaim = defineCall({
  method: 'POST', path: '/staff/check/Claim', access: 'staff', roles: ['engineer', 'admin'],
  body: object({ orderId: entityId, takeOver: optional(boolean()) }), response: orderClaim,
});

export const staffCheckUnclaim = defineCall({
  method: 'POST', path: '/staff/check/Unclaim', access: 'staff', roles: ['engineer', 'admin'],
  body: object({ orderId: entityId }), response: okResponse,
});

/** The check passes: the hold ends and the order goes on to the manager's approval. */
export const staffCheckRelease = defineCall({
  method: 'POST', path: '/staff/check/Release', access: 'staff', roles: ['engineer', 'admin'],
  body: object({ orderId: entityId, note: optional(text(2000)) }), response: object({ order }),
});

/** What an engineer asks with Ask; corrections come with Correct. */
export const ASKED_KINDS = ['files', 'decision'] as const;

/** Asks the customer for new files (of some lines or all) or for a decision; they read it in the order and by letter. */
export const staffCheckAsk = defineCall({
  method: 'POST', path: '/staff/check/Ask', access: 'staff', roles: ['engineer', 'admin'],
  body: object({
    orderId: entityId,
    kind: enums(ASKED_KINDS),
    message: requiredText(2000),
    lineIds: optional(size(array(entityId), 0, 100)),
  }),
  response: object({ order }),
});

/**
 * The check passes with corrected parameters of some lines (the files need a thicker board, a finer class…): each is
 * priced as the price table prices it today for the line's quantity, and the order waits for the customer to accept
 * the new parameters and the price difference (or decline, which brings it back to the engineer).
 */
export const staffCheckCorrect = defineCall({
  method: 'POST', path: '/staff/check/Correct', access: 'staff', roles: ['engineer', 'admin'],
  body: object({
    orderId: entityId,
    message: requiredText(2000),
    lines: size(array(object({ lineId: entityId, params: projectParams })), 1, 100),
  }),
  response: object({ order }),
});

/** Cancels an order at the check; the customer reads the reason. */
export const staffCheckCancel = defineCall({
  method: 'POST', path: '/staff/check/Cancel', access: 'staff', roles: ['engineer', 'manager', 'admin'],
  body: object({ orderId: entityId, reason: requiredText(1000) }), response: object({ order }),
});

export const STAFF_ORDER_SORT_CODES = ['createdAt', 'number', 'total', 'statusChangedAt'] as const;
/** The desk's filters: a status, held or not, one client; search goes over numbers, clients and payers. */
export const STAFF_ORDER_FILTER_CODES = ['on_check', 'waiting_for_payment', 'in_progress', 'in_stock', 'shipped', 'canceled', 'held'] as const;
export const staffOrderListQuery = listQueryOf(STAFF_ORDER_SORT_CODES, STAFF_ORDER_FILTER_CODES);

export const { list: staffOrdersList, count: staffOrdersListCount } =
  pagedListCalls('/staff/orders', 'staff', staffOrderListQuery, orderSummary);

/**
 * The order desk's moves an order accepts: the lifecycle's, but a hold of the engineering check (a system hold) is
 * the engineers' to lift, from their desk, with the review done. The gateway refuses the same.
 */
export function deskActions(order: { status: OrderStatus; held: boolean; filesAwaited: boolean; holdCode: SystemHold | null }): OrderAction[] {
  const actions = availableOrderActions(order, ORDER_ACTIONS);
  return order.holdCode === null ? actions : actions.filter((action) => action !== 'release');
}

/** The order desk's moves, the lifecycle's actions; ship names the carrier and the tracking number. */
export const staffOrderMoveRequest = object({
  orderId: entityId,
  action: enums(ORDER_ACTIONS),
  reason: optional(text(1000)),
  carrier: optional(text(80)),
  trackingNumber: optional(text(60)),
});
export const staffOrdersMove = defineCall({
  method: 'POST', path: '/staff/orders/Move', access: 'staff', roles: ['manager', 'admin'],
  body: staffOrderMoveRequest, response: object({ order }),
});

export const staffComplaint = object({ ...orderComplaint.schema, orderId: entityId, orderNumber: string(), clientName: string() });
export type StaffComplaint = Infer<typeof staffComplaint>;

export const staffComplaintsList = defineCall({
  method: 'POST', path: '/staff/complaints/List', access: 'staff', roles: ['manager', 'admin'],
  body: object({ status: optional(enums(REQUEST_STATUSES)) }), response: object({ complaints: array(staffComplaint) }),
});

export const staffComplaintsAnswer = defineCall({
  method: 'POST', path: '/staff/complaints/Answer', access: 'staff', roles: ['manager', 'admin'],
  body: object({ complaintId: entityId, status: enums(REQUEST_STATUSES), resolution: optional(text(2000)) }),
  response: staffComplaint,
});

const strangerKeyRequest = object({ login: requiredText(254), reason: requiredText(500), hours: optional(size(integer(), 1, 24)) });
const strangerKeyResponse = object({ key: string(), userId: entityId, expiresAt: isoDateTime });

/** A one-time key to sign in as a customer for support (GetStrangerToken), issued from the desk and logged. */
export const staffSupportStrangerKey = defineCall({
  method: 'POST', path: '/staff/support/StrangerKey', access: 'staff', roles: ['manager', 'admin'],
  body: strangerKeyRequest, response: strangerKeyResponse,
});

/** The same from the command line (`npm run admin -- stranger-key`), through the running gateway; logged as 'cli'. */
export const operatorStrangerKey = defineCall({
  method: 'POST', path: '/ops/support/StrangerKey', access: 'operator', body: strangerKeyRequest, response: strangerKeyResponse,
});
