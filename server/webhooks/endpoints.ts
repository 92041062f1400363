import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isOneOf } from '../../src/contract/fields';
import { WEBHOOK_EVENTS, type WebhookEndpoint, type WebhookEventType } from '../../src/contract/webhooks';
import type { GatewayContext } from '../context';
import { webhookDeliveries, webhookEndpoints } from './schema';
import type { Seal } from '../delivery/seal';
import { ApiError } from '../http/errors';
import { recordAudit } from '../audit/log';
import type { Change } from '../audit/log';
import { newWebhookSecret } from './sign';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const endpointNotFound = () => new ApiError(404, 'webhookNotFound', {}, { field: 'id', code: 'not_found' });

/**
 * An absolute http(s) address without credentials in it (a secret in a URL ends up in logs); production takes https
 * only, unless WEBHOOK_ALLOW_HTTP=1 says the receiver is on the plant's own network.
 */
function checkedUrl(ctx: GatewayContext, text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new ApiError(400, 'webhookUrlInvalid', {}, { field: 'url', code: 'bad_format' });
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || !url.hostname) {
    throw new ApiError(400, 'webhookUrlInvalid', {}, { field: 'url', code: 'bad_format' });
  }
  if (url.protocol === 'http:' && ctx.config.production && !ctx.config.webhooks.allowHttp) {
    throw new ApiError(400, 'webhookUrlNotHttps', {}, { field: 'url', code: 'https_required' });
  }
  return url.toString();
}

async function endpointViews(ctx: GatewayContext, rows: EndpointRow[]): Promise<WebhookEndpoint[]> {
  const ids = rows.map((row) => row.id);
  const counts = ids.length === 0 ? [] : await ctx.db.select({
    endpointId: webhookDeliveries.endpointId,
    waiting: sql<number>`count(*) filter (where ${webhookDeliveries.status} in ('queued', 'sending'))::int`,
    failed: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'failed')::int`,
  }).from(webhookDeliveries).where(inArray(webhookDeliveries.endpointId, ids)).groupBy(webhookDeliveries.endpointId);
  const views: WebhookEndpoint[] = [];
  for (const row of rows) {
    const count = counts.find((one) => one.endpointId === row.id);
    const [last] = await ctx.db.select({ lastError: webhookDeliveries.lastError }).from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, row.id), sql`${webhookDeliveries.attempts} > 0`))
      .orderBy(desc(webhookDeliveries.id)).limit(1);
    views.push({
      id: row.id, url: row.url, events: row.events.filter(isEventType), description: row.description,
      createdAt: row.createdAt.toISOString(), waiting: count?.waiting ?? 0, failed: count?.failed ?? 0, lastError: last?.lastError ?? null,
    });
  }
  return views;
}

const isEventType = isOneOf(WEBHOOK_EVENTS);

const audited = (row: EndpointRow) => ({ id: row.id, url: row.url, events: row.events, description: row.description });

export async function createEndpoint(
  ctx: GatewayContext, seal: Seal, input: { url: string; events: WebhookEventType[]; description?: string }, change: Change,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const url = checkedUrl(ctx, input.url);
  const secret = newWebhookSecret();
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx.insert(webhookEndpoints).values({
      url, events: [...new Set(input.events)], description: input.description?.trim() ?? '', secretSealed: seal.close(secret),
      createdBy: change.actor === 'cli' ? null : change.actor.staffId, createdAt: now,
    }).returning();
    if (!created) throw new Error('webhook endpoint not created');
    await recordAudit(tx, { ...change, at: now, action: 'webhook.create', targetType: 'webhook', targetId: created.id, after: audited(created) });
    return created;
  });
  const [endpoint] = await endpointViews(ctx, [row]);
  if (!endpoint) throw new Error('webhook endpoint vanished');
  return { endpoint, secret };
}

export async function listEndpoints(ctx: GatewayContext): Promise<WebhookEndpoint[]> {
  const rows = await ctx.db.select().from(webhookEndpoints).where(isNull(webhookEndpoints.deletedAt)).orderBy(asc(webhookEndpoints.id));
  return endpointViews(ctx, rows);
}

/** Stops posting to the endpoint: what waits for it is failed with the reason, and the row kept for the record. */
export async function deleteEndpoint(ctx: GatewayContext, id: number, change: Change): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(webhookEndpoints).set({ deletedAt: now })
      .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.deletedAt))).returning();
    if (!row) throw endpointNotFound();
    await tx.update(webhookDeliveries).set({ status: 'failed', lastError: 'the endpoint was deleted' })
      .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'queued')));
    await recordAudit(tx, { ...change, at: now, action: 'webhook.delete', targetType: 'webhook', targetId: id, before: audited(row) });
  });
}
