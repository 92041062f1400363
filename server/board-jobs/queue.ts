import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { ProcessingStep } from '../../src/contract/board-files';
import type { Db } from '../db/connect';
import { leaseUntil, type Lease } from '../db/leased-queue';
import { boardJobs } from './schema';
import type { LayerOverride } from '../gerber/pipeline';

/**
 * The durable queue of board jobs: rows claimed with `FOR UPDATE SKIP LOCKED` and held by a lease, the same SQL on
 * PGlite and PostgreSQL (docs/decisions.md "Board jobs"). Every call takes the time from the caller's clock.
 */

export type JobRow = typeof boardJobs.$inferSelect;

/** Customers' jobs run before instant quotes': a visitor's upload never delays a paying client's. */
export const CUSTOMER_PRIORITY = 0;
export const QUOTE_PRIORITY = 1;

/**
 * Queues a job; null when the upload already has one queued or running (one at a time per upload). A job still
 * measuring the upload's DFM is over once a new one is queued: the new one replaces the analysis its DFM was for.
 */
export async function enqueueJob(
  db: Db, uploadId: string, overrides: LayerOverride[] | null, now: Date, priority = CUSTOMER_PRIORITY,
): Promise<JobRow | null> {
  const [row] = await db.insert(boardJobs)
    .values({ uploadId, overrides, status: 'queued', runAfter: now, createdAt: now, priority })
    .onConflictDoNothing({ target: boardJobs.uploadId, where: sql`status in ('queued', 'running')` })
    .returning();
  if (!row) return null;
  await db.update(boardJobs).set({ status: 'done', leaseUntil: null, finishedAt: now })
    .where(and(eq(boardJobs.uploadId, uploadId), eq(boardJobs.status, 'measuring')));
  return row;
}

/**
 * A claimable job: queued and due; running or measuring under a lease that ran out while attempts remain; or
 * measuring, given back by a gateway that stopped (no owner), once due.
 */
const claimable = (now: Date, maxAttempts: number) => or(
  and(eq(boardJobs.status, 'queued'), lte(boardJobs.runAfter, now)),
  and(inArray(boardJobs.status, ['running', 'measuring']), lt(boardJobs.leaseUntil, now), lt(boardJobs.attempts, maxAttempts)),
  and(eq(boardJobs.status, 'measuring'), isNull(boardJobs.leaseOwner), lte(boardJobs.runAfter, now), lt(boardJobs.attempts, maxAttempts)),
);

/**
 * Takes the oldest claimable job of the first priority for `owner`, of `upTo` priority at most when given (a slot a
 * quote lends to customers' jobs only). SKIP LOCKED lets several gateways claim at once without waiting on each
 * other's row; the update re-checks the condition, so two claimers never both get one job. A measuring job stays
 * measuring: its first stage is stored, only its DFM is left to do.
 */
export async function claimJob(db: Db, lease: Lease, maxAttempts: number, now: Date, upTo?: number): Promise<JobRow | null> {
  const wanted = upTo === undefined ? claimable(now, maxAttempts) : and(claimable(now, maxAttempts), lte(boardJobs.priority, upTo));
  const next = db.select({ id: boardJobs.id }).from(boardJobs).where(wanted)
    .orderBy(asc(boardJobs.priority), asc(boardJobs.id)).limit(1).for('update', { skipLocked: true });
  const [row] = await db.update(boardJobs)
    .set({
      status: sql`case when ${boardJobs.status} = 'measuring' then 'measuring' else 'running' end`,
      attempts: sql`${boardJobs.attempts} + 1`, leaseOwner: lease.owner, leaseUntil: leaseUntil(now, lease.leaseMs),
    })
    // `= (subquery)` runs the subquery once (an InitPlan); `IN (subquery)` may run it per row and claim several.
    .where(and(eq(boardJobs.id, sql`(${next})`), claimable(now, maxAttempts)))
    .returning();
  return row ?? null;
}

/**
 * Jobs in `stage` whose lease ran out on their last attempt are failed with `error`; returns them so their uploads
 * can be failed too (running: the whole upload; measuring: its DFM, the first stage being stored).
 */
export async function failExhausted(
  db: Db, maxAttempts: number, error: string, now: Date, stage: 'running' | 'measuring' = 'running',
): Promise<JobRow[]> {
  return db.update(boardJobs)
    .set({ status: 'failed', error, leaseUntil: null, finishedAt: now })
    .where(and(eq(boardJobs.status, stage), lt(boardJobs.leaseUntil, now), sql`${boardJobs.attempts} >= ${maxAttempts}`))
    .returning();
}

/** Held by `owner`: running its first stage, or measuring its DFM after it. */
const held = (jobId: number, owner: string) =>
  and(eq(boardJobs.id, jobId), eq(boardJobs.leaseOwner, owner), inArray(boardJobs.status, ['running', 'measuring']));

/**
 * The job's first stage is stored: it stays leased while its DFM is measured, outside the one-active-job rule so a
 * correction may queue a re-run meanwhile; false when the lease was lost.
 */
export async function startMeasuring(db: Db, jobId: number, owner: string): Promise<boolean> {
  const rows = await db.update(boardJobs).set({ status: 'measuring' })
    .where(and(held(jobId, owner), eq(boardJobs.status, 'running'))).returning({ id: boardJobs.id });
  return rows.length > 0;
}

/** Renews the lease; false when it is no longer this owner's (it ran out and another gateway took the job). */
export async function renewLease(db: Db, jobId: number, lease: Lease, now: Date): Promise<boolean> {
  const rows = await db.update(boardJobs).set({ leaseUntil: leaseUntil(now, lease.leaseMs) })
    .where(held(jobId, lease.owner)).returning({ id: boardJobs.id });
  return rows.length > 0;
}

export async function recordStep(db: Db, jobId: number, owner: string, step: ProcessingStep): Promise<void> {
  await db.update(boardJobs).set({ step }).where(held(jobId, owner));
}

/**
 * Ends a held job; false when the lease was lost meanwhile (the caller must not store its result then). The owner
 * stays on the finished row: which gateway ran a job is worth knowing afterwards.
 */
export async function finishJob(db: Db, jobId: number, owner: string, outcome: { error: string | null }, now: Date): Promise<boolean> {
  const rows = await db.update(boardJobs)
    .set({ status: outcome.error ? 'failed' : 'done', error: outcome.error, leaseUntil: null, finishedAt: now })
    .where(held(jobId, owner)).returning({ id: boardJobs.id });
  return rows.length > 0;
}

/**
 * Gives a held job back to the queue (a measuring one stays measuring, with no owner). `countAttempt` false
 * (shutdown) refunds the claim; true (an error of the machine, not the files) keeps it, so a job that keeps failing
 * that way still meets the attempt cap.
 */
export async function releaseJob(
  db: Db, jobId: number, owner: string, options: { countAttempt: boolean; delayMs: number }, now: Date,
): Promise<void> {
  await db.update(boardJobs).set({
    status: sql`case when ${boardJobs.status} = 'measuring' then 'measuring' else 'queued' end`,
    leaseOwner: null, leaseUntil: null, runAfter: new Date(now.getTime() + options.delayMs),
    attempts: options.countAttempt ? boardJobs.attempts : sql`greatest(${boardJobs.attempts} - 1, 0)`,
  }).where(held(jobId, owner));
}

export async function findJob(db: Db, jobId: number): Promise<JobRow | null> {
  const [row] = await db.select().from(boardJobs).where(eq(boardJobs.id, jobId));
  return row ?? null;
}

/** The job of an upload that is queued or running, if any. */
export async function findActiveJob(db: Db, uploadId: string): Promise<JobRow | null> {
  const [row] = await db.select().from(boardJobs)
    .where(and(eq(boardJobs.uploadId, uploadId), inArray(boardJobs.status, ['queued', 'running'])));
  return row ?? null;
}

/** Finished jobs are kept a while for the record, then dropped. */
export async function dropFinishedJobs(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(boardJobs)
    .where(and(inArray(boardJobs.status, ['done', 'failed']), lt(boardJobs.finishedAt, before)))
    .returning({ id: boardJobs.id });
  return rows.length;
}
