import { eq, sql } from 'drizzle-orm';
import type { UploadHolders } from '../board-jobs/holders';
import type { Db } from '../db/connect';
import { cartItems } from '../cart/schema';
import { currentVersion, projects, projectVersions } from '../projects/schema';
import { orderLines } from './schema';

/** Whether an order line names a version of the upload, or a cart holds a project whose current version is on it. */
async function isUploadFrozen(db: Db, uploadId: string): Promise<boolean> {
  const ordered = await db.select({ id: orderLines.id }).from(orderLines)
    .innerJoin(projectVersions, eq(projectVersions.id, orderLines.versionId))
    .where(eq(projectVersions.uploadId, uploadId)).limit(1);
  if (ordered.length > 0) return true;
  const carted = await db.select({ id: cartItems.id }).from(cartItems)
    .innerJoin(projects, eq(projects.id, cartItems.projectId))
    .innerJoin(projectVersions, currentVersion)
    .where(eq(projectVersions.uploadId, uploadId)).limit(1);
  return carted.length > 0;
}

/** The board pipeline's holders of an upload: the project versions that use it, the orders and carts that freeze it. */
export const uploadHolders: UploadHolders = {
  isFrozen: isUploadFrozen,
  keepers: (db, uploadId) => db.select({ one: sql`1` }).from(projectVersions).where(sql`${projectVersions.uploadId} = ${uploadId}`),
};
