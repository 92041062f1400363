import { and, asc, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { claimedUnder, leaseUntil, nextDue, type Lease } from '../db/leased-queue';
import { outbox } from './schema';

/**
 * The outbox as a queue: rows claimed with `FOR UPDATE SKIP LOCKED` under a lease, as board jobs are
 * (server/board-jobs/queue.ts), so several gateways share the sending and a gateway that dies mid-send leaves its
 * message to another once the lease runs out. Every call takes the time from the caller's clock.
 */

export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxDraft = Pick<typeof outbox.$inferInsert,
  'channel' | 'recipient' | 'subject' | 'body' | 'html' | 'attachments' | 'code' | 'sealed' | 'giveUpAt'>;

/**
 * Queues a message, or with `holder` writes it already claimed by that gateway: a code sent while its request waits is
 * never taken by another gateway's poll between the insert and the send.
 */
export async function enqueueMessage(db: Db, draft: OutboxDraft, now: Date, holder?: Lease): Promise<OutboxRow> {
  const claimed = holder ? { status: 'sending' as const, attempts: 1, leaseOwner: holder.owner, leaseUntil: leaseUntil(now, holder.leaseMs) } : {};
  const [row] = await db.insert(outbox).values({ ...draft, status: 'queued', runAfter: now, createdAt: now, ...claimed }).returning();
  if (!row) throw new Error('the outbox row was not written');
  return row;
}

/** Queued and due, or being sent under a lease that ran out (its gateway died or stalled). */
const claimable = (now: Date) => or(
  and(eq(outbox.status, 'queued'), lte(outbox.runAfter, now)),
  and(eq(outbox.status, 'sending'), lt(outbox.leaseUntil, now)),
);

/** Takes the oldest due message. The update re-checks the condition, so two claimers never both get one row. */
export async function claimMessage(db: Db, lease: Lease, now: Date): Promise<OutboxRow | null> {
  const [row] = await db.update(outbox).set(claimedUnder(outbox.attempts, lease, now))
    .where(and(eq(outbox.id, nextDue(db, outbox, claimable(now))), claimable(now))).returning();
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
  /** Kept as the row's `error` although it went: why a flash call went by SMS. */
  note: string | null;
}

/** Renews the lease of a message being sent; false when it is no longer this owner's (it ran out and was taken). */
export async function renewLease(db: Db, id: number, lease: Lease, now: Date): Promise<boolean> {
  const rows = await db.update(outbox).set({ leaseUntil: leaseUntil(now, lease.leaseMs) })
    .where(held(id, lease.owner)).returning({ id: outbox.id });
  return rows.length > 0;
}

/** Marks a held message sent; false when the lease was lost meanwhile (another gateway took it). */
export async function markSent(db: Db, id: number, owner: string, record: SentRecord, forget: boolean, now: Date): Promise<boolean> {
  const rows = await db.update(outbox)
    .set({
      status: 'sent', sentAt: now, leaseUntil: null, error: record.note, sentVia: record.sentVia, providerMessageId: record.providerMessageId,
      providerStatus: record.providerStatus, statusCheckAt: record.statusCheckAt, ...(forget ? FORGOTTEN : {}),
    })
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

/**
 * Takes a due status check by moving its time to `next` if no other gateway moved it first: one provider call per
 * check, whichever gateway looks.
 */
export async function takeStatusCheck(db: Db, row: OutboxRow, next: Date | null): Promise<boolean> {
  if (row.statusCheckAt === null) return false;
  const rows = await db.update(outbox).set({ statusCheckAt: next })
    .where(and(eq(outbox.id, row.id), eq(outbox.statusCheckAt, row.statusCheckAt))).returning({ id: outbox.id });
  return rows.length > 0;
}

export async function recordStatus(db: Db, id: number, providerStatus: string, final: boolean): Promise<void> {
  await db.update(outbox).set({ providerStatus, ...(final ? { statusCheckAt: null } : {}) }).where(eq(outbox.id, id));
}

/** What waits to be sent, for /api/ready: how many messages and since when the oldest. */
export async function waitingMessages(db: Db): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db.select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${outbox.createdAt})`.mapWith(outbox.createdAt) })
    .from(outbox).where(inArray(outbox.status, ['queued', 'sending']));
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

export async function findMessage(db: Db, id: number): Promise<OutboxRow | null> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row ?? null;
}
