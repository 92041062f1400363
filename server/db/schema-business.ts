import { sql } from 'drizzle-orm';
import {
  boolean, customType, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BoardAnalysis } from '../../src/contract/board-files';
import { PRODUCT_TYPES, type ProjectParams } from '../../src/contract/board';
import type { PriceQuote } from '../../src/contract/projects';
import { users } from './schema';
import {
  clientActivities, countries, deliveryEndpoints, deliveryMethods, divisionEndpoints, offices, orderStatuses,
  projectStatuses, regions,
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
  pendingUpdate: jsonb('pending_update').$type<{ fullName: string; regionId: number | null; officeId: number | null; requestedAt: string; requestedBy: number }>(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('clients_inn_unique').on(t.inn).where(sql`${t.inn} is not null`)]);

/** Role ids of spec section 6: 1 owner, 2 admin, 3 universal, 4 engineer, 5 buyer. */
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
}, (t) => [uniqueIndex('project_versions_number_unique').on(t.projectId, t.number)]);

/**
 * One upload of Gerber / drill files for a client. Files and renders live in the database, not on disk, so a
 * refused upload leaves nothing behind and several gateways can share one PostgreSQL.
 */
export const boardUploads = pgTable('board_uploads', {
  id: text('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  archiveName: text('archive_name').notNull(),
  status: text('status', { enum: ['processing', 'done', 'failed'] }).notNull(),
  step: text('step').notNull(),
  error: text('error'),
  analysis: jsonb('analysis').$type<BoardAnalysis>(),
  createdAt: createdAt(),
}, (t) => [index('board_uploads_client_idx').on(t.clientId)]);

export const boardUploadFiles = pgTable('board_upload_files', {
  uploadId: text('upload_id').notNull().references(() => boardUploads.id, { onDelete: 'cascade' }),
  fileId: text('file_id').notNull(),
  name: text('name').notNull(),
  content: bytea('content').notNull(),
}, (t) => [primaryKey({ columns: [t.uploadId, t.fileId] })]);

/** SVG renders of an upload: 'top', 'bottom' and 'layer-<fileId>'. */
export const boardRenders = pgTable('board_renders', {
  uploadId: text('upload_id').notNull().references(() => boardUploads.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  svg: text('svg').notNull(),
}, (t) => [primaryKey({ columns: [t.uploadId, t.name] })]);

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  number: text('number').notNull().unique(),
  status: text('status').notNull().references(() => orderStatuses.code),
  isFavorite: boolean('is_favorite').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [index('orders_client_idx').on(t.clientId)]);

/** `price` is the price of the whole line; null until the line has been estimated. */
export const basketItems = pgTable('basket_items', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull(),
  price: numeric('price', { precision: 14, scale: 2, mode: 'number' }),
  createdAt: createdAt(),
}, (t) => [index('basket_items_user_idx').on(t.userId)]);

/** Spec 4: pending until acceptedAt or declinedAt is set; at most one pending request per user and client. */
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
 * Spec 4: an invitation goes to an e-mail (lower-cased), so a user who registers later with it sees it.
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

/** Delivery settings of spec 3: one kind, its method, and an endpoint, a division or an address by kind. */
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
