import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { boardJobs, boardUploads } from './schema';

/**
 * What is ordered is what was checked (docs/decisions.md "Ordered files are frozen"). An upload whose version
 * an order line names, or the current version of a project in anyone's cart, is frozen (the holders say which:
 * ./holders.ts): SetLayers refuses to process it again. The cart, the checkout and the files attached to an order
 * lock the upload they take (FOR SHARE, until their transaction ends) and refuse one being processed again, while
 * SetLayers locks it (FOR UPDATE) to check and queue its job: whichever comes second sees the other's work.
 */

/** Locks the upload's row against SetLayers for the rest of the caller's transaction. */
export async function lockUploadForChange(db: Db, uploadId: string): Promise<void> {
  await db.select({ id: boardUploads.id }).from(boardUploads).where(eq(boardUploads.id, uploadId)).for('update');
}

/**
 * Locks the upload against SetLayers for the rest of the caller's transaction and answers whether it is being
 * processed again right now (a job queued or running): its files are then not yet what will be ordered.
 */
export async function holdUpload(db: Db, uploadId: string): Promise<boolean> {
  await db.select({ id: boardUploads.id }).from(boardUploads).where(eq(boardUploads.id, uploadId)).for('share');
  const active = await db.select({ id: boardJobs.id }).from(boardJobs)
    .where(and(eq(boardJobs.uploadId, uploadId), inArray(boardJobs.status, ['queued', 'running']))).limit(1);
  return active.length > 0;
}
