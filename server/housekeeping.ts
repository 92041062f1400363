import { and, eq, inArray, lt, notExists } from 'drizzle-orm';
import { authProcesses, rateLimits } from './auth/schema';
import type { Db } from './db/connect';
import { outbox } from './delivery/schema';
import { staffSignIns } from './staff/schema';
import { webhookDeliveries, webhookEvents } from './webhooks/schema';

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
