import { array, boolean, enums, integer, nullable, number, object, optional, string, type Infer } from 'superstruct';
import { defineCall } from './call';
import { PRODUCT_TYPES } from './board';
import { DELIVERY_KINDS } from './delivery-settings';
import { DFM_REVIEW_REASONS } from './dfm';
import { engineerRequest } from './engineer-requests';
import { entityId, entityIdParam, isoDateTime, okResponse, requiredText, text, uuid } from './fields';
import { listQueryOf, pagedListCalls } from './list';

/**
 * Order statuses in the order an order goes through them (docs/decisions.md, "Orders"): the engineering check
 * ('Оформление') comes before the invoice, then payment, production, stock and shipment. `canceled` is ours: the
 * spec lists the five it saw, and an order cancelled before payment has to be shown as something.
 */
export const ORDER_STATUSES = ['on_check', 'waiting_for_payment', 'in_progress', 'in_stock', 'shipped', 'canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The status filters of the product spec's query filters, in the spec's order. */
export const ORDER_FILTER_STATUSES = ['waiting_for_payment', 'on_check', 'in_progress', 'in_stock', 'shipped'] as const;

/** What the manufacturer (or, for cancel, the customer) does to an order; `order-lifecycle.ts` says when. */
export const ORDER_ACTIONS = ['approve', 'hold', 'release', 'pay', 'finish', 'ship', 'cancel'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * Order lines follow their order; the names are the reference list order-line-statuses. Listed in the one order a
 * line moves through (docs/decisions.md): each status only ever gives way to a later one, and 'canceled' ends any
 * line not shipped yet. A checked line waits for payment as 'awaiting_payment' (not back to 'new').
 */
export const ORDER_LINE_STATUSES = ['engineering', 'awaiting_payment', 'in_production', 'ready', 'shipped', 'canceled'] as const;
export type OrderLineStatus = (typeof ORDER_LINE_STATUSES)[number];
export const LINE_STATUS_OF_ORDER: Record<OrderStatus, OrderLineStatus> = {
  on_check: 'engineering',
  waiting_for_payment: 'awaiting_payment',
  in_progress: 'in_production',
  in_stock: 'ready',
  shipped: 'shipped',
  canceled: 'canceled',
};

/** A line may go from `from` to `to`: later in ORDER_LINE_STATUSES, or cancelled before it is shipped. */
export function isLineStatusForward(from: OrderLineStatus, to: OrderLineStatus): boolean {
  if (from === 'canceled' || from === 'shipped') return false;
  return to === 'canceled' || ORDER_LINE_STATUSES.indexOf(to) > ORDER_LINE_STATUSES.indexOf(from);
}

/** The statuses a line may leave for `to`: where an order's move may take its lines from. */
export const lineStatusesBefore = (to: OrderLineStatus): OrderLineStatus[] =>
  ORDER_LINE_STATUSES.filter((from) => isLineStatusForward(from, to));

/** The product spec's request statuses, used by complaints; COMPLAINT_TRANSITIONS says which follow which. */
export const REQUEST_STATUSES = ['new', 'processing', 'completed', 'canceled', 'rejected', 'improving'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** 'improving': the factory redoes or reworks the boards; 'canceled' only by the customer, and only while new. */
export const COMPLAINT_TRANSITIONS: Record<RequestStatus, readonly RequestStatus[]> = {
  new: ['processing', 'rejected', 'canceled'],
  processing: ['improving', 'completed', 'rejected'],
  improving: ['completed', 'rejected'],
  completed: [],
  canceled: [],
  rejected: [],
};
/** The product spec's rating styles. */
export const RATINGS = ['good', 'regular', 'bad'] as const;
export type Rating = (typeof RATINGS)[number];

/** Russian VAT from 1 January 2026 (Federal Law 425-FZ); prices in the price table include it. */
export const VAT_PERCENT = 22;

/**
 * Holds the system places an order under, kept as a code so each reader gets the reason in their own
 * language: the files awaited ('файлы пришлю позже'), an engineer's review of DFM errors the customer accepted, and
 * an engineer's question to the customer awaiting its answer.
 */
export const SYSTEM_HOLDS = ['filesAwaited', 'dfmReview', 'engineerRequest'] as const;
export type SystemHold = (typeof SYSTEM_HOLDS)[number];


export const orderSummary = object({
  id: integer(),
  number: string(),
  clientId: integer(),
  clientName: string(),
  status: enums(ORDER_STATUSES),
  /** Set while the check or the production is held; the customer sees why. */
  holdReason: nullable(string()),
  isFavorite: boolean(),
  total: number(),
  lineCount: integer(),
  /** Title of the first line, so a list line says what was ordered. */
  firstLineTitle: string(),
  payerName: string(),
  trackingNumber: nullable(string()),
  createdAt: isoDateTime,
  statusChangedAt: isoDateTime,
});
export type OrderSummary = Infer<typeof orderSummary>;

export const orderLine = object({
  id: integer(),
  /** Null when the project was deleted after the order; the line keeps its title and parameters. */
  projectId: nullable(integer()),
  title: string(),
  productType: enums(PRODUCT_TYPES),
  quantity: integer(),
  unitPrice: number(),
  total: number(),
  days: integer(),
  status: enums(ORDER_LINE_STATUSES),
  /** `/files/orders/{orderId}/lines/{lineId}.zip` (Authorization header) when the line's version had files. */
  filesUrl: nullable(string()),
  /** Ordered for an engineer's review of its DFM errors; the order page's lines say it, the positions list not. */
  dfmReview: optional(boolean()),
  /** Why it went for review when not (only) for DFM errors: the layers were corrected by hand. */
  dfmReviewReason: optional(enums(DFM_REVIEW_REASONS)),
});
export type OrderLine = Infer<typeof orderLine>;

export const orderHistoryEntry = object({
  status: enums(ORDER_STATUSES),
  held: boolean(),
  /** The hold reason, the cancellation reason or the tracking number, by what happened. */
  note: nullable(string()),
  at: isoDateTime,
});
export type OrderHistoryEntry = Infer<typeof orderHistoryEntry>;

export const orderReview = object({
  id: integer(),
  rating: enums(RATINGS),
  text: string(),
  authorName: string(),
  createdAt: isoDateTime,
});
export type OrderReview = Infer<typeof orderReview>;

export const orderComplaint = object({
  id: integer(),
  lineId: nullable(integer()),
  text: string(),
  status: enums(REQUEST_STATUSES),
  /** What the manufacturer answered, when it did. */
  resolution: nullable(string()),
  authorName: string(),
  /** The caller wrote it (so may withdraw it while new); the author's name alone cannot say so, names repeat. */
  isMine: boolean(),
  createdAt: isoDateTime,
  statusChangedAt: isoDateTime,
});
export type OrderComplaint = Infer<typeof orderComplaint>;

export const orderInvoice = object({
  id: integer(),
  number: string(),
  issuedAt: isoDateTime,
  amount: number(),
  vat: number(),
  paidAt: nullable(isoDateTime),
  /** `/files/invoices/{id}.pdf` (Authorization header). */
  pdfUrl: string(),
  /** The УПД issued at shipment, its number and `/files/transfers/{id}.pdf`; null before the order is shipped. */
  transfer: nullable(object({ number: string(), issuedAt: isoDateTime, pdfUrl: string() })),
});
export type OrderInvoice = Infer<typeof orderInvoice>;

/**
 * Where the order goes. The kind names the method (its words are the app's, in each language); `name` is the
 * delivery's own: the pickup point or warehouse of the reference list (`nameEn` in English), or the name the client
 * gave a saved address (one text, so `nameEn` repeats it). Empty when an old order did not keep it.
 */
export const orderDelivery = object({
  kind: enums(DELIVERY_KINDS),
  name: string(),
  nameEn: string(),
  /** Whom a courier or the post hands it to; empty for a pickup point or the warehouse. */
  recipient: string(),
  address: string(),
});
export type OrderDelivery = Infer<typeof orderDelivery>;

export const order = object({
  ...orderSummary.schema,
  lines: array(orderLine),
  history: array(orderHistoryEntry),
  invoice: nullable(orderInvoice),
  reviews: array(orderReview),
  complaints: array(orderComplaint),
  payer: object({ name: string(), inn: string(), kpp: nullable(string()) }),
  contact: object({ name: string(), phone: nullable(string()), email: nullable(string()) }),
  delivery: orderDelivery,
  comment: string(),
  placedByName: string(),
  /**
   * Placed with 'файлы пришлю позже' and still held at the engineering check for them: a member attaches
   * each line's files (`attachOrderFiles`) and the check goes on once no line lacks them.
   */
  filesAwaited: boolean(),
  /** The system hold's code while one holds the order: a review the customer chose is expected, not an alarm. */
  holdCode: optional(enums(SYSTEM_HOLDS)),
  /** How long an engineer's review usually takes, in hours (`DFM_REVIEW_HOURS`), while the order waits for one. */
  reviewHours: optional(integer()),
  /** What the manufacturer's engineers asked at the check, newest last; absent from older answers. */
  requests: optional(array(engineerRequest)),
  /** What the signed-in member may do now, by role and status (the gateway enforces the same). */
  can: object({ cancel: boolean(), reorder: boolean(), review: boolean(), complain: boolean() }),
});
export type Order = Infer<typeof order>;

export const ORDER_SORT_CODES = ['createdAt', 'number', 'total', 'statusChangedAt'] as const;
export const ORDER_FILTER_CODES = [...ORDER_STATUSES, 'favorite', 'held'] as const;
export const orderListQuery = listQueryOf(ORDER_SORT_CODES, ORDER_FILTER_CODES);

const ORDERS = '/catalog-viewer/v2/orders';
export const { count: ordersListCount, list: ordersList } =
  pagedListCalls(ORDERS, 'user', orderListQuery, orderSummary);
export const orderIdQuery = object({ id: entityIdParam });
export const getOrder = defineCall({ method: 'GET', path: `${ORDERS}/Get`, access: 'user', query: orderIdQuery, response: order });

export const setOrderFavorite = defineCall({
  method: 'POST', path: `${ORDERS}/SetFavorite`, access: 'user',
  body: object({ id: entityId, isFavorite: boolean() }), response: okResponse,
});
/** The customer cancels before payment; the reason goes to the history and to the manufacturer. */
export const cancelOrder = defineCall({
  method: 'POST', path: `${ORDERS}/Cancel`, access: 'user',
  body: object({ id: entityId, reason: text(1000) }), response: order,
});
/**
 * Attaches a processed upload (the wizard's, `/board-files/Upload` for the order's client) to a line of an order
 * awaiting its files; the last line's files release the check. Any member of the order's client may.
 */
export const attachOrderFiles = defineCall({
  method: 'POST', path: `${ORDERS}/AttachFiles`, access: 'user',
  body: object({ orderId: entityId, lineId: entityId, uploadId: uuid }), response: order,
});
/** Puts the order's projects back into the signed-in user's cart with their quantities, at today's prices. */
export const reorder = defineCall({
  method: 'POST', path: `${ORDERS}/Reorder`, access: 'user',
  body: object({ id: entityId }), response: object({ cartTotal: integer(), added: integer(), skipped: integer() }),
});
export const addOrderReview = defineCall({
  method: 'POST', path: `${ORDERS}/AddReview`, access: 'user',
  body: object({ orderId: entityId, rating: enums(RATINGS), text: text(4000) }), response: orderReview,
});
export const addOrderComplaint = defineCall({
  method: 'POST', path: `${ORDERS}/AddComplaint`, access: 'user',
  body: object({ orderId: entityId, lineId: nullable(entityId), text: requiredText(4000) }), response: orderComplaint,
});
/** The customer's answer to an engineer's question (a 'decision' request); files asked for come with AttachFiles. */
export const answerEngineerRequest = defineCall({
  method: 'POST', path: `${ORDERS}/AnswerRequest`, access: 'user',
  body: object({ orderId: entityId, requestId: entityId, answer: requiredText(2000) }), response: order,
});
/** The customer accepts an engineer's corrected parameters and price (the check then passes) or declines them. */
export const acceptEngineerCorrection = defineCall({
  method: 'POST', path: `${ORDERS}/AcceptCorrection`, access: 'user',
  body: object({ orderId: entityId, requestId: entityId, accept: boolean() }), response: order,
});
export const cancelOrderComplaint = defineCall({
  method: 'POST', path: `${ORDERS}/CancelComplaint`, access: 'user', body: object({ id: entityId }), response: orderComplaint,
});

/** Positions (spec menu 'Позиции'): order lines of every client the user belongs to. */
export const orderLineListItem = object({
  ...orderLine.schema,
  orderId: integer(),
  orderNumber: string(),
  clientName: string(),
  createdAt: isoDateTime,
});
export type OrderLineListItem = Infer<typeof orderLineListItem>;
export const ORDER_LINE_SORT_CODES = ['createdAt', 'title', 'total'] as const;
export const ORDER_LINE_FILTER_CODES = [...ORDER_LINE_STATUSES, ...PRODUCT_TYPES] as const;
export const orderLineListQuery = listQueryOf(ORDER_LINE_SORT_CODES, ORDER_LINE_FILTER_CODES);
const LINES = '/catalog-viewer/v2/order-lines';
export const { count: orderLinesListCount, list: orderLinesList } =
  pagedListCalls(LINES, 'user', orderLineListQuery, orderLineListItem);

/** Optional free text an operator adds to an action (hold reason, tracking number). */
export const operatorOrderRequest = object({
  /** Order id or number ('ПП-2026-00012'). */
  order: requiredText(40),
  action: enums(ORDER_ACTIONS),
  reason: optional(text(1000)),
  trackingNumber: optional(text(60)),
});
export const operatorOrderResponse = object({
  id: integer(), number: string(), status: enums(ORDER_STATUSES), holdReason: nullable(string()), trackingNumber: nullable(string()),
});
export const operatorComplaintRequest = object({
  complaintId: entityId,
  status: enums(REQUEST_STATUSES),
  resolution: optional(text(2000)),
});
/** Operator calls: `npm run ops` sends them to the running gateway with the operator key (docs/decisions.md). */
export const operatorOrderAction = defineCall({
  method: 'POST', path: '/ops/orders/Action', access: 'operator', body: operatorOrderRequest, response: operatorOrderResponse,
});
/** The next step of the usual path (a held stage is released; shipping gets a made-up tracking number). */
export const operatorOrderNext = defineCall({
  method: 'POST', path: '/ops/orders/Next', access: 'operator', body: object({ order: requiredText(40) }), response: operatorOrderResponse,
});
/** One kept count the recount found wrong: the table, the client, which count, what it said and what it says now. */
export const countRepair = object({
  table: enums(['order_counts', 'invoice_counts', 'order_line_counts', 'orders.line_count']),
  clientId: integer(), key: string(), from: integer(), to: integer(),
});
export type CountRepair = Infer<typeof countRepair>;
/** Recomputes every kept count from its rows and answers what it changed (`npm run ops -- recount`). */
export const operatorRecount = defineCall({
  method: 'POST', path: '/ops/Recount', access: 'operator', response: object({ repairs: array(countRepair) }),
});
export const operatorComplaintStatus = defineCall({
  method: 'POST', path: '/ops/complaints/SetStatus', access: 'operator', body: operatorComplaintRequest, response: orderComplaint,
});
