import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { folderStore } from '../../server/board-jobs/file-store';
import { moveLegacyBytes } from '../../server/board-jobs/legacy-bytes';
import { enqueueJob, finishJob, claimJob } from '../../server/board-jobs/queue';
import { sweepUploads } from '../../server/board-jobs/retention';
import { uploadHolders } from '../../server/orders/upload-holders';
import { sourceKey } from '../../server/board-jobs/upload-keys';
import { clients, users } from '../../server/db/schema';
import { boardJobs, boardRenders, boardUploadFiles, boardUploads } from '../../server/board-jobs/schema';
import { login, startGateway } from './helpers';
import { makeProject, makeUpload, storeUploadFiles } from './project-fixtures';

/** The file store, the sweep of old uploads and of orphan files, and moving bytes out of the database. */

let gw: Gateway;
let demo: string;
let owner = { clientId: 0, userId: 0 };
const HOUR = 3600_000;

beforeAll(async () => {
  gw = await startGateway({ boardJobs: { concurrency: 0 } });
  demo = await login(gw);
  const [client] = await gw.db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Электронные системы'));
  const [user] = await gw.db.select({ id: users.id }).from(users).where(eq(users.email, 'demo@example.ru'));
  owner = { clientId: client?.id ?? 0, userId: user?.id ?? 0 };
});
afterAll(() => gw.close());

describe('The folder file store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'file-store-test-'));
  const store = folderStore(dir);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps bytes under keys, lists folders and removes a prefix with everything under it', async () => {
    await store.put('uploads/a/source/f1', new Uint8Array([1, 2, 3]));
    await store.put('uploads/a/renders/1-1/top.svg', Buffer.from('<svg/>'));
    await store.put('uploads/b/source/f1', Buffer.from('G04*'));
    expect([...(await store.get('uploads/a/source/f1')) ?? []]).toEqual([1, 2, 3]);
    expect(await store.get('uploads/a/source/f9')).toBeNull();
    expect((await store.list('uploads/')).map((entry) => entry.name).sort()).toEqual(['a', 'b']);
    await store.removeAll('uploads/a/');
    expect(await store.get('uploads/a/renders/1-1/top.svg')).toBeNull();
    expect((await store.list('uploads/')).map((entry) => entry.name)).toEqual(['b']);
    expect(await store.list('uploads/none/')).toEqual([]);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../x', 'uploads/../../etc/passwd', '/etc/passwd', 'uploads//x', 'uploads/./x', 'a\\b', '']) {
      await expect(store.put(key, new Uint8Array(1)), key).rejects.toThrow(/not a file store key/);
      await expect(store.get(key), key).rejects.toThrow(/not a file store key/);
    }
  });

  it('leaves no half-written file behind when a write fails', async () => {
    mkdirSync(join(dir, 'uploads/c/source/f1'), { recursive: true });
    await expect(store.put('uploads/c/source/f1', Buffer.from('x'))).rejects.toThrow();
    expect((await store.list('uploads/c/source/')).map((entry) => entry.name)).toEqual(['f1']);
  });
});

describe('The sweep of old uploads', () => {
  const now = () => new Date();
  const later = (hours: number) => new Date(Date.now() + hours * HOUR);
  const exists = async (uploadId: string) => ({
    row: (await gw.db.select({ id: boardUploads.id }).from(boardUploads).where(eq(boardUploads.id, uploadId))).length === 1,
    files: (await gw.context.files.get(sourceKey(uploadId, 'f1'))) !== null,
  });
  const withFiles = async (status: 'done' | 'processing' = 'done') => {
    const id = await makeUpload(gw, { ...owner, status });
    await storeUploadFiles(gw, id, [{ name: 'board.gtl', content: 'G04 top*\nM02*\n' }]);
    return id;
  };

  it('removes uploads no project uses once past the retention, with their files, and keeps the rest', async () => {
    const abandoned = await withFiles();
    const saved = await withFiles();
    await makeProject(gw, { clientId: owner.clientId, ownerUserId: owner.userId, title: 'Сохранённая', uploadId: saved });
    const processing = await withFiles('processing');
    await enqueueJob(gw.db, processing, null, now());

    expect((await sweepUploads(gw.db, gw.context.files, uploadHolders, later(71), 72)).uploads).toBe(0);
    expect(await exists(abandoned)).toEqual({ row: true, files: true });

    const swept = await sweepUploads(gw.db, gw.context.files, uploadHolders, later(73), 72);
    expect(swept.uploads).toBeGreaterThanOrEqual(1);
    expect(await exists(abandoned)).toEqual({ row: false, files: false });
    expect(await exists(saved)).toEqual({ row: true, files: true });
    expect(await exists(processing)).toEqual({ row: true, files: true });
  });

  it('removes files whose upload row is gone (a deleted client, a crash before the commit) after an hour\'s grace', async () => {
    const gone = await withFiles();
    await gw.db.delete(boardUploads).where(eq(boardUploads.id, gone));
    expect((await sweepUploads(gw.db, gw.context.files, uploadHolders, now(), 72)).orphans).toBe(0);
    expect(await exists(gone)).toEqual({ row: false, files: true });
    expect((await sweepUploads(gw.db, gw.context.files, uploadHolders, later(2), 72)).orphans).toBe(1);
    expect(await exists(gone)).toEqual({ row: false, files: false });
  });

  it('drops finished jobs a day after they ended', async () => {
    const upload = await withFiles();
    await gw.db.delete(boardJobs);
    await enqueueJob(gw.db, upload, null, now());
    const job = await claimJob(gw.db, { owner: 'test', leaseMs: 1000 }, 3, now());
    await finishJob(gw.db, job?.id ?? 0, 'test', { error: null }, now());
    await makeProject(gw, { clientId: owner.clientId, ownerUserId: owner.userId, title: 'С работой', uploadId: upload });
    expect((await sweepUploads(gw.db, gw.context.files, uploadHolders, later(23), 72)).jobs).toBe(0);
    expect((await sweepUploads(gw.db, gw.context.files, uploadHolders, later(25), 72)).jobs).toBe(1);
  });
});

describe('Bytes stored in the database before the file store', () => {
  it('move to the store on start, and the pictures are served from there', async () => {
    const uploadId = await makeUpload(gw, owner);
    await gw.db.insert(boardUploadFiles).values({ uploadId, fileId: 'f1', name: 'old.gtl', content: Buffer.from('G04 old*\nM02*\n') });
    await gw.db.insert(boardRenders).values({ uploadId, name: 'top', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
    expect(await moveLegacyBytes(gw.db, gw.context.files)).toBe(2);
    expect(await moveLegacyBytes(gw.db, gw.context.files)).toBe(0);

    const [file] = await gw.db.select().from(boardUploadFiles).where(eq(boardUploadFiles.uploadId, uploadId));
    expect(file).toMatchObject({ content: null, bytes: 14, storeKey: sourceKey(uploadId, 'f1') });
    expect((await gw.context.files.get(sourceKey(uploadId, 'f1')))?.toString('utf8')).toBe('G04 old*\nM02*\n');
    const [render] = await gw.db.select().from(boardRenders).where(inArray(boardRenders.uploadId, [uploadId]));
    expect(render).toMatchObject({ svg: null, storeKey: `uploads/${uploadId}/renders/legacy/top.svg` });
    const picture = await gw.app.inject({ method: 'GET', url: `/files/boards/${uploadId}/top.svg`, headers: { authorization: `Bearer ${demo}` } });
    expect(picture.statusCode).toBe(200);
    expect(picture.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(picture.headers.etag).toBe(render?.etag);
  });
});
