import { array, boolean, enums, integer, literal, nullable, number, object, optional, size, string, type Infer } from 'superstruct';
import { defineCall } from './call';
import { entityId, isoDateTime, okResponse, requiredText, text } from './fields';
import { ORDER_ACTIONS, ORDER_STATUSES } from './orders';

/**
 * Webhooks: events posted to the manufacturer's systems, signed as the Standard Webhooks specification says
 * (headers webhook-id, webhook-timestamp, webhook-signature), in order per order and endpoint, retried until delivered.
 */

export const WEBHOOK_EVENTS = ['order.placed', 'order.files_attached', 'order.status_changed', 'complaint.filed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const webhookEventType = enums(WEBHOOK_EVENTS);

export const webhookEndpoint = object({
  id: entityId,
  url: string(),
  events: array(webhookEventType),
  description: string(),
  createdAt: isoDateTime,
  /** Deliveries not yet made (queued or being retried), and given up. */
  waiting: integer(),
  failed: integer(),
  /** Why the last failed attempt failed; null when the last attempt went through. */
  lastError: nullable(string()),
});
export type WebhookEndpoint = Infer<typeof webhookEndpoint>;

/** An endpoint and its signing secret (`whsec_` and base64), shown this once. */
export const webhooksCreate = defineCall({
  method: 'POST', path: '/staff/webhooks/Create', access: 'staff', roles: ['admin'],
  body: object({
    url: requiredText(2000),
    events: size(array(webhookEventType), 1, WEBHOOK_EVENTS.length),
    description: optional(text(200)),
  }),
  response: object({ endpoint: webhookEndpoint, secret: string() }),
});

export const webhooksList = defineCall({
  method: 'POST', path: '/staff/webhooks/List', access: 'staff', roles: ['admin'],
  body: object({}),
  response: object({ endpoints: array(webhookEndpoint) }),
});

/** Stops posting to the endpoint; what waits for it is dropped. */
export const webhooksDelete = defineCall({
  method: 'POST', path: '/staff/webhooks/Delete', access: 'staff', roles: ['admin'],
  body: object({ id: entityId }),
  response: okResponse,
});

/** The order as every order event names it. */
const orderRef = { orderId: entityId, number: string() };

/** What each event's `data` holds; the body posted is `{ type, timestamp, data }` (Standard Webhooks). */
export const webhookEventData = {
  'order.placed': object({
    ...orderRef, clientId: entityId, status: enums(ORDER_STATUSES), held: boolean(),
    /** 'filesAwaited' or 'dfmReview' when the order waits at the check; null otherwise. */
    holdCode: nullable(string()),
    total: number(),
  }),
  'order.files_attached': object({
    ...orderRef, lineId: entityId, uploadId: string(),
    /** Lines of the order still without files after this one. */
    linesWithoutFiles: integer(),
  }),
  'order.status_changed': object({
    ...orderRef, action: enums(ORDER_ACTIONS), status: enums(ORDER_STATUSES), held: boolean(),
    holdReason: nullable(string()), trackingNumber: nullable(string()),
    /** Who moved it: a staff member or system, the customer, the files arriving, the command line, the demo simulator. */
    by: enums(['staff', 'customer', 'files', 'operator', 'simulator', 'system']),
  }),
  'complaint.filed': object({ ...orderRef, complaintId: entityId, lineId: nullable(entityId), text: string() }),
} as const satisfies Record<WebhookEventType, unknown>;

export const webhookPayload = <Type extends WebhookEventType>(type: Type) =>
  object({ type: literal(type), timestamp: isoDateTime, data: webhookEventData[type] });
