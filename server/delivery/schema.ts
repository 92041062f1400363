import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, at } from '../db/columns';

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
