import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { outbox } from '../delivery/schema';
import { webhookDeliveries } from '../webhooks/schema';
import { boardJobs } from '../board-jobs/schema';

/** How many wait (or run) and since when the oldest of them. */
export interface QueueFigure { count: number; oldest: Date | null }

export interface QueueSnapshot {
  /** running: the first stage (reading, drawing); measuring: its DFM, under a lease of its own. */
  boardJobs: { queued: QueueFigure; running: QueueFigure; measuring: QueueFigure };
  /** Messages not yet sent, per channel: 'email' are the letters, 'sms' and 'flashcall' the codes and notices. */
  outbox: Map<string, QueueFigure>;
  webhooks: QueueFigure;
}

const EMPTY: QueueFigure = { count: 0, oldest: null };

/**
 * Three grouped counts over the claim indexes (status first) of the three queues: what a scrape every few seconds from
 * every gateway may cost on a shared PostgreSQL. Every gateway reports the same shared figures.
 */
export async function readQueues(db: Db): Promise<QueueSnapshot> {
  const count = sql<number>`count(*)::int`;
  const [jobs, messages, deliveries] = await Promise.all([
    db.select({ status: boardJobs.status, count, oldest: sql<Date | null>`min(${boardJobs.createdAt})`.mapWith(boardJobs.createdAt) })
      .from(boardJobs).where(inArray(boardJobs.status, ['queued', 'running', 'measuring'])).groupBy(boardJobs.status),
    db.select({ channel: outbox.channel, count, oldest: sql<Date | null>`min(${outbox.createdAt})`.mapWith(outbox.createdAt) })
      .from(outbox).where(inArray(outbox.status, ['queued', 'sending'])).groupBy(outbox.channel),
    db.select({ count, oldest: sql<Date | null>`min(${webhookDeliveries.createdAt})`.mapWith(webhookDeliveries.createdAt) })
      .from(webhookDeliveries).where(inArray(webhookDeliveries.status, ['queued', 'sending'])),
  ]);
  const job = (status: string): QueueFigure => {
    const row = jobs.find((found) => found.status === status);
    return row ? { count: row.count, oldest: row.oldest } : EMPTY;
  };
  return {
    boardJobs: { queued: job('queued'), running: job('running'), measuring: job('measuring') },
    outbox: new Map(messages.map((row) => [row.channel, { count: row.count, oldest: row.oldest }])),
    webhooks: deliveries[0] ? { count: deliveries[0].count, oldest: deliveries[0].oldest } : EMPTY,
  };
}
