import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, at } from '../db/columns';
import { clientRecord, users } from '../db/schema';

/** A request and an invitation alike are made, then accepted or declined at most once. */
const answerable = () => ({ createdAt: createdAt(), acceptedAt: at('accepted_at'), declinedAt: at('declined_at') });

/** Pending until acceptedAt or declinedAt is set; at most one pending request per user and client. */
export const accessRequests = pgTable('access_requests', {
  ...clientRecord(),
  requesterUserId: integer('requester_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  message: text('message').notNull().default(''),
  ...answerable(),
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
  ...clientRecord(),
  creatorUserId: integer('creator_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: integer('role').notNull().default(3),
  invitedUserId: integer('invited_user_id').references(() => users.id, { onDelete: 'set null' }),
  ...answerable(),
  canceledAt: at('canceled_at'),
  cancelerUserId: integer('canceler_user_id').references(() => users.id, { onDelete: 'set null' }),
}, (t) => [
  index('invitations_client_idx').on(t.clientId, t.createdAt),
  index('invitations_email_idx').on(t.email),
  uniqueIndex('invitations_pending_unique').on(t.clientId, t.email)
    .where(sql`${t.acceptedAt} is null and ${t.declinedAt} is null and ${t.canceledAt} is null`),
]);
