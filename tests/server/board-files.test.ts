import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { boardJobs, boardRenders, boardUploadFiles, boardUploads } from '../../server/board-jobs/schema';
import { clients, clientUsers } from '../../server/db/schema';
import type { BoardFile, UploadState } from '../../src/contract/board-files';
import { defaultParams } from '../../src/contract/board';
import { paramsFromMeasurements } from '../../src/contract/board-checks';
import { createProject, type Project } from '../../src/contract/projects';
import { corpusAvailable, corpusBoard } from '../../scripts/gerber-corpus';
import { PNG, manifestOf, uploadFiles, waitProcessed, zipBoard, zipBomb, zipOf } from './board-fixtures';
import { person, type Person } from './client-fixtures';
import { get, login, post, startGateway } from './helpers';

// A private temporary folder for this test process (os.tmpdir() reads TMPDIR on every call) and a real data
// folder, so "nothing is left on disk" is checked on folders nothing else writes to.
const root = mkdtempSync(join(tmpdir(), 'board-files-test-'));
const privateTmp = join(root, 'tmp');
const dataDir = join(root, 'data');
mkdirSync(privateTmp);
process.env.TMPDIR = privateTmp;

let gw: Gateway;
let demo: string;
let demoClient: number;
let stranger: Person;
let buyer: Person;
let engineer: Person;

beforeAll(async () => {
  expect(tmpdir()).toBe(privateTmp);
  gw = await startGateway({ dataDir });
  demo = await login(gw);
  const [es] = await gw.db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Электронные системы'));
  if (!es) throw new Error('demo client missing');
  demoClient = es.id;
  stranger = await person(gw, 'board-stranger', 'Сергей', 'Чужой');
  buyer = await person(gw, 'board-buyer', 'Борис', 'Закупщик');
  engineer = await person(gw, 'board-engineer', 'Елена', 'Инженер');
  await gw.db.insert(clientUsers).values([
    { clientId: demoClient, userId: buyer.id, role: 5 },
    { clientId: demoClient, userId: engineer.id, role: 4 },
  ]);
});
afterAll(async () => {
  await gw.close();
  rmSync(root, { recursive: true, force: true });
});

const fetchPicture = (url: string, token?: string, headers: Record<string, string> = {}) =>
  gw.app.inject({ method: 'GET', url, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

async function rowCounts() {
  const count = async (table: typeof boardUploads | typeof boardUploadFiles | typeof boardRenders) =>
    (await gw.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? -1;
  return { uploads: await count(boardUploads), files: await count(boardUploadFiles), renders: await count(boardRenders) };
}

function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((entry) => relative(dir, join(dir, entry))).sort();
}
const diskState = () => ({ tmp: listing(tmpdir()), data: listing(dataDir) });

let arduino: UploadState;

describe('Upload of a zipped board', () => {
  it('answers at once with the processing state, then Get shows the Arduino Uno analysed', async () => {
    const answer = await uploadFiles(gw, demo, demoClient, zipBoard('arduino-uno'), 'arduino-uno.zip');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ clientId: demoClient, status: 'processing', step: 'identify', error: null, analysis: null });
    const uploadId = String(answer.json.uploadId);
    arduino = await waitProcessed(gw, demo, uploadId);
    expect(arduino).toMatchObject({ uploadId, status: 'done', error: null, message: null });
    const analysis = arduino.analysis;
    if (!analysis) throw new Error('no analysis');
    expect(analysis.archiveName).toBe('arduino-uno.zip');
    expect(analysis.files).toHaveLength(7);
    for (const layer of manifestOf('arduino-uno')) {
      expect(analysis.files.find((file) => file.name === layer.name)).toMatchObject({ type: layer.type, side: layer.side, error: null });
    }
    expect(analysis.measurements).toMatchObject({ layerCount: 2, sizeFromOutline: true });
    expect(Math.abs((analysis.measurements?.widthMm ?? 0) - 68.58)).toBeLessThan(0.5);
    expect(Math.abs((analysis.measurements?.heightMm ?? 0) - 53.34)).toBeLessThan(0.5);
    expect(analysis.images.top).toBe(`/files/boards/${uploadId}/top.svg`);
    expect(analysis.images.bottom).toBe(`/files/boards/${uploadId}/bottom.svg`);
    const layerUrls = Object.entries(analysis.images.layers);
    expect(layerUrls.length).toBeGreaterThan(0);
    for (const [fileId, url] of layerUrls) expect(url).toBe(`/files/boards/${uploadId}/layer-${fileId}.svg`);
    const stored = await gw.db.select().from(boardUploadFiles).where(eq(boardUploadFiles.uploadId, uploadId));
    expect(stored.map((file) => file.name).sort()).toEqual(manifestOf('arduino-uno').map((layer) => layer.name).sort());
    const renders = await gw.db.select({ name: boardRenders.name }).from(boardRenders).where(eq(boardRenders.uploadId, uploadId));
    expect(renders).toHaveLength(2 + layerUrls.length);
  });

  it('serves the pictures to members with the Authorization header, as inert SVG', async () => {
    const top = await fetchPicture(arduino.analysis?.images.top ?? '', demo);
    expect(top.statusCode).toBe(200);
    expect(top.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(top.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(top.headers['x-content-type-options']).toBe('nosniff');
    expect(top.headers['cache-control']).toMatch(/^private, max-age=\d+/);
    expect(top.body).toMatch(/^<svg[\s>]/);
    const again = await fetchPicture(arduino.analysis?.images.top ?? '', demo, { 'if-none-match': String(top.headers.etag) });
    expect(again.statusCode).toBe(304);
    const [layerUrl] = Object.values(arduino.analysis?.images.layers ?? {});
    const layer = await fetchPicture(layerUrl ?? '', buyer.token);
    expect(layer.statusCode).toBe(200);
    expect(layer.body).toContain('<svg');
  });

  it('hides the upload and its pictures from non-members (404) and anonymous callers (401)', async () => {
    const url = arduino.analysis?.images.top ?? '';
    expect((await fetchPicture(url, stranger.token)).statusCode).toBe(404);
    expect((await fetchPicture(url)).statusCode).toBe(401);
    expect((await fetchPicture(url, 'not-a-token')).statusCode).toBe(401);
    for (const name of ['evil.svg', 'top.png', 'layer-f999.svg', 'layer-../top.svg', 'TOP.svg']) {
      expect((await fetchPicture(`/files/boards/${arduino.uploadId}/${name}`, demo)).statusCode, name).toBe(404);
    }
    expect((await fetchPicture('/files/boards/not-a-uuid/top.svg', demo)).statusCode).toBe(404);
    const hidden = await get(gw, `/board-files/Get?uploadId=${arduino.uploadId}`, stranger.token);
    expect(hidden.status).toBe(404);
    expect(hidden.json).toMatchObject({ code: 'not_found', field: 'uploadId' });
    expect((await get(gw, '/board-files/Get?uploadId=00000000-0000-4000-8000-000000000000', demo)).status).toBe(404);
    expect((await get(gw, `/board-files/Get?uploadId=${arduino.uploadId}`)).status).toBe(401);
    expect((await get(gw, `/board-files/Get?uploadId=${arduino.uploadId}`, buyer.token)).json).toMatchObject({ status: 'done' });
  });
});

describe.runIf(corpusAvailable())('a board named after itself', () => {
  it('names a real board after its X2 project, not the file the app named the zip after, and its version too', async () => {
    // OtterPill's loose files as the app sends several picked files: zipped, named after the first.
    const answer = await uploadFiles(gw, demo, demoClient, Buffer.from(corpusBoard('kicad5-2l-otterpill').upload), 'OtterPill-B_Cu.zip');
    expect(answer.status).toBe(200);
    const done = await waitProcessed(gw, demo, String(answer.json.uploadId));
    expect(done.analysis).toMatchObject({ archiveName: 'OtterPill-B_Cu.zip', boardName: 'OtterPill' });
    const measured = done.analysis?.measurements;
    if (!measured) throw new Error('no measurements');
    const params = paramsFromMeasurements(measured, defaultParams('pcb'));
    const saved = await post(
      gw,
      createProject.path,
      { clientId: demoClient, title: 'OtterPill', params, uploadId: done.uploadId, status: 'draft' },
      { token: demo },
    );
    expect(saved.status).toBe(200);
    expect((saved.body as Project).versions).toMatchObject([{ uploadId: done.uploadId, archiveName: 'OtterPill-B_Cu.zip', boardName: 'OtterPill' }]);
  });
});

describe('Roles', () => {
  it('lets an engineer upload a single file but not a buyer (403) nor a non-member (404), storing nothing for them', async () => {
    const board = zipBoard('arduino-uno');
    const before = await rowCounts();
    const asBuyer = await uploadFiles(gw, buyer.token, demoClient, board, 'board.zip');
    expect(asBuyer.status).toBe(403);
    expect(asBuyer.json).toMatchObject({ code: 'forbidden', field: 'clientId' });
    const asStranger = await uploadFiles(gw, stranger.token, demoClient, board, 'board.zip');
    expect(asStranger.status).toBe(404);
    expect(asStranger.json).toMatchObject({ code: 'not_found', field: 'clientId' });
    expect((await uploadFiles(gw, null, demoClient, board, 'board.zip')).status).toBe(401);
    expect(await rowCounts()).toEqual(before);
    const drill = manifestOf('arduino-uno').find((layer) => layer.type === 'drill');
    const bytes = readFileSync(join(process.cwd(), 'node_modules/@tracespace/fixtures/boards/arduino-uno', drill?.name ?? ''));
    const asEngineer = await uploadFiles(gw, engineer.token, demoClient, bytes, drill?.name ?? '', 'application/octet-stream');
    expect(asEngineer.status).toBe(200);
    const state = await waitProcessed(gw, engineer.token, String(asEngineer.json.uploadId));
    expect(state.analysis?.files).toMatchObject([{ name: drill?.name, type: 'drill' }]);
  });
});

describe('SetLayers', () => {
  const tableOf = (files: BoardFile[]) => files.map(({ id, type, side, hidden, order }) => ({ id, type, side, hidden, order }));

  it('re-analyses with the user\'s types: with the outline taken for a drawing, the edge is found in that drawing', async () => {
    const files = arduino.analysis?.files ?? [];
    const outline = files.find((file) => file.type === 'outline');
    if (!outline) throw new Error('no outline');
    const changed = tableOf(files).map((row) => (row.id === outline.id ? { ...row, type: 'drawing' as const } : row));
    const answer = await post(gw, '/board-files/SetLayers', { uploadId: arduino.uploadId, files: changed }, { token: demo });
    expect(answer.status).toBe(200);
    const state = answer.body as UploadState;
    expect(state.status).toBe('done');
    expect(state.analysis?.files.find((file) => file.id === outline.id)).toMatchObject({ type: 'drawing', identifiedBy: 'user' });
    expect(state.analysis?.alerts).toContainEqual({ code: 'outlineFromLayers', level: 'warning', fileId: outline.id });
    expect((await get(gw, `/board-files/Get?uploadId=${arduino.uploadId}`, demo)).body).toEqual(state);

    const back = await post(gw, '/board-files/SetLayers', { uploadId: arduino.uploadId, files: tableOf(files) }, { token: demo });
    expect((back.body as UploadState).analysis?.alerts.map((alert) => alert.code)).not.toContain('outlineFromLayers');
  });

  it('refuses unknown files, buyers and non-members', async () => {
    const files = tableOf(arduino.analysis?.files ?? []);
    const unknown = await post(gw, '/board-files/SetLayers', {
      uploadId: arduino.uploadId, files: [{ ...files[0], id: 'f99' }],
    }, { token: demo });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ field: 'files.0.id' });
    const asBuyer = await post(gw, '/board-files/SetLayers', { uploadId: arduino.uploadId, files }, { token: buyer.token });
    expect(asBuyer.status).toBe(403);
    const asStranger = await post(gw, '/board-files/SetLayers', { uploadId: arduino.uploadId, files }, { token: stranger.token });
    expect(asStranger.status).toBe(404);
  });

  it('waits for the first processing to end: a correction meanwhile is 409', async () => {
    const answer = await uploadFiles(gw, demo, demoClient, zipBoard('arduino-uno'), 'busy.zip');
    const uploadId = String(answer.json.uploadId);
    const early = await post(gw, '/board-files/SetLayers', {
      uploadId, files: [{ id: 'f1', type: 'drawing', side: 'all', hidden: false, order: 0 }],
    }, { token: demo });
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ code: 'busy', field: 'uploadId' });
    expect(await waitProcessed(gw, demo, uploadId)).toMatchObject({ status: 'done' });
  });
});

describe('Refused uploads leave nothing behind', () => {
  const cases: Array<[string, () => Buffer, string, string, string[]]> = [
    [
      'a zip with ../evil.gbr',
      () => zipOf({ 'board.gtl': 'G04 top*\nM02*\n', '../evil.gbr': 'G04 evil*\nM02*\n' }),
      'board.zip',
      'application/zip',
      ['zipTraversal'],
    ],
    ['a 1 GB zip bomb', () => zipBomb(), 'bomb.zip', 'application/zip', ['unpackedTooLarge']],
    ['a 1 GB zip bomb whose headers claim 1 kB', () => zipBomb('board.gbr', 1024 ** 3, 1000), 'bomb.zip', 'application/zip', ['unpackedTooLarge']],
    ['a PNG renamed board.gbr', () => PNG, 'board.gbr', 'application/octet-stream', ['notGerber']],
    ['an empty body', () => Buffer.alloc(0), 'board.zip', 'application/zip', ['emptyUpload']],
  ];

  for (const [what, bytes, fileName, contentType, codes] of cases) {
    it(`refuses ${what} with a message and stores nothing`, async () => {
      const body = bytes();
      const rows = await rowCounts();
      const disk = diskState();
      expect(disk.data.length).toBeGreaterThan(0);
      const answer = await uploadFiles(gw, demo, demoClient, body, fileName, contentType);
      expect(answer.status).toBe(400);
      expect(codes).toContain(answer.json.code);
      expect(answer.json.field).toBe('file');
      expect(typeof answer.json.error).toBe('string');
      expect(String(answer.json.error).length).toBeGreaterThan(5);
      expect(await rowCounts()).toEqual(rows);
      expect(diskState()).toEqual(disk);
    });
  }

  it('refuses a body over the archive limit with 413 archiveTooLarge, before storing anything', async () => {
    const rows = await rowCounts();
    const answer = await uploadFiles(gw, demo, demoClient, Buffer.alloc(25 * 1024 * 1024 + 1), 'huge.zip');
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({ code: 'archiveTooLarge', field: 'file' });
    expect(await rowCounts()).toEqual(rows);
  });

  it('refuses a JSON body with 415', async () => {
    const answer = await uploadFiles(gw, demo, demoClient, Buffer.from('{"a":1}'), 'board.zip', 'application/json');
    expect(answer.status).toBe(415);
  });
});

describe('Gateway stop and start', () => {
  it('lets a running job finish on close, and a restart takes up what was still queued', async () => {
    const answer = await uploadFiles(gw, demo, demoClient, zipBoard('arduino-uno'), 'late.zip');
    expect(answer.status).toBe(200);
    await gw.close();
    gw = await startGateway({ dataDir });
    demo = await login(gw);
    expect(await waitProcessed(gw, demo, String(answer.json.uploadId))).toMatchObject({ status: 'done' });
  });

  /** An upload as a gateway that crashed mid-processing leaves it: its job running under someone else's lease. */
  async function leftByCrash(name: string, lease: { attempts: number; untilMs: number }): Promise<{ uploadId: string; jobId: number }> {
    const answer = await uploadFiles(gw, demo, demoClient, zipBoard('arduino-uno'), name);
    const uploadId = String(answer.json.uploadId);
    await waitProcessed(gw, demo, uploadId);
    await gw.db.update(boardUploads).set({ status: 'processing', step: 'render', analysis: null }).where(eq(boardUploads.id, uploadId));
    const [job] = await gw.db.insert(boardJobs).values({
      uploadId, status: 'running', step: 'render', attempts: lease.attempts, leaseOwner: 'crashed-gateway:1:dead',
      leaseUntil: new Date(Date.now() + lease.untilMs), runAfter: new Date(),
    }).returning({ id: boardJobs.id });
    return { uploadId, jobId: job?.id ?? 0 };
  }

  it('fails no upload another gateway holds when it starts, and retries it once that lease runs out', async () => {
    const { uploadId: held } = await leftByCrash('held.zip', { attempts: 1, untilMs: 60_000 });
    const { uploadId: crashed, jobId } = await leftByCrash('crashed.zip', { attempts: 1, untilMs: -1000 });
    await gw.close();
    gw = await startGateway({ dataDir });
    demo = await login(gw);
    expect(await waitProcessed(gw, demo, crashed)).toMatchObject({ status: 'done', error: null });
    // The job ends with its DFM, a moment after the first stage shows the upload done.
    await expect.poll(async () => (await gw.db.select().from(boardJobs).where(eq(boardJobs.id, jobId)))[0]?.status, { timeout: 30_000 }).toBe('done');
    const [retried] = await gw.db.select().from(boardJobs).where(eq(boardJobs.id, jobId));
    expect(retried).toMatchObject({ status: 'done', attempts: 2, leaseUntil: null });
    expect(retried?.leaseOwner).not.toBe('crashed-gateway:1:dead');
    expect((await get(gw, `/board-files/Get?uploadId=${held}`, demo)).json).toMatchObject({ status: 'processing', error: null });
    await gw.db.update(boardJobs).set({ leaseUntil: new Date(Date.now() - 1000) }).where(eq(boardJobs.uploadId, held));
    expect(await waitProcessed(gw, demo, held)).toMatchObject({ status: 'done' });
  }, 60_000); // Two boards processed in turn by a gateway just started: over the default 20 s on a busy machine.

  it('fails an upload whose lease ran out on its last attempt, with a message in both languages', async () => {
    const { uploadId: exhausted } = await leftByCrash('exhausted.zip', { attempts: 3, untilMs: -1000 });
    expect(await waitProcessed(gw, demo, exhausted)).toMatchObject({ status: 'failed', error: 'processingInterrupted' });
    const ru = (await get(gw, `/board-files/Get?uploadId=${exhausted}`, demo, { lang: 'ru' })).json.message;
    const en = (await get(gw, `/board-files/Get?uploadId=${exhausted}`, demo, { lang: 'en' })).json.message;
    expect(ru).toMatch(/сбой/);
    expect(en).toMatch(/interrupted/);
  });
});
