import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultParams } from '../../src/contract/board';
import { PROJECT_SET_MAX_ITEMS, type ProjectSet } from '../../src/contract/project-sets';
import type { Gateway } from '../../server/app';
import { projectSetItems, projectSets } from '../../server/project-sets/schema';
import { makeClient, person, type Person } from './client-fixtures';
import { call, createClock, get, post, startGateway } from './helpers';
import { makeProject, makeUpload } from './project-fixtures';

/** Folders and kits — create, get, rename, put and remove projects, delete; totals and limits. */

const SETS = '/catalog-viewer/v2/project-sets';
const clock = createClock();
let gw: Gateway;
let owner: Person;
let clientId = 0;
let otherClientId = 0;
const ids = { priced: 0, thirds: 0, unpriced: 0, foreign: 0, upload: '' };

beforeAll(async () => {
  gw = await startGateway({ now: clock.now });
  owner = await person(gw, 'set-owner', 'Сергей', 'Наборов');
  const stranger = await person(gw, 'set-stranger', 'Анна', 'Другая');
  clientId = await makeClient(gw, { name: 'Клиент наборов' }, [[owner, 1]]);
  // The owner is a member of the other client too: its projects are visible to them but still refused.
  otherClientId = await makeClient(gw, { name: 'Соседний клиент' }, [[stranger, 1], [owner, 1]]);
  ids.upload = await makeUpload(gw, { clientId, userId: owner.id });
  const made = (title: string, price: number | null, quantity: number, client = clientId) => makeProject(gw, {
    clientId: client, ownerUserId: owner.id, title, status: 'actual', price, params: { ...defaultParams('pcb'), quantity },
    ...(title === 'Плата 1' ? { uploadId: ids.upload } : {}),
  });
  ids.priced = await made('Плата 1', 1000, 10);
  ids.thirds = await made('Плата 2', 1000, 3);
  ids.unpriced = await made('Плата 3', null, 5);
  ids.foreign = await made('Чужая плата', 500, 1, otherClientId);
});
afterAll(() => gw.close());

const send = (path: string, body: unknown, token = owner.token) => post(gw, `${SETS}/${path}`, body, { token });
async function ok(path: string, body: unknown): Promise<ProjectSet> {
  const answer = await send(path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as ProjectSet;
}
const create = (name = 'Комплект', kind = 'kit') => ok('Create', { clientId, kind, name });
const fetchSet = (id: number) => get(gw, `${SETS}/Get?id=${id}`, owner.token);

describe('create, get, rename, delete', () => {
  it('creates an empty set of the client with a trimmed name and answers it whole', async () => {
    const set = await create('  Блок управления  ');
    expect(set).toMatchObject({
      kind: 'kit', name: 'Блок управления', clientId, clientName: 'Клиент наборов', projectCount: 0, total: 0, items: [],
      createdAt: clock.now().toISOString(), updatedAt: clock.now().toISOString(),
    });
    expect((await fetchSet(set.id)).body).toEqual(set);
  });

  it('refuses an empty, blank or too long name and a client the caller is not in, naming the field', async () => {
    for (const name of ['', '   ', 'я'.repeat(201)]) {
      const answer = await send('Create', { clientId, kind: 'folder', name });
      expect([answer.status, answer.json.field]).toEqual([400, 'name']);
    }
    const foreign = await send('Create', { clientId: 999_999, kind: 'folder', name: 'Нет' });
    expect([foreign.status, foreign.json.field]).toEqual([404, 'clientId']);
    const kind = await send('Create', { clientId, kind: 'bundle', name: 'Нет' });
    expect([kind.status, kind.json.field]).toEqual([400, 'kind']);
  });

  it('renames with a new activity date, and deletes the set with its items', async () => {
    const set = await create();
    await ok('PutProject', { id: set.id, projectId: ids.priced, quantity: 2 });
    clock.advance(60);
    const renamed = await ok('Rename', { id: set.id, name: ' Новое имя ' });
    expect([renamed.name, renamed.updatedAt]).toEqual(['Новое имя', clock.now().toISOString()]);
    expect(renamed.createdAt).not.toBe(renamed.updatedAt);
    const deleted = await call(gw, 'DELETE', `${SETS}/Delete`, { token: owner.token, body: { id: set.id } });
    expect([deleted.status, deleted.body]).toEqual([200, { ok: true }]);
    expect((await fetchSet(set.id)).status).toBe(404);
    expect(await gw.db.select().from(projectSetItems).where(eq(projectSetItems.setId, set.id))).toEqual([]);
    expect((await send('Rename', { id: set.id, name: 'Снова' })).status).toBe(404);
  });

  it('answers 404 for an id that does not exist, and 400 for one beyond the database\'s integer or malformed', async () => {
    expect((await fetchSet(2_147_483_647)).status).toBe(404);
    expect((await fetchSet(9_999_999_999)).status).toBe(400);
    const malformed = await get(gw, `${SETS}/Get?id=abc`, owner.token);
    expect([malformed.status, malformed.json.field]).toEqual([400, 'id']);
  });
});

describe('projects in a set', () => {
  it('puts projects in the order they came, changes a quantity in place and estimates prices pro rata', async () => {
    const set = await create();
    clock.advance(60);
    await ok('PutProject', { id: set.id, projectId: ids.thirds, quantity: 2 });
    clock.advance(1);
    const after = await ok('PutProject', { id: set.id, projectId: ids.priced, quantity: 5 });
    expect(after.updatedAt).toBe(clock.now().toISOString());
    // 1000 ₽ for 3 pieces → 2 pieces 666.67; 1000 ₽ for 10 → 5 pieces 500.
    expect(after.items.map(({ projectId, quantity, price }) => [projectId, quantity, price]))
      .toEqual([[ids.thirds, 2, 666.67], [ids.priced, 5, 500]]);
    expect([after.projectCount, after.total]).toEqual([2, 1166.67]);
    expect(after.items[1]).toMatchObject({ title: 'Плата 1', productType: 'pcb', status: 'actual', previewUrl: `/files/boards/${ids.upload}/top.svg` });
    const changed = await ok('PutProject', { id: set.id, projectId: ids.thirds, quantity: 30 });
    expect(changed.items.map((item) => [item.projectId, item.quantity, item.price])).toEqual([[ids.thirds, 30, 10000], [ids.priced, 5, 500]]);
    expect(changed.total).toBe(10500);
  });

  it('has no total while one of its projects has no price yet', async () => {
    const set = await create('Без цены', 'folder');
    await ok('PutProject', { id: set.id, projectId: ids.priced, quantity: 1 });
    const after = await ok('PutProject', { id: set.id, projectId: ids.unpriced, quantity: 1 });
    expect(after.items.map((item) => item.price)).toEqual([100, null]);
    expect([after.projectCount, after.total]).toEqual([2, null]);
  });

  it('refuses a project of another client (even one the caller sees) or none, and changes nothing', async () => {
    const set = await create();
    for (const projectId of [ids.foreign, 99_999_999]) {
      const answer = await send('PutProject', { id: set.id, projectId, quantity: 1 });
      expect([answer.status, answer.json.field]).toEqual([400, 'projectId']);
    }
    const english = await post(gw, `${SETS}/PutProject`, { id: set.id, projectId: ids.foreign, quantity: 1 }, { token: owner.token, lang: 'en' });
    expect(english.json.error).toMatch(/no such project/);
    const zero = await send('PutProject', { id: set.id, projectId: ids.priced, quantity: 0 });
    expect([zero.status, zero.json.field]).toEqual([400, 'quantity']);
    expect((await fetchSet(set.id)).body).toEqual(set);
  });

  it('removes a project with a new activity date; removing it again changes nothing', async () => {
    const set = await create();
    await ok('PutProject', { id: set.id, projectId: ids.priced, quantity: 1 });
    await ok('PutProject', { id: set.id, projectId: ids.thirds, quantity: 1 });
    clock.advance(60);
    const removed = await ok('RemoveProject', { id: set.id, projectId: ids.priced });
    expect([removed.items.map((item) => item.projectId), removed.updatedAt]).toEqual([[ids.thirds], clock.now().toISOString()]);
    clock.advance(60);
    const again = await ok('RemoveProject', { id: set.id, projectId: ids.priced });
    expect(again).toEqual(removed);
  });

  it(`holds at most ${PROJECT_SET_MAX_ITEMS} projects, though a quantity still changes when full`, async () => {
    const set = await create('Большой', 'folder');
    const many = await Promise.all(Array.from({ length: PROJECT_SET_MAX_ITEMS }, (_, index) =>
      makeProject(gw, { clientId, ownerUserId: owner.id, title: `Массовая ${index}` })));
    await gw.db.insert(projectSetItems).values(many.map((projectId) => ({ setId: set.id, projectId, quantity: 1 })));
    const full = await send('PutProject', { id: set.id, projectId: ids.priced, quantity: 1 });
    expect([full.status, full.json.field, full.json.code]).toEqual([409, 'projectId', 'too_many']);
    const changed = await ok('PutProject', { id: set.id, projectId: many[0], quantity: 7 });
    expect([changed.projectCount, changed.items.find((item) => item.projectId === many[0])?.quantity]).toEqual([PROJECT_SET_MAX_ITEMS, 7]);
  });

  it('lets two additions at once both in when there is room, one line each', async () => {
    const set = await create();
    await Promise.all([ids.priced, ids.thirds].map((projectId) => ok('PutProject', { id: set.id, projectId, quantity: 1 })));
    const rows = await gw.db.select().from(projectSetItems).where(eq(projectSetItems.setId, set.id));
    expect(rows.map((row) => row.projectId).sort()).toEqual([ids.priced, ids.thirds].sort());
    const [stored] = await gw.db.select().from(projectSets).where(eq(projectSets.id, set.id));
    expect(stored?.updatedAt.toISOString()).toBe(clock.now().toISOString());
  });
});
