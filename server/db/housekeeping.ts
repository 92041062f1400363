import { lt } from 'drizzle-orm';
import type { Db } from './connect';
import { authProcesses, rateLimits } from './schema';

const DAY_MS = 24 * 3600 * 1000;

/** Drops rows nothing can use any more: finished rate-limit windows and processes expired a day ago. */
export async function sweepExpired(db: Db, now: Date, rateWindowSeconds: number): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - rateWindowSeconds * 1000)));
  await db.delete(authProcesses).where(lt(authProcesses.expiresAt, new Date(now.getTime() - DAY_MS)));
}

/** Runs the sweep every `everyMs` without keeping the process alive; returns the stop function. */
export function scheduleSweep(run: () => Promise<void>, onError: (error: unknown) => void, everyMs = 10 * 60 * 1000): () => void {
  const timer = setInterval(() => void run().catch(onError), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
