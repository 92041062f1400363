import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PRODUCT_TYPES, type ProjectParams } from '../../src/contract/board';
import type { LegalFormCode } from '../../src/contract/payers';
import { ENGINEER_REQUEST_KINDS, type LineCorrection } from '../../src/contract/engineer-requests';
import { RATINGS, REQUEST_STATUSES, type SystemHold } from '../../src/contract/orders';
import type { DeliveryKind } from '../../src/contract/delivery-settings';
import { at, createdAt } from '../db/columns';
import { clientRecord, clients, staffMembers, users } from '../db/schema';
import { orderLineStatuses, orderStatuses } from '../db/reference/schema';
import { payers } from '../ordering-data/schema';
import { projects, projectVersions } from '../projects/schema';

/**
 * An order of one client. Payer, contact and delivery are copied at checkout so a later edit of the client's
 * records does not rewrite what was ordered; `holdReason` is set while the current stage is held.
 */
export const orders = pgTable('orders', {
  ...clientRecord(),
  number: text('number').notNull().unique(),
  status: text('status').notNull().references(() => orderStatuses.code),
  isFavorite: boolean('is_favorite').notNull().default(false),
  placedByUserId: integer('placed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  payerId: integer('payer_id').references(() => payers.id, { onDelete: 'set null' }),
  payer: jsonb('payer').$type<OrderPayer>(),
  contact: jsonb('contact').$type<OrderContact>(),
  delivery: jsonb('delivery').$type<OrderDeliverySnapshot>(),
  comment: text('comment').notNull().default(''),
  total: numeric('total', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
  lineCount: integer('line_count').notNull().default(0),
  firstLineTitle: text('first_line_title').notNull().default(''),
  holdReason: text('hold_reason'),
  /**
   * Which system hold `holdReason` is, so it is answered in the reader's language; null for an operator's
   * own reason, shown as written.
   */
  holdCode: text('hold_code').$type<SystemHold>(),
  /** Placed with 'файлы пришлю позже': held at the engineering check until every line has files. */
  filesAwaited: boolean('files_awaited').notNull().default(false),
  trackingNumber: text('tracking_number'),
  createdAt: createdAt(),
  statusChangedAt: at('status_changed_at').notNull().defaultNow(),
}, (t) => [
  index('orders_client_idx').on(t.clientId),
  // Keyset and bounded-offset pages of one client's orders, by status or not, in either direction.
  index('orders_client_created_idx').on(t.clientId, t.createdAt, t.id),
  index('orders_client_status_created_idx').on(t.clientId, t.status, t.createdAt, t.id),
  // One index per other sort, so a page is read from an index instead of sorting every order of the client.
  index('orders_client_total_idx').on(t.clientId, t.total, t.id),
  index('orders_client_status_changed_idx').on(t.clientId, t.statusChangedAt, t.id),
  index('orders_client_number_idx').on(t.clientId, t.number, t.id),
  // Favourite and held orders are a few per cent of all: partial indexes page them without reading the rest.
  index('orders_client_favorite_idx').on(t.clientId, t.createdAt, t.id).where(sql`${t.isFavorite}`),
  index('orders_client_held_idx').on(t.clientId, t.createdAt, t.id).where(sql`${t.holdReason} is not null`),
]);

/** `name` as the payer was named; `legalForm` (older orders lack it) makes the printed name, `legalName`. */
export interface OrderPayer { payerId: number | null; legalForm?: LegalFormCode; name: string; inn: string; kpp: string | null;
  ogrn: string; legalAddress: string; bik: string; bankName: string; settlementAccount: string; correspondentAccount: string }

export interface OrderContact { contactId: number | null; name: string; phone: string | null; email: string | null }

/**
 * `pointName` is the point, or the recipient (else the address's name) of a saved address. Newer orders
 * also keep the delivery's own `name` with its English `nameEn` and the `recipient` apart; older ones lack them.
 */
export interface OrderDeliverySnapshot { kind: DeliveryKind;
  methodName: string; pointName: string; address: string; endpointId: number | null; deliverySettingId: number | null;
  name?: string; nameEn?: string; recipient?: string }

/** One project of an order, copied at checkout: title, parameters, version and price as they were ordered. */
export const orderLines = pgTable('order_lines', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  // Kept on the line so the positions list of a client pages without joining a million lines to their orders.
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
  versionId: integer('version_id').references(() => projectVersions.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  productType: text('product_type', { enum: PRODUCT_TYPES }).notNull(),
  params: jsonb('params').$type<ProjectParams>(),
  quantity: integer('quantity').notNull(),
  unitPrice: numeric('unit_price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  total: numeric('total', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  days: integer('days').notNull(),
  status: text('status').notNull().references(() => orderLineStatuses.code),
  /** Ordered for an engineer's review despite DFM errors: the order was placed held for that review. */
  dfmReview: boolean('dfm_review').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [
  index('order_lines_order_idx').on(t.orderId),
  // Whether an upload's version was ordered (SetLayers refuses to change it).
  index('order_lines_version_idx').on(t.versionId),
  index('order_lines_client_created_idx').on(t.clientId, t.createdAt, t.id),
  index('order_lines_client_total_idx').on(t.clientId, t.total, t.id),
  index('order_lines_client_title_idx').on(t.clientId, t.title, t.id),
]);

/** Every status change with its date; `note` is the hold or cancel reason or the tracking number. */
export const orderStatusHistory = pgTable('order_status_history', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  status: text('status').notNull().references(() => orderStatuses.code),
  held: boolean('held').notNull().default(false),
  action: text('action'),
  note: text('note'),
  /** The system hold `note` is, answered in the reader's language (as `orders.holdCode`). */
  noteCode: text('note_code').$type<SystemHold>(),
  at: at('at').notNull().defaultNow(),
}, (t) => [index('order_status_history_order_idx').on(t.orderId, t.at)]);

/**
 * Orders per client, status and favourite flag, kept in the same transaction as every change of an order, so the
 * counters and the unsearched list counts read a few rows instead of counting 100 000 orders.
 */
export const orderCounts = pgTable('order_counts', {
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  status: text('status').notNull().references(() => orderStatuses.code),
  held: boolean('held').notNull(),
  isFavorite: boolean('is_favorite').notNull(),
  orders: integer('orders').notNull(),
}, (t) => [primaryKey({ columns: [t.clientId, t.status, t.held, t.isFavorite] })]);

/**
 * Order lines per client, status and product type, kept by statement-level triggers on `order_lines` (migration
 * 0006: one grouped write per statement, so a checkout or a seed of a million lines costs one pass). The positions
 * ListCount reads a few rows of it instead of counting up to 100 000 lines.
 */
export const orderLineCounts = pgTable('order_line_counts', {
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  productType: text('product_type', { enum: PRODUCT_TYPES }).notNull(),
  lines: integer('lines').notNull(),
}, (t) => [primaryKey({ columns: [t.clientId, t.status, t.productType] })]);

export const orderReviews = pgTable('order_reviews', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  rating: text('rating', { enum: RATINGS }).notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('order_reviews_one_per_user').on(t.orderId, t.userId)]);

export const orderComplaints = pgTable('order_complaints', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  lineId: integer('line_id').references(() => orderLines.id, { onDelete: 'set null' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  status: text('status', { enum: REQUEST_STATUSES }).notNull(),
  resolution: text('resolution'),
  createdAt: createdAt(),
  statusChangedAt: at('status_changed_at').notNull().defaultNow(),
}, (t) => [index('order_complaints_order_idx').on(t.orderId)]);

/**
 * An engineer working on an order at the check: one per order, shown to the others so two do not review
 * it unknowingly; a take-over replaces it and is audited.
 */
export const orderClaims = pgTable('order_claims', {
  orderId: integer('order_id').primaryKey().references(() => orders.id, { onDelete: 'cascade' }),
  staffId: integer('staff_id').notNull().references(() => staffMembers.id),
  claimedAt: at('claimed_at').notNull(),
});

/**
 * What an engineer asked the customer of an order at the check: new files (of `lineIds`, or every line when empty) or
 * a decision. Open until the files come or the customer answers; the order is held meanwhile.
 */
export const engineerRequests = pgTable('engineer_requests', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  staffId: integer('staff_id').notNull().references(() => staffMembers.id),
  kind: text('kind', { enum: ENGINEER_REQUEST_KINDS }).notNull(),
  message: text('message').notNull(),
  lineIds: jsonb('line_ids').$type<number[]>().notNull().default([]),
  /** The lines whose new files are still awaited (every asked line at first); the request is answered once empty. */
  pendingLineIds: jsonb('pending_line_ids').$type<number[]>().notNull().default([]),
  /** Kind 'correction': each line before and after, as priced when the engineer sent it. */
  corrections: jsonb('corrections').$type<LineCorrection[]>(),
  createdAt: createdAt(),
  answeredAt: at('answered_at'),
  answer: text('answer'),
  answeredByUserId: integer('answered_by_user_id'),
}, (t) => [index('engineer_requests_order_idx').on(t.orderId)]);
