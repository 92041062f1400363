import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LayerOverride } from '../gerber/pipeline';
import type { BoardAnalysis } from '../../src/contract/board-files';
import type { DfmReviewReason } from '../../src/contract/dfm';
import { createdAt, at, bytea } from '../db/columns';
import { clients, users } from '../db/schema';

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
