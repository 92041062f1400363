import { and, asc, eq, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { outbox } from '../db/schema';

/**
 * The outbox as a queue: rows claimed with `FOR UPDATE SKIP LOCKED` under a lease, as board jobs are
 * (server/board-files/queue.ts), so several gateways share the sending and a gateway that dies mid-send leaves its
 * message to another once the lease runs out. Every call takes the time from the caller's clock.
 */

export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxDraft = Pick<typeof outbox.$inferInsert,
  'channel' | 'recipient' | 'subject' | 'body' | 'html' | 'attachments' | 'code' | 'sealed' | 'giveUpAt'>;

export interface Lease { owner: string; leaseMs: number }

const until = (now: Date, ms: number) => new Date(now.getTime() + ms);

export async function enqueueMessage(db: Db, draft: OutboxDraft, now: Date): Promise<OutboxRow> {
  const [row] = await db.insert(outbox).values({ ...draft, status: 'queued', runAfter: now, createdAt: now }).returning();
  if (!row) throw new Error('the outbox row was not written');
  return row;
}

/** Queued and due, or being sent under a lease that ran out (its gateway died or stalled). */
const claimable = (now: Date) => or(
  and(eq(outbox.status, 'queued'), lte(outbox.runAfter, now)),
  and(eq(outbox.status, 'sending'), lt(outbox.leaseUntil, now)),
);

/**
 * Takes the oldest due message, or the one named by `id` if it is due (a code sent while its request waits). The
 * update re-checks the condition, so two claimers never both get one row.
 */
export async function claimMessage(db: Db, lease: Lease, now: Date, id?: number): Promise<OutboxRow | null> {
  const wanted = id === undefined ? claimable(now) : and(eq(outbox.id, id), claimable(now));
  const next = db.select({ id: outbox.id }).from(outbox).where(wanted)
    .orderBy(asc(outbox.runAfter), asc(outbox.id)).limit(1).for('update', { skipLocked: true });
  const [row] = await db.update(outbox)
    .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1`, leaseOwner: lease.owner, leaseUntil: until(now, lease.leaseMs) })
    .where(and(eq(outbox.id, sql`(${next})`), claimable(now)))
    .returning();
  return row ?? null;
}

const held = (id: number, owner: string) => and(eq(outbox.id, id), eq(outbox.leaseOwner, owner), eq(outbox.status, 'sending'));

/** What a sent or failed row keeps in production: the subject and the record, not the text. */
export const FORGOTTEN = { body: '', html: null, code: null, attachments: null, sealed: false } as const;

export interface SentRecord {
  sentVia: OutboxRow['channel'];
  providerMessageId: string | null;
  providerStatus: string | null;
  statusCheckAt: Date | null;
}

/** Marks a held message sent; false when the lease was lost meanwhile (another gateway took it). */
export async function markSent(db: Db, id: number, owner: string, record: SentRecord, forget: boolean, now: Date): Promise<boolean> {
  const rows = await db.update(outbox)
    .set({ status: 'sent', sentAt: now, leaseUntil: null, error: null, ...record, ...(forget ? FORGOTTEN : {}) })
    .where(held(id, owner)).returning({ id: outbox.id });
  return rows.length > 0;
}

/** Puts a held message back to be tried at `runAfter`, keeping the reason of this failure. */
export async function retryLater(db: Db, id: number, owner: string, error: string, runAfter: Date): Promise<void> {
  await db.update(outbox).set({ status: 'queued', leaseOwner: null, leaseUntil: null, runAfter, error }).where(held(id, owner));
}

/** Gives a held message up for good with its reason. */
export async function markFailed(db: Db, id: number, owner: string, error: string, forget: boolean): Promise<void> {
  await db.update(outbox).set({ status: 'failed', leaseUntil: null, error, ...(forget ? FORGOTTEN : {}) }).where(held(id, owner));
}

/**
 * A flash call the provider cannot place goes as an SMS (its body is that SMS): the row changes channel, keeping why,
 * so a retry goes by SMS too.
 */
export async function switchToSms(db: Db, id: number, owner: string, reason: string): Promise<void> {
  await db.update(outbox).set({ channel: 'sms', error: reason }).where(held(id, owner));
}

/** Sent messages whose provider status is due to be asked again. */
export async function dueStatusChecks(db: Db, now: Date, limit: number): Promise<OutboxRow[]> {
  return db.select().from(outbox)
    .where(and(eq(outbox.status, 'sent'), isNotNull(outbox.providerMessageId), lte(outbox.statusCheckAt, now)))
    .orderBy(asc(outbox.statusCheckAt)).limit(limit);
}

export async function recordStatus(db: Db, id: number, providerStatus: string, nextCheck: Date | null): Promise<void> {
  await db.update(outbox).set({ providerStatus, statusCheckAt: nextCheck }).where(eq(outbox.id, id));
}

export async function findMessage(db: Db, id: number): Promise<OutboxRow | null> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row ?? null;
}
