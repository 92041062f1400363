import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3SpecOf } from '../../server/board-jobs/s3-config';
import type { S3StoreSpec } from '../../server/board-jobs/file-store-shape';
import { s3Store } from '../../server/board-jobs/s3-store';
import { resolveConfig } from '../../server/config';
import { zipBoard } from './board-fixtures';
import { runGatewayToExit, startGatewayProcess, type GatewayProcess } from './gateway-process';
import { signInOverHttp } from './portal-http';
import { startS3Server, type S3Server } from './s3-server';

/**
 * The file store in a bucket (FILE_STORE_URL=s3://…), against a real S3-compatible server (s3rver) on
 * this machine: the store's four calls, the settings a gateway refuses, and a gateway whose uploads live there.
 */

let s3: S3Server;
let store: ReturnType<typeof s3Store>;

const specOf = (prefix: string): S3StoreSpec => s3SpecOf(`s3://${s3.bucket}/${prefix}`, s3.env);

beforeAll(async () => {
  s3 = await startS3Server();
  store = s3Store(specOf('portal/files'));
});
afterAll(() => s3?.stop());

describe('The S3 file store', () => {
  it('keeps bytes under keys with \'/\' below its prefix, and gives null for a key that is not there', async () => {
    const bytes = new Uint8Array([0, 1, 2, 255]);
    await store.put('uploads/a/source/f1', bytes);
    await store.put('uploads/a/renders/1-1/top.svg', Buffer.from('<svg/>'));
    expect([...(await store.get('uploads/a/source/f1')) ?? []]).toEqual([0, 1, 2, 255]);
    expect((await store.get('uploads/a/renders/1-1/top.svg'))?.toString('utf8')).toBe('<svg/>');
    expect(await store.get('uploads/a/source/f9')).toBeNull();
    expect(await s3.keys()).toEqual(['portal/files/uploads/a/renders/1-1/top.svg', 'portal/files/uploads/a/source/f1']);
    expect([...await s3.read('portal/files/uploads/a/source/f1')]).toEqual([0, 1, 2, 255]);
  });

  it('replaces a file whole', async () => {
    await store.put('uploads/r/source/f1', Buffer.from('first version, the longer one'));
    await store.put('uploads/r/source/f1', Buffer.from('second'));
    expect((await store.get('uploads/r/source/f1'))?.toString('utf8')).toBe('second');
  });

  it('lists the names directly under a prefix, each with the newest change beneath it', async () => {
    const before = Date.now();
    await store.put('uploads/l1/source/f1', Buffer.from('x'));
    await store.put('uploads/l2/renders/1-1/top.svg', Buffer.from('y'));
    const listed = await store.list('uploads/');
    expect(listed.map((entry) => entry.name).sort()).toEqual(['a', 'l1', 'l2', 'r']);
    const l2 = listed.find((entry) => entry.name === 'l2');
    // S3 keeps whole seconds.
    expect(l2?.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(l2?.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await store.list('uploads/l2/')).map((entry) => entry.name)).toEqual(['renders']);
    expect(await store.list('uploads/none/')).toEqual([]);
  });

  it('removes everything under a prefix, past a thousand keys (pages of listing and deleting), and nothing else', async () => {
    await s3.write('portal/files-other/uploads/big/keep', Buffer.from('another store\'s file'));
    await s3.write('portal/files/uploads/bigger/keep', Buffer.from('a neighbour whose name starts the same'));
    const keys = Array.from({ length: 1100 }, (_, index) => `uploads/big/renders/1-1/layer-f${index}.svg`);
    for (let at = 0; at < keys.length; at += 50) {
      await Promise.all(keys.slice(at, at + 50).map((key) => store.put(key, Buffer.from(key))));
    }
    expect(await s3.keys('portal/files/uploads/big/')).toHaveLength(1100);
    await store.removeAll('uploads/big/');
    expect(await s3.keys('portal/files/uploads/big/')).toEqual([]);
    expect(await s3.keys('portal/files-other/')).toEqual(['portal/files-other/uploads/big/keep']);
    expect(await s3.keys('portal/files/uploads/bigger/')).toEqual(['portal/files/uploads/bigger/keep']);
    await store.removeAll('uploads/never-there/');
  }, 120_000);

  it('refuses keys that could leave its prefix, and prefixes without their closing \'/\'', async () => {
    for (const key of ['../x', 'uploads/../../etc', '/etc/passwd', 'uploads//x', '']) {
      await expect(store.put(key, new Uint8Array(1)), key).rejects.toThrow(/not a file store key/);
      await expect(store.get(key), key).rejects.toThrow(/not a file store key/);
    }
    await expect(store.removeAll('uploads/a')).rejects.toThrow(/not a file store prefix/);
    await expect(store.list('uploads')).rejects.toThrow(/not a file store prefix/);
  });
});

describe('FILE_STORE_URL and the S3 settings', () => {
  const env = { S3_ACCESS_KEY_ID: 'key-id', S3_SECRET_ACCESS_KEY: 'the-secret-value' };

  it('take a bucket and prefix, the endpoint with path-style addressing by default, AWS without one', () => {
    expect(s3SpecOf('s3://portal-files/prod/boards/', { ...env, S3_ENDPOINT: 'https://storage.example.ru/' })).toEqual({
      kind: 's3', bucket: 'portal-files', prefix: 'prod/boards/', endpoint: 'https://storage.example.ru', region: 'us-east-1',
      forcePathStyle: true, accessKeyId: 'key-id', secretAccessKey: 'the-secret-value',
    });
    expect(s3SpecOf('s3://portal-files', { ...env, S3_REGION: 'eu-central-1' })).toMatchObject({
      prefix: '',
      endpoint: null,
      region: 'eu-central-1',
      forcePathStyle: false,
    });
    expect(s3SpecOf('s3://portal-files', { ...env, S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: '0' }).forcePathStyle).toBe(false);
    expect(resolveConfig({}, { ...env, FILE_STORE_URL: 's3://portal-files/p' }).fileStore).toMatchObject({ kind: 's3', bucket: 'portal-files', prefix: 'p/' });
    expect(resolveConfig({}, { FILE_STORE_DIR: '/srv/files' }).fileStore).toEqual({ kind: 'folder', dir: '/srv/files' });
  });

  it('refuse a bad URL, missing keys, a bad endpoint or both stores, naming what is wrong and never the secret', () => {
    const refusals: Array<[string, Record<string, string>, RegExp]> = [
      ['s3://Portal_Files/x', env, /not a bucket name/],
      ['https://portal-files/x', env, /must look like s3:\/\/bucket/],
      ['s3://portal-files/a/../b', env, /without '.' or '..' segments/],
      ['s3://portal-files/x?region=1', env, /without \?query/],
      ['s3://key-id:the-secret-value@portal-files/x', env, /holds credentials/],
      ['s3://portal-files/x', { S3_ACCESS_KEY_ID: 'key-id' }, /needs S3_SECRET_ACCESS_KEY/],
      ['s3://portal-files/x', {}, /needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/],
      ['s3://portal-files/x', { ...env, S3_ENDPOINT: 'storage.example.ru' }, /S3_ENDPOINT is not a URL/],
      ['s3://portal-files/x', { ...env, S3_ENDPOINT: 'ftp://storage.example.ru' }, /http:\/\/ or https:\/\//],
      ['s3://portal-files/x', { ...env, S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE must be 1 or 0/],
    ];
    for (const [url, settings, reason] of refusals) {
      let message = '';
      try {
        s3SpecOf(url, settings);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, url).toMatch(reason);
      expect(message, url).not.toContain('the-secret-value');
    }
    expect(() => resolveConfig({}, { ...env, FILE_STORE_URL: 's3://portal-files', FILE_STORE_DIR: '/srv/files' })).toThrow(/both set/);
  });

  it('a gateway whose bucket does not answer to its key, or is not there, refuses to start, naming the store', async () => {
    // s3rver checks the key id, not a V4 signature: an unknown id stands for wrong credentials.
    const refused = await runGatewayToExit({
      DATA_DIR: 'memory://s3-refused', FILE_STORE_URL: `s3://${s3.bucket}/portal`, ...s3.env, S3_ACCESS_KEY_ID: 'NOT-A-KEY-ID',
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`The file store s3://${s3.bucket}/portal/ at ${s3.endpoint} cannot be read: InvalidAccessKeyId`);
    expect(refused.output).not.toContain(s3.env.S3_SECRET_ACCESS_KEY);
    const noBucket = await runGatewayToExit({ DATA_DIR: 'memory://s3-refused', FILE_STORE_URL: 's3://no-such-bucket', ...s3.env });
    expect(noBucket.code).toBe(1);
    expect(noBucket.output).toContain(`The file store s3://no-such-bucket/ at ${s3.endpoint} cannot be read: NoSuchBucket`);
    const missing = await runGatewayToExit({ DATA_DIR: 'memory://s3-refused', FILE_STORE_URL: `s3://${s3.bucket}/portal`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: undefined });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('needs S3_SECRET_ACCESS_KEY');
  }, 180_000);
});

describe('A gateway on FILE_STORE_URL=s3://…', () => {
  let gateway: GatewayProcess;
  // s3rver checks the key id, not the V4 signature: a secret of its own shows whether the gateway or a runner logs it.
  const SECRET = 'secret-of-the-s3-gateway-test-7f3a9c';
  beforeAll(async () => {
    gateway = await startGatewayProcess({
      DATA_DIR: 'memory://s3-gateway', FILE_STORE_URL: `s3://${s3.bucket}/gateway`, ...s3.env, S3_SECRET_ACCESS_KEY: SECRET,
      BOARD_JOBS_PER_GATEWAY: '1', LOG_LEVEL: 'debug',
    });
  }, 120_000);
  afterAll(() => gateway?.kill());

  it('stores an uploaded board\'s files and renders in the bucket and serves the pictures from there', async () => {
    const portal = await signInOverHttp(gateway.url);
    const state = await portal.uploadBoard(await portal.firstClientId(), 'arduino-uno.zip', zipBoard('arduino-uno'));
    expect(state).toMatchObject({ status: 'done', error: null });
    const uploadId = state.uploadId;
    const keys = await s3.keys(`gateway/uploads/${uploadId}/`);
    expect(keys.filter((key) => key.includes('/source/'))).toHaveLength(7);
    const topKey = keys.find((key) => /\/renders\/[^/]+\/top\.svg$/.test(key));
    expect(topKey).toBeDefined();

    const top = await portal.bytes(state.analysis?.images.top ?? '');
    expect(top.status).toBe(200);
    expect(top.body.toString('utf8')).toMatch(/^<svg[\s>]/);
    expect(top.body.equals(await s3.read(topKey ?? ''))).toBe(true);
    const layers = Object.values(state.analysis?.images.layers ?? {});
    expect(layers.length).toBeGreaterThan(0);
    for (const path of layers) expect((await portal.bytes(path)).status).toBe(200);
    expect(gateway.output()).toContain('"msg"');
    expect(gateway.output()).not.toContain(SECRET);
  }, 180_000);
});
