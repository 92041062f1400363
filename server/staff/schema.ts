import { index, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, at } from '../db/columns';
import { staffMembers } from '../db/schema';

/** A sign-in between the password and the code; it carries the secret being enrolled on a first sign-in. */
export const staffSignIns = pgTable('staff_sign_ins', {
  id: uuid('id').primaryKey(),
  staffId: integer('staff_id').notNull().references(() => staffMembers.id, { onDelete: 'cascade' }),
  pendingSecret: text('pending_secret'),
  attempts: integer('attempts').notNull().default(0),
  ip: text('ip').notNull().default(''),
  deviceInfo: text('device_info').notNull().default(''),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
}, (t) => [index('staff_sign_ins_staff_idx').on(t.staffId)]);

/** A staff member's session: its opaque token lives here as a hash; it lapses when idle too long or too old. */
export const staffSessions = pgTable('staff_sessions', {
  id: uuid('id').primaryKey(),
  staffId: integer('staff_id').notNull().references(() => staffMembers.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  ip: text('ip').notNull().default(''),
  deviceInfo: text('device_info').notNull().default(''),
  createdAt: createdAt(),
  lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  endedAt: at('ended_at'),
}, (t) => [uniqueIndex('staff_sessions_token_unique').on(t.tokenHash), index('staff_sessions_staff_idx').on(t.staffId)]);

/**
 * The API keys of the manufacturer's systems (docs/decisions.md "Webhooks and API keys for the manufacturer's
 * systems"): each belongs to a staff member of kind 'system', whose role it carries. Only the key's hash is kept.
 */
export const staffApiKeys = pgTable('staff_api_keys', {
  id: serial('id').primaryKey(),
  staffId: integer('staff_id').notNull().references(() => staffMembers.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull(),
  /** The key's first characters, shown in the list so an admin can tell keys apart. */
  keyPrefix: text('key_prefix').notNull(),
  createdBy: integer('created_by'),
  createdAt: createdAt(),
  lastUsedAt: at('last_used_at'),
  revokedAt: at('revoked_at'),
}, (t) => [uniqueIndex('staff_api_keys_hash_unique').on(t.keyHash), index('staff_api_keys_staff_idx').on(t.staffId)]);
