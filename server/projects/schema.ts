import { eq } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PRODUCT_TYPES, type ProjectParams } from '../../src/contract/board';
import type { PriceQuote } from '../../src/contract/projects';
import { createdAt, timestamps } from '../db/columns';
import { boardUploads } from '../board-jobs/schema';
import { clientRecord, users } from '../db/schema';
import { projectStatuses } from '../db/reference/schema';

/**
 * A board project. `params` and `quote` are the current version's parameters and price (null only for projects
 * seeded before parameters were kept); `updatedAt` is the 'activity' the list sorts by.
 */
export const projects = pgTable('projects', {
  ...clientRecord(),
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
  ...timestamps(),
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

/** How a project reaches its files: its current version, and that version's upload. */
export const currentVersion = eq(projectVersions.id, projects.currentVersionId);
export const versionUpload = eq(boardUploads.id, projectVersions.uploadId);
