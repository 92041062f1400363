// Runs alone (vite.config.ts, "timed"): it measures time or load, which a second test file beside it would bend.
import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultParams } from '../../src/contract/board';
import type { UploadState } from '../../src/contract/board-files';
import { QUOTE_KEY_HEADER } from '../../src/contract/quote';
import type { Gateway } from '../../server/app';
import { claimJob, enqueueJob } from '../../server/board-jobs/queue';
import { sweepUploads } from '../../server/board-jobs/retention';
import { uploadHolders } from '../../server/orders/upload-holders';
import { boardJobs, boardUploads } from '../../server/board-jobs/schema';
import { clients } from '../../server/db/schema';
import { projects, projectVersions } from '../../server/projects/schema';
import { zipBoard, zipBomb } from './board-fixtures';
import { person, type Person } from './client-fixtures';
import { call, login, post, startGateway } from './helpers';
import { makeUpload } from './project-fixtures';

/**
 * The instant quote's gateway: a visitor who never signed in uploads through the customers' pipeline and
 * limits, owns the upload by a key only their browser holds, and a signed-in user carries it into a draft project.
 */

let gw: Gateway;
let demo: string;
let demoClient: number;
let stranger: Person;
const access: string[] = [];

beforeAll(async () => {
  gw = await startGateway({ quote: { uploadsPerHour: 3 } });
  demo = await login(gw);
  const [es] = await gw.db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Электронные системы'));
  if (!es) throw new Error('demo client missing');
  demoClient = es.id;
  stranger = await person(gw, 'quote-stranger', 'Сергей', 'Чужой');
});
afterAll(async () => {
  console.log(['', 'Quote pictures and calls: who gets what', '', '| Caller | Status |', '|---|---|', ...access].join('\n'));
  await gw.close();
});

interface Answer { status: number; json: Record<string, unknown> }

/** Each address its own: the per-address limit is tested on its own address. */
async function upload(bytes: Buffer, options: { key?: string; address?: string; name?: string } = {}): Promise<Answer> {
  const response = await gw.app.inject({
    method: 'POST', url: `/api/quote/Upload?fileName=${options.name ?? 'board.zip'}`, payload: bytes,
    remoteAddress: options.address ?? `10.0.0.${Math.floor(Math.random() * 200) + 20}`,
    headers: { 'content-type': 'application/zip', ...(options.key ? { [QUOTE_KEY_HEADER]: options.key } : {}) },
  });
  return { status: response.statusCode, json: JSON.parse(response.body) as Record<string, unknown> };
}

const withKey = (key?: string): Record<string, string> => (key ? { [QUOTE_KEY_HEADER]: key } : {});
const getQuote = (uploadId: string, key?: string) => call(gw, 'GET', `/quote/Get?uploadId=${uploadId}`, { headers: withKey(key) });

async function waitQuote(uploadId: string, key: string): Promise<UploadState> {
  const until = Date.now() + 30_000;
  for (;;) {
    const answer = await getQuote(uploadId, key);
    if (answer.status !== 200) throw new Error(`Get: ${answer.status}`);
    const state = answer.body as UploadState;
    if (state.status !== 'processing') return state;
    if (Date.now() > until) throw new Error('still processing');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const picture = (url: string, headers: Record<string, string> = {}) => gw.app.inject({ method: 'GET', url, headers });

let first: { uploadId: string; key: string; state: UploadState };

describe('a visitor who never signed in uploads a board', () => {
  it('gets a key once, in the first answer, and only its hash is stored', async () => {
    const answer = await upload(zipBoard('arduino-uno'), { name: 'arduino-uno.zip' });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const key = String(answer.json.quoteKey);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = answer.json.state as Record<string, unknown>;
    expect(state).toMatchObject({ status: 'processing', analysis: null });
    expect(state).not.toHaveProperty('clientId');
    const uploadId = String(state.uploadId);
    const [row] = await gw.db.select().from(boardUploads).where(eq(boardUploads.id, uploadId));
    expect(row).toMatchObject({ clientId: null, userId: null, quoteKeyHash: createHash('sha256').update(key).digest('hex') });
    expect(JSON.stringify(row)).not.toContain(key);
    first = { uploadId, key, state: await waitQuote(uploadId, key) };
    expect(first.state.status).toBe('done');
    expect(first.state.analysis?.measurements).toMatchObject({ layerCount: 2 });
  });

  it('a second upload with the same key is the same visitor\'s, and the key is not handed out again as new', async () => {
    const again = await upload(zipBoard('arduino-uno'), { key: first.key });
    expect(again.status).toBe(200);
    expect(again.json.quoteKey).toBe(first.key);
    const bad = await upload(zipBoard('arduino-uno'), { key: 'short' });
    expect([bad.status, bad.json.field]).toEqual([400, QUOTE_KEY_HEADER]);
  });

  it('a key the visitor made up is not taken: the upload is filed under a fresh key, and the made-up one opens nothing', async () => {
    const chosen = 'Chosen-by-the-visitor_0123456789abcdefghijk';
    expect(chosen).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const answer = await upload(zipBoard('arduino-uno'), { key: chosen });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const issued = String(answer.json.quoteKey);
    expect(issued).not.toBe(chosen);
    expect(issued).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const uploadId = String((answer.json.state as { uploadId: string }).uploadId);
    const [row] = await gw.db.select().from(boardUploads).where(eq(boardUploads.id, uploadId));
    expect(row?.quoteKeyHash).toBe(createHash('sha256').update(issued).digest('hex'));
    expect((await getQuote(uploadId, chosen)).status).toBe(404);
    expect((await getQuote(uploadId, issued)).status).toBe(200);
    // The made-up key is still nobody's: sent again, it gets another fresh key, not the first upload's.
    const again = await upload(zipBoard('arduino-uno'), { key: chosen });
    expect([again.json.quoteKey === chosen, again.json.quoteKey === issued]).toEqual([false, false]);
  });

  it('a key whose quotes are all gone opens nothing new: the next upload gets a fresh key', async () => {
    const made = await upload(zipBoard('arduino-uno'));
    const key = String(made.json.quoteKey);
    await waitQuote(String((made.json.state as { uploadId: string }).uploadId), key);
    // As the day's sweep removes an unclaimed quote.
    await gw.db.delete(boardUploads).where(eq(boardUploads.quoteKeyHash, createHash('sha256').update(key).digest('hex')));
    const next = await upload(zipBoard('arduino-uno'), { key });
    expect(next.status).toBe(200);
    expect(next.json.quoteKey).not.toBe(key);
  });

  it('is refused by the signed-in upload\'s content limits (a zip bomb) and leaves nothing', async () => {
    const before = await gw.db.select({ n: sql<number>`count(*)::int` }).from(boardUploads);
    const bomb = await upload(zipBomb('board.gbr', 1024 ** 3), { name: 'bomb.zip' });
    expect([bomb.status, bomb.json.field]).toEqual([400, 'file']);
    expect(await gw.db.select({ n: sql<number>`count(*)::int` }).from(boardUploads)).toEqual(before);
  });

  it('is limited per address: past the hourly uploads, 429 naming when to come back', async () => {
    const address = '10.9.9.9';
    const board = zipBoard('arduino-uno');
    for (let i = 0; i < 3; i += 1) expect((await upload(board, { address })).status).toBe(200);
    const over = await upload(board, { address });
    expect([over.status, over.json.code]).toEqual([429, 'rate_limited']);
    expect((await upload(board, { address: '10.9.9.10' })).status).toBe(200);
  });
});

describe('only the browser holding the key sees the quote', () => {
  it('its pictures and state: the key gets them; another visitor\'s key, none, or a signed-in stranger get 404', async () => {
    const top = first.state.analysis?.images.top;
    if (!top) throw new Error('no top picture');
    const other = String((await upload(zipBoard('arduino-uno'))).json.quoteKey);
    const cases: [string, Record<string, string>, number][] = [
      ['the key\'s holder', withKey(first.key), 200],
      ['another visitor\'s key', withKey(other), 404],
      ['no key', {}, 404],
      ['a signed-in member of the demo client', { authorization: `Bearer ${demo}` }, 404],
      ['a signed-in stranger', { authorization: `Bearer ${stranger.token}` }, 404],
    ];
    for (const [who, headers, status] of cases) {
      const answer = await picture(top, headers);
      expect(answer.statusCode, who).toBe(status);
      if (status === 200) expect(answer.headers['content-type']).toContain('image/svg+xml');
      access.push(`| ${who}: picture | ${answer.statusCode} |`);
      const state = await call(gw, 'GET', `/quote/Get?uploadId=${first.uploadId}`, { headers });
      expect(state.status, who).toBe(status);
      access.push(`| ${who}: Get | ${state.status} |`);
    }
    const layers = await call(gw, 'POST', '/quote/SetLayers', {
      headers: withKey(other),
      body: { uploadId: first.uploadId, files: [{ id: 'f1', type: 'copper', side: 'top', hidden: false, order: 0 }] },
    });
    expect(layers.status).toBe(404);
  });

  it('a signed-in member\'s own calls do not see it either', async () => {
    const answer = await call(gw, 'GET', `/board-files/Get?uploadId=${first.uploadId}`, { token: demo });
    expect(answer.status).toBe(404);
  });
});

describe('the price is the wizard\'s', () => {
  it('the same parameters get the same quote as the signed-in price call', async () => {
    const params = { ...defaultParams('pcb'), quantity: 25, urgency: 'express' };
    const anonymous = await post(gw, '/quote/Price', { params });
    const wizard = await post(gw, '/catalog-viewer/v2/projects/Price', { params }, { token: demo });
    expect(anonymous.status, JSON.stringify(anonymous.body)).toBe(200);
    expect(anonymous.body).toEqual(wizard.body);
  });
});

describe('visitors wait behind customers', () => {
  it('a queued customer job is claimed before an older quote job', async () => {
    // The uploads above are processed first, DFM included: a claim from the future would also take their jobs.
    const active = async () => (await gw.db.select({ n: sql<number>`count(*)::int` }).from(boardJobs)
      .where(sql`${boardJobs.status} in ('queued', 'running', 'measuring')`))[0]?.n ?? 0;
    for (let waited = 0; (await active()) > 0 && waited < 300; waited += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await active()).toBe(0);
    const later = new Date(Date.now() + 3600_000);
    const quote = randomUUID();
    await gw.db.insert(boardUploads).values({ id: quote, archiveName: 'q.zip', status: 'processing', step: 'identify', quoteKeyHash: 'x' });
    const customer = await makeUpload(gw, { clientId: demoClient, userId: stranger.id, status: 'processing' });
    // Due only in the future: this gateway's runner, on the real clock, leaves them to the test.
    await enqueueJob(gw.db, quote, null, later, 1);
    await enqueueJob(gw.db, customer, null, later, 0);
    const lease = { owner: 'test', leaseMs: 60_000 };
    const claimed = [await claimJob(gw.db, lease, 3, later), await claimJob(gw.db, lease, 3, later)];
    expect(claimed.map((job) => job?.uploadId)).toEqual([customer, quote]);
    await gw.db.delete(boardJobs).where(sql`${boardJobs.uploadId} in (${quote}, ${customer})`);
  });
});

describe('Claim carries the quote into a draft project', () => {
  const claim = (token: string, key: string | undefined, clientId = demoClient) => call(gw, 'POST', '/quote/Claim', {
    token, headers: withKey(key),
    body: { uploadId: first.uploadId, clientId, title: 'Arduino из расчёта', params: { ...defaultParams('pcb'), quantity: 25 } },
  });

  it('refuses another visitor\'s key, no key, and a client the user is no member of, changing nothing', async () => {
    const other = String((await upload(zipBoard('arduino-uno'))).json.quoteKey);
    expect((await claim(demo, other)).status).toBe(404);
    expect((await claim(demo, undefined)).status).toBe(404);
    expect((await claim(stranger.token, first.key)).status).toBe(404);
    const [row] = await gw.db.select().from(boardUploads).where(eq(boardUploads.id, first.uploadId));
    expect(row?.clientId).toBeNull();
  });

  it('makes the upload the client\'s as it is, with a draft project at the quote\'s price', async () => {
    const uploads = await gw.db.select({ n: sql<number>`count(*)::int` }).from(boardUploads);
    const price = await post(gw, '/quote/Price', { params: { ...defaultParams('pcb'), quantity: 25 } });
    const answer = await claim(demo, first.key);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.json).toMatchObject({ clientId: demoClient, status: 'draft', title: 'Arduino из расчёта' });
    const projectId = Number(answer.json.id);
    const [row] = await gw.db.select().from(projects).where(eq(projects.id, projectId));
    expect(row?.price).toBe((price.json as { total: number }).total);
    const [version] = await gw.db.select().from(projectVersions).where(eq(projectVersions.projectId, projectId));
    expect(version?.uploadId).toBe(first.uploadId);
    expect(await gw.db.select({ n: sql<number>`count(*)::int` }).from(boardUploads)).toEqual(uploads);
    const top = first.state.analysis?.images.top ?? '';
    expect((await picture(top, { authorization: `Bearer ${demo}` })).statusCode).toBe(200);
    expect((await picture(top, withKey(first.key))).statusCode).toBe(401);
    expect((await getQuote(first.uploadId, first.key)).status).toBe(404);
    expect((await claim(demo, first.key)).status).toBe(404);
  });
});

describe('Order puts the quote into the cart at its price, ready to order', () => {
  const params = { ...defaultParams('pcb'), quantity: 25 };
  const order = (token: string, key: string | undefined, uploadId: string | null, clientId = demoClient) => call(gw, 'POST', '/quote/Order', {
    token, headers: withKey(key), body: { uploadId, clientId, title: 'Заказ из расчёта', params },
  });
  const cartLineOf = async (projectId: number) => {
    const cart = await call(gw, 'GET', '/cart/List', { token: demo });
    return (cart.json.lines as { projectId: number; price: number | null; dfmReview: boolean; projectStatus: string }[])
      .find((line) => line.projectId === projectId);
  };
  async function freshQuote(): Promise<{ uploadId: string; key: string }> {
    const sent = await upload(zipBoard('arduino-uno'));
    const uploadId = String((sent.json.state as { uploadId: string }).uploadId);
    const key = String(sent.json.quoteKey);
    await waitQuote(uploadId, key);
    // The files' DFM is measured after the analysis; the page orders only once it is over, so does the test.
    for (const until = Date.now() + 60_000; Date.now() < until;) {
      const state = (await getQuote(uploadId, key)).body as UploadState;
      if (state.analysis?.dfmStatus !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { uploadId, key };
  }

  it('with files: an actual project whose cart line costs what /quote/Price said, and the key opens nothing after', async () => {
    const quote = await freshQuote();
    const price = await post(gw, '/quote/Price', { params });
    const answer = await order(demo, quote.key, quote.uploadId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const project = answer.json.project as { id: number; status: string; price: number };
    expect(project).toMatchObject({ status: 'actual', price: (price.json as { total: number }).total });
    expect(answer.json.cartTotal).toBeGreaterThanOrEqual(1);
    expect(await cartLineOf(project.id)).toMatchObject({ price: (price.json as { total: number }).total, projectStatus: 'actual' });
    expect((await getQuote(quote.uploadId, quote.key)).status).toBe(404);
    expect((await order(demo, quote.key, quote.uploadId)).status).toBe(404);
  });

  it('entered by hand: the same, with no files', async () => {
    const answer = await order(demo, undefined, null);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const project = answer.json.project as { id: number };
    expect(answer.json.dfmReview).toBe(false);
    expect(await cartLineOf(project.id)).toMatchObject({ dfmReview: false, projectStatus: 'actual' });
  });

  it('a board whose files need an engineer\'s review goes into the cart for that review, and says so', async () => {
    const quote = await freshQuote();
    await gw.db.update(boardUploads).set({ dfmReviewReason: 'layersCorrected' }).where(eq(boardUploads.id, quote.uploadId));
    const answer = await order(demo, quote.key, quote.uploadId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.json.dfmReview).toBe(true);
    expect(await cartLineOf((answer.json.project as { id: number }).id)).toMatchObject({ dfmReview: true });
  });

  it('refuses another visitor\'s key and a client the user is no member of, leaving no project and no line', async () => {
    const quote = await freshQuote();
    const before = await gw.db.select({ n: sql<number>`count(*)::int` }).from(projects);
    const other = String((await upload(zipBoard('arduino-uno'))).json.quoteKey);
    expect((await order(demo, other, quote.uploadId)).status).toBe(404);
    expect((await order(stranger.token, quote.key, quote.uploadId)).status).toBe(404);
    expect(await gw.db.select({ n: sql<number>`count(*)::int` }).from(projects)).toEqual(before);
    const [row] = await gw.db.select().from(boardUploads).where(eq(boardUploads.id, quote.uploadId));
    expect(row?.clientId).toBeNull();
  });
});

describe('unclaimed quotes are deleted after 24 hours', () => {
  it('the sweep removes a day-old quote, keeps a client\'s upload of the same age and the claimed quote', async () => {
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    const quote = randomUUID();
    await gw.db.insert(boardUploads).values({ id: quote, archiveName: 'q.zip', status: 'done', step: 'check', quoteKeyHash: 'x', createdAt: dayAgo });
    const kept = await makeUpload(gw, { clientId: demoClient, userId: stranger.id });
    await gw.db.update(boardUploads).set({ createdAt: dayAgo }).where(sql`${boardUploads.id} in (${kept}, ${first.uploadId})`);
    await sweepUploads(gw.db, gw.context.files, uploadHolders, new Date(), 72, 24);
    const left = await gw.db.select({ id: boardUploads.id }).from(boardUploads)
      .where(sql`${boardUploads.id} in (${quote}, ${kept}, ${first.uploadId})`);
    expect(left.map((row) => row.id).sort()).toEqual([kept, first.uploadId].sort());
  });
});
