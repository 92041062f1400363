import { asc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './connect';

/**
 * What the gateway's queues share (board jobs, the outbox, webhook deliveries): a row is claimed with `FOR UPDATE SKIP LOCKED`
 * under a lease its gateway renews, so several gateways share the work and a dead gateway's claim runs out.
 */
export interface Lease { owner: string; leaseMs: number }

export const leaseUntil = (now: Date, ms: number) => new Date(now.getTime() + ms);

/** The id of the oldest due row (`due`), skipping the rows another claimer has locked: for the claim's update. */
export function nextDue(db: Db, table: PgTable & { id: PgColumn; runAfter: PgColumn }, due: SQL | undefined): SQL {
  const next = db.select({ id: table.id }).from(table as PgTable).where(due)
    .orderBy(asc(table.runAfter), asc(table.id)).limit(1).for('update', { skipLocked: true });
  return sql`(${next})`;
}

/** A claimed row: being sent, one more attempt, under the claimer's lease. */
export const claimedUnder = (attempts: PgColumn, lease: Lease, now: Date) =>
  ({ status: 'sending' as const, attempts: sql`${attempts} + 1`, leaseOwner: lease.owner, leaseUntil: leaseUntil(now, lease.leaseMs) });
