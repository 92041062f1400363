import { sql } from 'drizzle-orm';
import type { GatewayContext } from '../context';
import { rateLimits } from '../db/schema';
import { ApiError } from '../http/errors';

/** One atomic upsert per bucket: the count restarts when the bucket's window has passed. */
async function hit(ctx: GatewayContext, key: string, windowSeconds: number): Promise<{ hits: number; windowStart: Date }> {
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

/**
 * Counts one attempt against the call's own key (login, phone, e-mail or process) and against the address;
 * over either limit answers 429 naming when to come back.
 */
export async function enforceRateLimit(ctx: GatewayContext, call: string, key: string, ip: string): Promise<void> {
  const { perLogin, perAddress, windowSeconds } = ctx.config.rateLimits;
  const buckets: Array<[string, number]> = [[`${call}:${key}`, perLogin], [`address:${ip}`, perAddress]];
  for (const [bucket, limit] of buckets) {
    const { hits, windowStart } = await hit(ctx, bucket, windowSeconds);
    if (hits > limit) {
      const resetsAt = windowStart.getTime() + windowSeconds * 1000;
      const minutes = Math.max(1, Math.ceil((resetsAt - ctx.now().getTime()) / 60000));
      throw new ApiError(429, 'rateLimited', { minutes }, { code: 'rate_limited' });
    }
  }
}
