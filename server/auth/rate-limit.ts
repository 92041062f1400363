import { and, eq, gt, sql } from 'drizzle-orm';
import type { GatewayContext } from '../context';
import { rateLimits } from './schema';
import { secondsUntil, tooManyRequests } from '../http/errors';
import type { MessageKey } from '../http/messages';

const DAY_SECONDS = 24 * 3600;

/** The longest window any bucket uses: the housekeeping sweep must not drop a window that is still counting. */
export const longestWindowSeconds = (windowSeconds: number): number => Math.max(windowSeconds, DAY_SECONDS);

/** One atomic upsert per bucket: the count restarts when the bucket's window has passed. */
export async function hit(ctx: GatewayContext, key: string, windowSeconds: number): Promise<{ hits: number; windowStart: Date }> {
  const now = ctx.now();
  const nowText = now.toISOString();
  const cutoff = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const stale = sql`${rateLimits.windowStart} <= ${cutoff}::timestamptz`;
  const [row] = await ctx.db.insert(rateLimits).values({ key, windowStart: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${stale} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${stale} then ${nowText}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart });
  if (!row) throw new Error('rate limit upsert returned nothing');
  return row;
}

/** The bucket's count in its current window, without counting anything. */
export async function peek(ctx: GatewayContext, key: string, windowSeconds: number): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - windowSeconds * 1000);
  const [row] = await ctx.db.select({ hits: rateLimits.hits }).from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.windowStart, cutoff)));
  return row?.hits ?? 0;
}

export interface Bucket {
  key: string;
  limit: number;
  windowSeconds: number;
  /** The refusal's message; it is given `minutes` (and `hours`) until the window ends. */
  message?: MessageKey;
  /** The `code` of the refusal, for the app and for tests. */
  code?: string;
}

/**
 * Counts one attempt in each bucket, in order; the first bucket over its limit answers 429 naming when its window
 * ends, in the message and in `Retry-After`.
 */
export async function spend(ctx: GatewayContext, buckets: Bucket[]): Promise<void> {
  for (const bucket of buckets) {
    const { hits, windowStart } = await hit(ctx, bucket.key, bucket.windowSeconds);
    if (hits > bucket.limit) {
      const seconds = secondsUntil(windowStart.getTime() + bucket.windowSeconds * 1000, ctx.now());
      const minutes = Math.ceil(seconds / 60);
      throw tooManyRequests(bucket.message ?? 'rateLimited', seconds, { minutes, hours: Math.ceil(minutes / 60) },
        { code: bucket.code ?? 'rate_limited' });
    }
  }
}

/** The bucket every limited call shares: all attempts from one client address. */
export const addressBucket = (ctx: GatewayContext, ip: string): Bucket =>
  ({ key: `address:${ip}`, limit: ctx.config.rateLimits.perAddress, windowSeconds: ctx.config.rateLimits.windowSeconds });

/**
 * Counts one attempt against the call's own key (phone, e-mail, process or user) and against the address;
 * over either limit answers 429 naming when to come back.
 */
export async function enforceRateLimit(ctx: GatewayContext, call: string, key: string, ip: string): Promise<void> {
  const { perLogin, windowSeconds } = ctx.config.rateLimits;
  await spend(ctx, [{ key: `${call}:${key}`, limit: perLogin, windowSeconds }, addressBucket(ctx, ip)]);
}
