import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FileStore, FileStoreSpec } from './file-store-shape';
import { checkS3Store, s3Store } from './s3-store';
import { checkedKey } from './store-key';

export type { FileStore, FileStoreSpec, S3StoreSpec } from './file-store-shape';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export function folderStore(dir: string): FileStore {
  const path = (key: string) => join(dir, checkedKey(key));
  return {
    spec: { kind: 'folder', dir },
    async put(key, bytes) {
      const target = path(key);
      await mkdir(dirname(target), { recursive: true });
      // Written beside the target and renamed: a crash mid-write never leaves a half file under the real name.
      const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await writeFile(partial, bytes);
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(path(key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async removeAll(prefix) {
      await rm(path(prefix), { recursive: true, force: true });
    },
    async list(prefix) {
      const folder = path(prefix);
      let names: string[];
      try {
        names = await readdir(folder);
      } catch (error) {
        if (missing(error)) return [];
        throw error;
      }
      const entries = await Promise.all(names.map(async (name) => {
        const info = await stat(join(folder, name)).catch(() => null);
        return info ? { name, modifiedAt: info.mtime } : null;
      }));
      return entries.filter((entry) => entry !== null);
    },
  };
}

export const openFileStore = (spec: FileStoreSpec): FileStore => (spec.kind === 's3' ? s3Store(spec) : folderStore(spec.dir));

/**
 * The configured store (a bucket must answer a listing before the gateway starts), or (null: an in-memory
 * database) a temporary folder that goes when the gateway closes.
 */
export async function openGatewayStore(spec: FileStoreSpec | null): Promise<{ store: FileStore; close(): Promise<void> }> {
  if (spec?.kind === 's3') {
    await checkS3Store(spec);
    return { store: s3Store(spec), close: async () => undefined };
  }
  if (spec) {
    await mkdir(spec.dir, { recursive: true });
    return { store: folderStore(spec.dir), close: async () => undefined };
  }
  const temporary = await mkdtemp(join(tmpdir(), 'pcb-portal-files-'));
  return { store: folderStore(temporary), close: () => rm(temporary, { recursive: true, force: true }) };
}
