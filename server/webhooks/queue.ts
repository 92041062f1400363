import { alias } from 'drizzle-orm/pg-core';
import { and, eq, inArray, lt, lte, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { claimedUnder, nextDue, type Lease } from '../db/leased-queue';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from './schema';

/**
 * Deliveries as a queue, as the outbox is (server/delivery/outbox-queue.ts): claimed with `FOR UPDATE SKIP LOCKED`
 * under a lease, so several gateways share them and a dead gateway's claim runs out. A delivery is claimable only when
 * no earlier delivery of its order to its endpoint is still waiting or being sent: events of an order go in order.
 */

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const WAITING = ['queued', 'sending'] as const;

const due = (now: Date) => or(
  and(eq(webhookDeliveries.status, 'queued'), lte(webhookDeliveries.runAfter, now)),
  and(eq(webhookDeliveries.status, 'sending'), lt(webhookDeliveries.leaseUntil, now)),
);

export async function claimDelivery(db: Db, lease: Lease, now: Date): Promise<DeliveryRow | null> {
  const earlier = alias(webhookDeliveries, 'earlier');
  const blocked = db.select({ one: sql`1` }).from(earlier).where(and(
    eq(earlier.endpointId, webhookDeliveries.endpointId), eq(earlier.orderId, webhookDeliveries.orderId),
    lt(earlier.id, webhookDeliveries.id), inArray(earlier.status, [...WAITING]),
  ));
  const next = nextDue(db, webhookDeliveries, and(due(now), notExists(blocked)));
  const [row] = await db.update(webhookDeliveries).set(claimedUnder(webhookDeliveries.attempts, lease, now))
    .where(and(eq(webhookDeliveries.id, next), due(now))).returning();
  return row ?? null;
}

/** What an attempt needs besides the row: the event's payload and the endpoint. */
export async function deliveryParts(db: Db, row: DeliveryRow) {
  const [parts] = await db.select({ event: webhookEvents, endpoint: webhookEndpoints }).from(webhookEvents)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, row.endpointId)).where(eq(webhookEvents.id, row.eventId));
  return parts ?? null;
}

const held = (id: number, owner: string) =>
  and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.leaseOwner, owner), eq(webhookDeliveries.status, 'sending'));

export async function markDelivered(db: Db, id: number, owner: string, now: Date): Promise<void> {
  await db.update(webhookDeliveries).set({ status: 'delivered', deliveredAt: now, leaseUntil: null, lastError: null }).where(held(id, owner));
}

export async function retryDeliveryLater(db: Db, id: number, owner: string, error: string, runAfter: Date): Promise<void> {
  await db.update(webhookDeliveries).set({ status: 'queued', leaseOwner: null, leaseUntil: null, runAfter, lastError: error }).where(held(id, owner));
}

export async function markDeliveryFailed(db: Db, id: number, owner: string, error: string): Promise<void> {
  await db.update(webhookDeliveries).set({ status: 'failed', leaseUntil: null, lastError: error }).where(held(id, owner));
}
