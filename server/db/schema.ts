import { sql } from 'drizzle-orm';
import {
  boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

/** E-mails are stored lower-cased, so the unique index is case-insensitive in effect. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email'),
  phone: text('phone'),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  patronymic: text('patronymic').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  avatar: text('avatar'),
  isMale: boolean('is_male'),
  isFilled: boolean('is_filled').notNull().default(false),
  /** Spec second-factor types (0 SMS, 1 flash call, 2 e-mail), preferred first. */
  secondFactorTypes: integer('second_factor_types').array().notNull().default(sql`'{}'::integer[]`),
  reservePhone: text('reserve_phone'),
  reserveEmail: text('reserve_email'),
  /** The language of the app the user last signed in or registered with: letters are written in it. */
  lang: text('lang', { enum: ['ru', 'en'] }).notNull().default('ru'),
  /** Order letters the user has turned off (server/letters); codes and security letters always go. */
  mutedLetters: text('muted_letters').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('users_email_unique').on(t.email), uniqueIndex('users_phone_unique').on(t.phone)]);

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

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

/**
 * A file sent with a letter: its bytes, or the invoice whose PDF is drawn when the letter is sent (drawing it in the
 * transaction that issues the invoice would hold the database for the drawing).
 */
export type OutboxAttachment = { filename: string; contentType: string } & ({ base64: string } | { invoiceId: number });

/**
 * Every code and letter the gateway sends, as a durable queue (docs/decisions.md "Delivery"): delivery workers claim
 * a row with a lease, as board jobs are claimed, send it, and mark it sent, or put it back with a back-off until
 * `giveUpAt`, then fail it with the reason. In production a row holding a code has its text sealed, and every
 * sent or failed row forgets its text; the subject stays for the record.
 */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  channel: text('channel', { enum: ['sms', 'flashcall', 'email'] }).notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  /** The plain text: the SMS, the letter's text part, a flash call's fallback SMS. */
  body: text('body').notNull(),
  html: text('html'),
  attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
  code: text('code'),
  /** Whether body, html and code are sealed (production, a code inside). */
  sealed: boolean('sealed').notNull().default(false),
  status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  runAfter: at('run_after').notNull().defaultNow(),
  leaseOwner: text('lease_owner'),
  leaseUntil: at('lease_until'),
  giveUpAt: at('give_up_at').notNull(),
  /** The channel it finally went by: 'sms' for a flash call the provider could not place. */
  sentVia: text('sent_via', { enum: ['sms', 'flashcall', 'email'] }),
  sentAt: at('sent_at'),
  error: text('error'),
  /** The provider's id of the message and its last delivery status, where its API gives them. */
  providerMessageId: text('provider_message_id'),
  providerStatus: text('provider_status'),
  /** When to ask the provider for the status again; null once it is final or the provider gives none. */
  statusCheckAt: at('status_check_at'),
  createdAt: createdAt(),
}, (t) => [index('outbox_claim_idx').on(t.status, t.runAfter)]);

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

/**
 * Notifications, per user. `content` holds the per-type fields as the product spec names them, checked against the
 * contract when a notification is created (server/notifications/create.ts). Both indexes follow the list order
 * (PostgreSQL's default DESC, NULLS FIRST, so a backward scan serves ascending order too): a page and the unread
 * count read only the user's own rows.
 */
export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  content: jsonb('content').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  readAt: at('read_at'),
}, (t) => [
  index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('notifications_user_unread_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.readAt} is null`),
]);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
