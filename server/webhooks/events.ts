import { randomUUID } from 'node:crypto';
import { and, arrayContains, isNull } from 'drizzle-orm';
import type { Infer } from 'superstruct';
import type { webhookEventData, WebhookEventType } from '../../src/contract/webhooks';
import type { Db } from '../db/connect';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from './schema';

/** One event of the contract's list with its data; `orderId`: its events reach each endpoint in the order written. */
export type WebhookEvent = {
  [Type in WebhookEventType]: { type: Type; orderId: number; data: Infer<(typeof webhookEventData)[Type]> };
}[WebhookEventType];

/**
 * Writes an event and one delivery per endpoint subscribed to it, in the caller's transaction: the event exists if and
 * only if the change it tells of was committed. The gateways' webhook workers post it (server/webhooks/workers.ts).
 */
export async function emitEvent(tx: Db, event: WebhookEvent, now: Date): Promise<void> {
  const endpoints = await tx.select({ id: webhookEndpoints.id }).from(webhookEndpoints)
    .where(and(isNull(webhookEndpoints.deletedAt), arrayContains(webhookEndpoints.events, [event.type])));
  if (endpoints.length === 0) return;
  const id = `msg_${randomUUID().replaceAll('-', '')}`;
  const payload = { type: event.type, timestamp: now.toISOString(), data: event.data };
  await tx.insert(webhookEvents).values({ id, type: event.type, orderId: event.orderId, payload, createdAt: now });
  await tx.insert(webhookDeliveries).values(endpoints.map((endpoint) => ({
    eventId: id, endpointId: endpoint.id, orderId: event.orderId, runAfter: now, createdAt: now,
  })));
}
