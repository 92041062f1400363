import { and, eq, inArray, lt, notExists } from 'drizzle-orm';
import type { Db } from './connect';
import { authProcesses, outbox, rateLimits } from './schema';
import { webhookDeliveries, webhookEvents } from './schema-api';
import { staffSignIns } from './schema-staff';

const DAY_MS = 24 * 3600 * 1000;

export interface Retention {
  rateWindowSeconds: number;
  /** Sent and failed messages, and webhook events posted or given up, are kept this long (DELIVERY_KEEP_DAYS). */
  outboxKeepDays: number;
}

/**
 * Drops rows nothing can use any more: finished rate-limit windows, processes and staff sign-ins expired a day ago, and sent or failed
 * messages and webhook events (with their deliveries) past their keeping time (waiting ones are never dropped: they still have to go).
 */
export async function sweepExpired(db: Db, now: Date, retention: Retention): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - retention.rateWindowSeconds * 1000)));
  await db.delete(authProcesses).where(lt(authProcesses.expiresAt, new Date(now.getTime() - DAY_MS)));
  await db.delete(staffSignIns).where(lt(staffSignIns.expiresAt, new Date(now.getTime() - DAY_MS)));
  await db.delete(outbox).where(and(
    inArray(outbox.status, ['sent', 'failed']), lt(outbox.createdAt, new Date(now.getTime() - retention.outboxKeepDays * DAY_MS)),
  ));
  const waiting = db.select({ id: webhookDeliveries.id }).from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.eventId, webhookEvents.id), inArray(webhookDeliveries.status, ['queued', 'sending'])));
  await db.delete(webhookEvents).where(and(
    lt(webhookEvents.createdAt, new Date(now.getTime() - retention.outboxKeepDays * DAY_MS)), notExists(waiting),
  ));
}

/** Runs the sweep every `everyMs` without keeping the process alive; returns the stop function. */
export function scheduleSweep(run: () => Promise<void>, onError: (error: unknown) => void, everyMs = 10 * 60 * 1000): () => void {
  const timer = setInterval(() => void run().catch(onError), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
