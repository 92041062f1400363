import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '../../src/contract/call';
import { ENGINEER_REQUEST_KINDS, type LineCorrection } from '../../src/contract/engineer-requests';
import { orders } from './schema-business';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The manufacturer's people (docs/decisions.md "Staff accounts"): apart from customers' users, with their
 * own sessions. E-mails are stored lower-cased. No password until the set-up link is used; no second factor until the
 * first sign-in enrols one.
 */
export const staffMembers = pgTable('staff_members', {
  id: serial('id').primaryKey(),
  /** Null for a system (kind 'system'), which signs in with an API key only. */
  email: text('email'),
  name: text('name').notNull(),
  role: text('role', { enum: STAFF_ROLES }).notNull(),
  /** 'system': one of the manufacturer's systems (an ERP), with no password nor second factor, calling with an API key. */
  kind: text('kind', { enum: ['person', 'system'] }).notNull().default('person'),
  passwordHash: text('password_hash'),
  /** Hash of the one-time set-up link's token; null once used or when none is out. */
  setupTokenHash: text('setup_token_hash'),
  setupExpiresAt: at('setup_expires_at'),
  /** Base32 TOTP secret, set when the member confirms enrolment with a code. */
  totpSecret: text('totp_secret'),
  totpEnrolledAt: at('totp_enrolled_at'),
  /** The TOTP step of the last accepted code: a code of it or of an earlier step is refused (no replay). */
  totpLastStep: integer('totp_last_step').notNull().default(0),
  disabledAt: at('disabled_at'),
  /** The admin who created the member; null: the command line (`npm run admin -- staff-create`). */
  createdBy: integer('created_by'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('staff_members_email_unique').on(t.email)]);

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

/** What staff (or the command line) did to staff accounts and sessions: never a secret or a password hash. */
export const staffAudit = pgTable('staff_audit', {
  id: serial('id').primaryKey(),
  /** The acting member; null with actor 'cli'. */
  actorStaffId: integer('actor_staff_id'),
  actor: text('actor', { enum: ['staff', 'cli'] }).notNull(),
  at: at('at').notNull().defaultNow(),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id').notNull(),
  before: jsonb('before').$type<Record<string, unknown>>(),
  after: jsonb('after').$type<Record<string, unknown>>(),
  requestId: text('request_id').notNull().default(''),
}, (t) => [index('staff_audit_at_idx').on(t.at), index('staff_audit_actor_idx').on(t.actorStaffId, t.at)]);

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
