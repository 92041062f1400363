import { sql } from 'drizzle-orm';
import {
  boolean, customType, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BoardAnalysis } from '../../src/contract/board-files';
import type { LayerOverride } from '../gerber/pipeline';
import { PRODUCT_TYPES, type ProjectParams } from '../../src/contract/board';
import type { PriceQuote } from '../../src/contract/projects';
import type { LegalFormCode } from '../../src/contract/counteragents';
import type { SystemHold } from '../../src/contract/orders';
import type { DfmReviewReason } from '../../src/contract/dfm';
import { users } from './schema';
import {
  clientActivities, countries, deliveryEndpoints, deliveryMethods, divisionEndpoints, offices, orderLineStatuses,
  orderStatuses, projectStatuses, regions,
} from './schema-reference';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Client organisations (spec "clients"); the menu counters are computed from what they own. */
export const clients = pgTable('clients', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  fullName: text('full_name').notNull(),
  clientType: text('client_type', { enum: ['corporate', 'entrepreneur', 'individual', 'selfemployed'] }).notNull(),
  isLegal: boolean('is_legal').notNull(),
  countryId: integer('country_id').references(() => countries.id),
  regionId: integer('region_id').references(() => regions.id),
  activityId: integer('activity_id').references(() => clientActivities.id),
  officeId: integer('office_id').references(() => offices.id),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  middleName: text('middle_name').notNull().default(''),
  siteUrl: text('site_url').notNull().default(''),
  accessibleThroughAdmin: boolean('accessible_through_admin').notNull().default(false),
  avatarUrl: text('avatar_url'),
  /** Requisites of the organisation or entrepreneur; empty for individuals. INN is unique among live clients. */
  inn: text('inn'),
  kpp: text('kpp'),
  ogrn: text('ogrn'),
  /** A verified client's fullName, region and office change only through a reviewed update request. */
  isVerified: boolean('is_verified').notNull().default(false),
  /** A client of the seeded demo data: the only ones whose orders the demo simulator moves. */
  isDemo: boolean('is_demo').notNull().default(false),
  pendingUpdate: jsonb('pending_update').$type<{ fullName: string; regionId: number | null; officeId: number | null; requestedAt: string; requestedBy: number }>(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('clients_inn_unique').on(t.inn).where(sql`${t.inn} is not null`)]);

/** Role ids: 1 owner, 2 admin, 3 universal, 4 engineer, 5 buyer. */
export const clientUsers = pgTable('client_users', {
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  role: integer('role').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.clientId, t.userId] }), index('client_users_user_idx').on(t.userId)]);

/**
 * A board project. `params` and `quote` are the current version's parameters and price (null only for projects
 * seeded before parameters were kept); `updatedAt` is the 'activity' the list sorts by.
 */
export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  ownerUserId: integer('owner_user_id').notNull().references(() => users.id),
  title: text('title').notNull(),
  status: text('status').notNull().references(() => projectStatuses.code),
  productType: text('product_type', { enum: PRODUCT_TYPES }).notNull(),
  isFavorite: boolean('is_favorite').notNull().default(false),
  quantity: integer('quantity').notNull().default(1),
  params: jsonb('params').$type<ProjectParams>(),
  quote: jsonb('quote').$type<PriceQuote>(),
  /** Total of the quote, kept apart for sorting and the cart. */
  price: numeric('price', { precision: 14, scale: 2, mode: 'number' }),
  currentVersionId: integer('current_version_id'),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [
  index('projects_client_idx').on(t.clientId),
  index('projects_client_activity_idx').on(t.clientId, t.updatedAt),
]);

/** A changed set of files makes a new version; parameters are kept per version so an old one can be looked at. */
export const projectVersions = pgTable('project_versions', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  number: integer('number').notNull(),
  uploadId: text('upload_id').references(() => boardUploads.id, { onDelete: 'set null' }),
  params: jsonb('params').$type<ProjectParams>().notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('project_versions_number_unique').on(t.projectId, t.number),
  // Whether an upload is in a cart or an order (SetLayers) and whether any version uses it (retention).
  index('project_versions_upload_idx').on(t.uploadId),
]);

/**
 * One upload of Gerber / drill files for a client. The bytes of its files and renders live in the file store
 * (server/board-jobs/file-store.ts); these tables hold what they are and where they lie.
 */
export const boardUploads = pgTable('board_uploads', {
  id: text('id').primaryKey(),
  /** Null while an instant quote's: then only the holder of the key whose hash is `quoteKeyHash` sees it. */
  clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  quoteKeyHash: text('quote_key_hash'),
  archiveName: text('archive_name').notNull(),
  status: text('status', { enum: ['processing', 'done', 'failed'] }).notNull(),
  step: text('step').notNull(),
  error: text('error'),
  /** The file being read when processing was stopped: the failure's message names it. */
  errorFile: text('error_file'),
  analysis: jsonb('analysis').$type<BoardAnalysis>(),
  /**
   * The job attempt (its render generation) whose DFM the analysis on show awaits, and since when (DFM is
   * measured after the first stage is stored); both null when none is awaited. Only that attempt may store it, and
   * one gone quiet past the time limit is marked failed.
   */
  dfmGeneration: text('dfm_generation'),
  dfmSince: at('dfm_since'),
  /**
   * Why ordering these files goes for an engineer's review whatever DFM finds: set when the user's layer
   * corrections changed what DFM measures, and never cleared by the customer (setting the layers back keeps it).
   */
  dfmReviewReason: text('dfm_review_reason').$type<DfmReviewReason>(),
  createdAt: createdAt(),
}, (t) => [index('board_uploads_client_idx').on(t.clientId), index('board_uploads_created_idx').on(t.createdAt)]);

/** `content` only holds bytes stored before the file store; the gateway moves them there on start. */
export const boardUploadFiles = pgTable('board_upload_files', {
  uploadId: text('upload_id').notNull().references(() => boardUploads.id, { onDelete: 'cascade' }),
  fileId: text('file_id').notNull(),
  name: text('name').notNull(),
  bytes: integer('bytes').notNull().default(0),
  storeKey: text('store_key'),
  content: bytea('content'),
}, (t) => [primaryKey({ columns: [t.uploadId, t.fileId] })]);

/** SVG renders of an upload: 'top', 'bottom' and 'layer-<fileId>'; `svg` as `content` above. */
export const boardRenders = pgTable('board_renders', {
  uploadId: text('upload_id').notNull().references(() => boardUploads.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  storeKey: text('store_key'),
  etag: text('etag'),
  svg: text('svg'),
}, (t) => [primaryKey({ columns: [t.uploadId, t.name] })]);

/** 'measuring': the first stage is stored and the job, still leased, measures its DFM. */
export const BOARD_JOB_STATUSES = ['queued', 'running', 'measuring', 'done', 'failed'] as const;

/**
 * The processing queue (docs/decisions.md "Board jobs"): a job is claimed with a lease that its gateway renews; a
 * lease that runs out (a crash) lets any gateway claim the job again, up to the attempt cap. One job at most is
 * queued or running per upload. `overrides` null is the first processing, else the user's layer corrections.
 */
export const boardJobs = pgTable('board_jobs', {
  id: serial('id').primaryKey(),
  uploadId: text('upload_id').notNull().references(() => boardUploads.id, { onDelete: 'cascade' }),
  overrides: jsonb('overrides').$type<LayerOverride[]>(),
  status: text('status', { enum: BOARD_JOB_STATUSES }).notNull(),
  /** 0 for customers' uploads, 1 for instant quotes: lower runs first. */
  priority: integer('priority').notNull().default(0),
  step: text('step').notNull().default('identify'),
  attempts: integer('attempts').notNull().default(0),
  leaseOwner: text('lease_owner'),
  leaseUntil: at('lease_until'),
  runAfter: at('run_after').notNull(),
  error: text('error'),
  createdAt: createdAt(),
  finishedAt: at('finished_at'),
}, (t) => [
  index('board_jobs_claim_idx').on(t.status, t.runAfter),
  uniqueIndex('board_jobs_active_upload').on(t.uploadId).where(sql`status in ('queued', 'running')`),
]);

/**
 * An order of one client. Payer, contact and delivery are copied at checkout so a later edit of the client's
 * records does not rewrite what was ordered; `holdReason` is set while the current stage is held.
 */
export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  number: text('number').notNull().unique(),
  status: text('status').notNull().references(() => orderStatuses.code),
  isFavorite: boolean('is_favorite').notNull().default(false),
  placedByUserId: integer('placed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  counteragentId: integer('counteragent_id').references(() => counteragents.id, { onDelete: 'set null' }),
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
export interface OrderPayer { counteragentId: number | null; legalForm?: LegalFormCode; name: string; inn: string; kpp: string | null;
  ogrn: string; legalAddress: string; bik: string; bankName: string; settlementAccount: string; correspondentAccount: string }
export interface OrderContact { contactId: number | null; name: string; phone: string | null; email: string | null }
/**
 * `pointName` is the point, or the recipient (else the address's name) of a saved address. Newer orders
 * also keep the delivery's own `name` with its English `nameEn` and the `recipient` apart; older ones lack them.
 */
export interface OrderDeliverySnapshot { kind: 'express_post' | 'pickup_point' | 'russian_post' | 'warehouse';
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

/** One placed checkout per idempotency key: a repeated request finds its order here. */
export const orderCheckouts = pgTable('order_checkouts', {
  key: text('key').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * An invoice per order. What the list shows and searches is in this narrow row; the copied requisites and lines
 * (`invoice_documents`) live apart, so a search over 100 000 invoices does not read their documents.
 */
export const invoices = pgTable('invoices', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().unique().references(() => orders.id, { onDelete: 'cascade' }),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  number: text('number').notNull().unique(),
  orderNumber: text('order_number').notNull(),
  amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  vat: numeric('vat', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  payerName: text('payer_name').notNull(),
  payerInn: text('payer_inn').notNull(),
  issuedAt: at('issued_at').notNull().defaultNow(),
  paidAt: at('paid_at'),
  /** The УПД issued at shipment: its number ('УПД-2026-00001') and date; null until the order is shipped. */
  transferNumber: text('transfer_number').unique(),
  transferredAt: at('transferred_at'),
}, (t) => [
  index('invoices_client_issued_idx').on(t.clientId, t.issuedAt, t.id),
  index('invoices_client_amount_idx').on(t.clientId, t.amount, t.id),
  index('invoices_client_number_idx').on(t.clientId, t.number, t.id),
  index('invoices_client_unpaid_idx').on(t.clientId, t.issuedAt, t.id).where(sql`${t.paidAt} is null`),
]);

/** Requisites and lines copied when the invoice is issued, so the PDF never changes later. */
export const invoiceDocuments = pgTable('invoice_documents', {
  invoiceId: integer('invoice_id').primaryKey().references(() => invoices.id, { onDelete: 'cascade' }),
  document: jsonb('document').$type<InvoiceDocument>().notNull(),
});

/** Invoices per client, paid or not, kept with every issue and payment so list counts read two rows. */
export const invoiceCounts = pgTable('invoice_counts', {
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  paid: boolean('paid').notNull(),
  invoices: integer('invoices').notNull(),
}, (t) => [primaryKey({ columns: [t.clientId, t.paid] })]);

export interface InvoiceParty { name: string; inn: string; kpp: string | null; ogrn: string; address: string;
  bik: string; bankName: string; settlementAccount: string; correspondentAccount: string; phone?: string }
export interface InvoiceDocument { supplier: InvoiceParty; payer: InvoiceParty; orderNumber: string;
  lines: Array<{ title: string; quantity: number; unit: string; unitPrice: number; total: number }>;
  vatPercent: number; payWithinDays: number }

export const orderReviews = pgTable('order_reviews', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  rating: text('rating', { enum: ['good', 'regular', 'bad'] }).notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('order_reviews_one_per_user').on(t.orderId, t.userId)]);

export const orderComplaints = pgTable('order_complaints', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  lineId: integer('line_id').references(() => orderLines.id, { onDelete: 'set null' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  status: text('status', { enum: ['new', 'processing', 'completed', 'canceled', 'rejected', 'improving'] }).notNull(),
  resolution: text('resolution'),
  createdAt: createdAt(),
  statusChangedAt: at('status_changed_at').notNull().defaultNow(),
}, (t) => [index('order_complaints_order_idx').on(t.orderId)]);

/** Named groups and kits of a client's projects (menu 'Группы', 'Комплекты'). */
export const projectSets = pgTable('project_sets', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['group', 'kit'] }).notNull(),
  name: text('name').notNull(),
  createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [index('project_sets_client_idx').on(t.clientId, t.kind, t.updatedAt)]);

export const projectSetItems = pgTable('project_set_items', {
  setId: integer('set_id').notNull().references(() => projectSets.id, { onDelete: 'cascade' }),
  projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull().default(1),
  addedAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.setId, t.projectId] })]);

/** `price` is the price of the whole line; null until the line has been estimated. */
export const basketItems = pgTable('basket_items', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull(),
  price: numeric('price', { precision: 14, scale: 2, mode: 'number' }),
  /** Added with DFM errors acknowledged, for an engineer's review; the order is placed held for it. */
  dfmReview: boolean('dfm_review').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [index('basket_items_user_idx').on(t.userId)]);

/** Pending until acceptedAt or declinedAt is set; at most one pending request per user and client. */
export const accessRequests = pgTable('access_requests', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  requesterUserId: integer('requester_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  message: text('message').notNull().default(''),
  createdAt: createdAt(),
  acceptedAt: at('accepted_at'),
  declinedAt: at('declined_at'),
  solverUserId: integer('solver_user_id').references(() => users.id, { onDelete: 'set null' }),
}, (t) => [
  index('access_requests_client_idx').on(t.clientId, t.createdAt),
  index('access_requests_requester_idx').on(t.requesterUserId),
  uniqueIndex('access_requests_pending_unique').on(t.clientId, t.requesterUserId)
    .where(sql`${t.acceptedAt} is null and ${t.declinedAt} is null`),
]);

/**
 * An invitation goes to an e-mail (lower-cased), so a user who registers later with it sees it.
 * invitedUserId is set when that user answers.
 */
export const invitations = pgTable('invitations', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  creatorUserId: integer('creator_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: integer('role').notNull().default(3),
  invitedUserId: integer('invited_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  acceptedAt: at('accepted_at'),
  declinedAt: at('declined_at'),
  canceledAt: at('canceled_at'),
  cancelerUserId: integer('canceler_user_id').references(() => users.id, { onDelete: 'set null' }),
}, (t) => [
  index('invitations_client_idx').on(t.clientId, t.createdAt),
  index('invitations_email_idx').on(t.email),
  uniqueIndex('invitations_pending_unique').on(t.clientId, t.email)
    .where(sql`${t.acceptedAt} is null and ${t.declinedAt} is null and ${t.canceledAt} is null`),
]);

/** Clients of the previous cabinet ("old LK") and their orders: what client restoration finds by e-mail or order. */
export const legacyClients = pgTable('legacy_clients', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  fullName: text('full_name').notNull(),
  clientType: text('client_type', { enum: ['corporate', 'entrepreneur', 'individual', 'selfemployed'] }).notNull(),
  inn: text('inn'),
  kpp: text('kpp'),
  ogrn: text('ogrn'),
  countryId: integer('country_id').references(() => countries.id),
  regionId: integer('region_id').references(() => regions.id),
  /** Set once restored, so one old client becomes at most one client. */
  restoredClientId: integer('restored_client_id').references(() => clients.id, { onDelete: 'set null' }),
}, (t) => [index('legacy_clients_email_idx').on(t.email)]);

export const legacyOrders = pgTable('legacy_orders', {
  number: text('number').primaryKey(),
  legacyClientId: integer('legacy_client_id').notNull().references(() => legacyClients.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
});

/** Payers (spec "counteragents") of a client, with Russian requisites checked by src/contract/requisites.ts. */
export const counteragents = pgTable('counteragents', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  legalForm: text('legal_form').notNull(),
  name: text('name').notNull(),
  inn: text('inn').notNull(),
  kpp: text('kpp'),
  ogrn: text('ogrn').notNull(),
  legalAddress: text('legal_address').notNull().default(''),
  bik: text('bik').notNull(),
  bankName: text('bank_name').notNull().default(''),
  settlementAccount: text('settlement_account').notNull(),
  correspondentAccount: text('correspondent_account').notNull(),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [index('counteragents_client_idx').on(t.clientId, t.createdAt)]);

export const contacts = pgTable('contacts', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  middleName: text('middle_name').notNull().default(''),
  position: text('position').notNull().default(''),
  phone: text('phone'),
  email: text('email'),
  comment: text('comment').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [index('contacts_client_idx').on(t.clientId, t.createdAt)]);

/** Delivery settings: one kind, its method, and an endpoint, a division or an address by kind. */
export const deliverySettings = pgTable('delivery_settings', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['express_post', 'pickup_point', 'russian_post', 'warehouse'] }).notNull(),
  methodId: integer('method_id').notNull().references(() => deliveryMethods.id),
  endpointId: integer('endpoint_id').references(() => deliveryEndpoints.id),
  divisionId: integer('division_id').references(() => divisionEndpoints.id),
  name: text('name').notNull().default(''),
  address: text('address').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  recipientName: text('recipient_name').notNull().default(''),
  recipientPhone: text('recipient_phone'),
  comment: text('comment').notNull().default(''),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [index('delivery_settings_client_idx').on(t.clientId, t.createdAt)]);

/** Uploaded images (avatars) served under /files/images/{id}; the id is random, so the URL is not guessable. */
export const images = pgTable('images', {
  id: text('id').primaryKey(),
  ownerUserId: integer('owner_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
}, (t) => [index('images_owner_idx').on(t.ownerUserId)]);
