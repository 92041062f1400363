import { createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { boardRenders, boardUploadFiles } from './schema';
import type { FileStore } from './file-store';
import { renderKey, sourceKey } from './upload-keys';

/**
 * Files and renders stored in the database before the file store existed move to the store on start, one at a
 * time, and their column is cleared; a start interrupted halfway carries on at the next one. Returns how many moved.
 */
export async function moveLegacyBytes(db: Db, store: FileStore): Promise<number> {
  let moved = 0;
  const files = await db.select({ uploadId: boardUploadFiles.uploadId, fileId: boardUploadFiles.fileId })
    .from(boardUploadFiles).where(isNotNull(boardUploadFiles.content));
  for (const { uploadId, fileId } of files) {
    const where = and(eq(boardUploadFiles.uploadId, uploadId), eq(boardUploadFiles.fileId, fileId));
    const [row] = await db.select({ content: boardUploadFiles.content }).from(boardUploadFiles).where(where);
    if (!row?.content) continue;
    const key = sourceKey(uploadId, fileId);
    await store.put(key, row.content);
    await db.update(boardUploadFiles).set({ storeKey: key, bytes: row.content.length, content: null }).where(where);
    moved += 1;
  }
  const renders = await db.select({ uploadId: boardRenders.uploadId, name: boardRenders.name })
    .from(boardRenders).where(isNotNull(boardRenders.svg));
  for (const { uploadId, name } of renders) {
    const where = and(eq(boardRenders.uploadId, uploadId), eq(boardRenders.name, name));
    const [row] = await db.select({ svg: boardRenders.svg }).from(boardRenders).where(where);
    if (row?.svg == null) continue;
    const bytes = Buffer.from(row.svg, 'utf8');
    const key = renderKey(uploadId, 'legacy', name);
    await store.put(key, bytes);
    const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
    await db.update(boardRenders).set({ storeKey: key, etag, svg: null }).where(where);
    moved += 1;
  }
  return moved;
}
