import { eq } from 'drizzle-orm';
import { holdUpload } from '../board-jobs/frozen';
import type { Db } from '../db/connect';
import { projectVersions } from './schema';

/** As `holdUpload`, for the upload of a project version (none: nothing to hold). */
export async function holdVersionUpload(db: Db, versionId: number | null): Promise<boolean> {
  if (versionId === null) return false;
  const [version] = await db.select({ uploadId: projectVersions.uploadId }).from(projectVersions).where(eq(projectVersions.id, versionId));
  return version?.uploadId ? holdUpload(db, version.uploadId) : false;
}
