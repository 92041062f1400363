import { and, inArray, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { scheduleSweep } from '../db/sweep-timer';
import { boardJobs, boardUploads } from './schema';
import type { FileStore } from './file-store';
import type { UploadHolders } from './holders';
import { dropFinishedJobs } from './queue';
import { uploadPrefix } from './upload-keys';

const HOUR_MS = 3600 * 1000;
/** A folder without a row may be an upload being stored right now (written by a worker, row not yet committed). */
const ORPHAN_GRACE_MS = HOUR_MS;
const FINISHED_JOBS_KEPT_MS = 24 * HOUR_MS;

export interface SweepResult { uploads: number; orphans: number; jobs: number }

/**
 * Removes uploads no project version uses once they are older than the retention (a wizard left before saving;
 * an unclaimed instant quote after its own, shorter one),
 * with their files; folders of the store whose upload is gone (a client deleted, a crash between writing and
 * committing) after a grace; and finished jobs after a day. Rows go first: a crash in between leaves an orphan
 * folder, which the next sweep removes, never a row whose files are gone.
 */
export async function sweepUploads(
  db: Db, store: FileStore, holders: UploadHolders, now: Date, retentionHours: number, quoteRetentionHours = retentionHours,
): Promise<SweepResult> {
  const before = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const removed = await db.delete(boardUploads).where(and(
    // An instant quote nobody claimed (no client yet) goes sooner than a client's upload left in the wizard.
    or(lt(boardUploads.createdAt, before(retentionHours)), and(isNull(boardUploads.clientId), lt(boardUploads.createdAt, before(quoteRetentionHours)))),
    notExists(holders.keepers(db, boardUploads.id)),
    notExists(db.select({ one: sql`1` }).from(boardJobs)
      .where(and(sql`${boardJobs.uploadId} = ${boardUploads.id}`, inArray(boardJobs.status, ['queued', 'running', 'measuring'])))),
  )).returning({ id: boardUploads.id });
  for (const { id } of removed) await store.removeAll(uploadPrefix(id));

  const folders = (await store.list('uploads/')).filter((entry) => entry.modifiedAt.getTime() < now.getTime() - ORPHAN_GRACE_MS);
  const names = folders.map((entry) => entry.name);
  const known = names.length === 0 ? [] : await db.select({ id: boardUploads.id }).from(boardUploads).where(inArray(boardUploads.id, names));
  const orphans = names.filter((name) => !known.some((row) => row.id === name));
  for (const name of orphans) await store.removeAll(uploadPrefix(name));

  const jobs = await dropFinishedJobs(db, new Date(now.getTime() - FINISHED_JOBS_KEPT_MS));
  return { uploads: removed.length, orphans: orphans.length, jobs };
}

/** Every ten minutes, in the style of the other housekeeping (server/housekeeping.ts). */
export function scheduleUploadSweep(ctx: GatewayContext, holders: UploadHolders): () => void {
  return scheduleSweep(
    async () => {
      const result = await sweepUploads(ctx.db, ctx.files, holders, ctx.now(), ctx.config.uploadRetentionHours, ctx.config.quote.retentionHours);
      if (result.uploads + result.orphans > 0) ctx.log.info(result, 'old board uploads removed');
    },
    (error) => ctx.log.error({ err: error }, 'board upload sweep failed'),
  );
}
