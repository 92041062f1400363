import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, at } from '../db/columns';
import { users } from '../db/schema';

/** The token's Secret lives here as a hash; rotating it on refresh keeps the previous hash for reuse detection. */
export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  secretHash: text('secret_hash').notNull(),
  previousSecretHash: text('previous_secret_hash'),
  /**
   * Whether the current Secret has been presented since it was issued. A refresh with the previous Secret while the
   * current one was never seen is a lost answer (the page was left mid-refresh), not a replay: see rotateSession.
   */
  secretSeen: boolean('secret_seen').notNull().default(true),
  rotatedAt: at('rotated_at'),
  /** A Secret replaced before it was ever used; presenting it later is a replay. */
  abandonedSecretHash: text('abandoned_secret_hash'),
  fingerprint: text('fingerprint').notNull().default(''),
  deviceInfo: text('device_info').notNull().default(''),
  location: text('location').notNull().default(''),
  ip: text('ip').notNull().default(''),
  isStranger: boolean('is_stranger').notNull().default(false),
  createdAt: createdAt(),
  lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  endedAt: at('ended_at'),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

/** Second-factor logins, registrations and password resets: each is a process that holds at most one live code. */
export const authProcesses = pgTable('auth_processes', {
  id: uuid('id').primaryKey(),
  kind: text('kind', {
    enum: ['second_factor', 'registration', 'password_reset', 'credential_change', 'reserve_confirmation', 'client_restoration'],
  }).notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** Registration step, or 'done' once the process has been used up. */
  step: text('step').notNull(),
  phone: text('phone'),
  email: text('email'),
  usingFlashcall: boolean('using_flashcall').notNull().default(false),
  fingerprint: text('fingerprint').notNull().default(''),
  deviceInfo: text('device_info').notNull().default(''),
  location: text('location').notNull().default(''),
  ip: text('ip').notNull().default(''),
  codeHash: text('code_hash'),
  codeLength: integer('code_length'),
  codeSentAt: at('code_sent_at'),
  codeExpiresAt: at('code_expires_at'),
  codeUsed: boolean('code_used').notNull().default(false),
  /** What a credential change, reserve confirmation or client restoration carries between its steps. */
  payload: jsonb('payload').$type<Record<string, unknown>>(),
  attempts: integer('attempts').notNull().default(0),
  sends: integer('sends').notNull().default(0),
  expiresAt: at('expires_at').notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('auth_processes_user_idx').on(t.userId, t.kind),
  // A password reset is found by its address, also for an address no account uses (server/auth/password-routes.ts).
  index('auth_processes_email_idx').on(t.email, t.kind),
]);

/** Fixed-window counters updated with one upsert, so limits hold across gateway processes. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: at('window_start').notNull(),
  hits: integer('hits').notNull(),
});

/** One-time keys that let staff sign in as a customer; issued by `server/admin.ts stranger-key`. */
export const strangerKeys = pgTable('stranger_keys', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('stranger_keys_hash_unique').on(t.keyHash)]);
