import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, at } from '../db/columns';

/** Where events are posted; the signing secret is kept sealed under the gateway's secret. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  description: text('description').notNull().default(''),
  secretSealed: text('secret_sealed').notNull(),
  createdBy: integer('created_by'),
  createdAt: createdAt(),
  deletedAt: at('deleted_at'),
});

/** One event, written in the transaction of the change it tells of; its id is the `webhook-id` a receiver dedupes by. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The order the event is about: deliveries of one order go in order. */
  orderId: integer('order_id').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/** One event to one endpoint: a queue row claimed under a lease, retried with back-off, in order per order. */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: serial('id').primaryKey(),
  eventId: text('event_id').notNull().references(() => webhookEvents.id, { onDelete: 'cascade' }),
  endpointId: integer('endpoint_id').notNull().references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  orderId: integer('order_id').notNull(),
  status: text('status', { enum: ['queued', 'sending', 'delivered', 'failed'] }).notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  runAfter: at('run_after').notNull().defaultNow(),
  leaseOwner: text('lease_owner'),
  leaseUntil: at('lease_until'),
  lastError: text('last_error'),
  deliveredAt: at('delivered_at'),
  createdAt: createdAt(),
}, (t) => [
  index('webhook_deliveries_claim_idx').on(t.status, t.runAfter),
  index('webhook_deliveries_order_idx').on(t.endpointId, t.orderId, t.id),
]);
