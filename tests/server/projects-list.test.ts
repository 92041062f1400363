// Runs alone (vite.config.ts, "timed"): it measures time or load, which a second test file beside it would bend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSummary } from '../../src/contract/projects';
import type { Gateway } from '../../server/app';
import { projects } from '../../server/projects/schema';
import { makeClient, person, type Person } from './client-fixtures';
import { startGateway, post } from './helpers';
import { makeProject, makeUpload, PAGE } from './project-fixtures';

/** The projects list — every client the user belongs to, filters, search, sorts and pages. */

let gw: Gateway;
let me: Person;
const id = {} as Record<'control' | 'power' | 'stencil' | 'module' | 'panel' | 'foreign' | 'processing', number>;
const series: number[] = [];
const hour = (n: number) => new Date(Date.UTC(2025, 7, 20, 12 - n));
let uploadId = '';
const clientOf = {} as Record<'alpha' | 'beta' | 'foreign', number>;

beforeAll(async () => {
  gw = await startGateway();
  me = await person(gw, 'lister', 'Лев', 'Списков');
  const other = await person(gw, 'stranger', 'Олег', 'Чужов');
  const alpha = await makeClient(gw, { name: 'Альфа Электроника' }, [[me, 1]]);
  const beta = await makeClient(gw, { name: 'Бета Приборы' }, [[me, 5]]);
  const foreign = await makeClient(gw, { name: 'Чужая Плата' }, [[other, 1]]);
  Object.assign(clientOf, { alpha, beta, foreign });
  uploadId = await makeUpload(gw, { clientId: alpha, userId: me.id });
  const processing = await makeUpload(gw, { clientId: alpha, userId: me.id, status: 'processing' });
  const mine = { clientId: alpha, ownerUserId: me.id };
  id.control = await makeProject(gw, {
    ...mine,
    title: 'Плата управления',
    status: 'actual',
    isFavorite: true,
    price: 1000,
    updatedAt: hour(1),
    createdAt: hour(30),
    uploadId,
  });
  id.power = await makeProject(gw, { ...mine, title: 'Блок питания 100%_test', status: 'draft', price: null, updatedAt: hour(2), createdAt: hour(20) });
  id.stencil = await makeProject(gw, {
    ...mine,
    title: 'база трафарета ТР-1',
    status: 'archive',
    productType: 'stencil',
    price: 500,
    updatedAt: hour(3),
    createdAt: hour(10),
  });
  id.module = await makeProject(gw, {
    ...mine,
    title: 'Модуль связи',
    status: 'actual',
    productType: 'mounting',
    price: 3000,
    updatedAt: hour(4),
    createdAt: hour(40),
  });
  id.panel = await makeProject(gw, {
    clientId: beta,
    ownerUserId: me.id,
    title: 'Панель датчиков',
    productType: 'panel',
    isFavorite: true,
    price: 200,
    updatedAt: hour(5),
    createdAt: hour(5),
  });
  id.processing = await makeProject(gw, {
    ...mine,
    title: 'Ждёт файлов',
    status: 'draft',
    price: 700,
    updatedAt: hour(6),
    createdAt: hour(6),
    uploadId: processing,
  });
  id.foreign = await makeProject(gw, { clientId: foreign, ownerUserId: other.id, title: 'Секретная плата', status: 'actual', updatedAt: hour(0) });
  // 30 projects with one activity date: pages must still not overlap (the id breaks ties).
  for (let n = 1; n <= 30; n += 1) series.push(await makeProject(gw, { ...mine, title: `Серия ${n}`, price: 100 + n, updatedAt: hour(8), createdAt: hour(8) }));
});
afterAll(() => gw.close());

const list = async (form: Record<string, unknown>, page = 1, itemsOnPage = 20) => {
  const answer = await post(gw, '/catalog-viewer/v2/projects/List', { ...PAGE(page, itemsOnPage), ...form }, { token: me.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as ProjectSummary[];
};
const count = async (form: Record<string, unknown>) => {
  const answer = await post(gw, '/catalog-viewer/v2/projects/ListCount', form, { token: me.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.json.count as number;
};
/** The ids of every page, and the count the same form answers. */
const idsOf = async (form: Record<string, unknown>) => {
  const items = await list(form, 1, 200);
  expect(await count(form)).toBe(items.length);
  return items.map((item) => item.id);
};

describe('projects list', () => {
  it('has the projects of every client of the user, newest activity first, in pages that do not overlap', async () => {
    const total = await count({});
    expect(total).toBe(36);
    const first = await list({});
    const second = await list({}, 2);
    expect(first).toHaveLength(20);
    expect(second).toHaveLength(16);
    const ids = [...first, ...second].map((item) => item.id);
    expect(new Set(ids).size).toBe(36);
    expect(ids).not.toContain(id.foreign);
    expect(ids.slice(0, 6)).toEqual([id.control, id.power, id.stencil, id.module, id.panel, id.processing]);
    expect(ids.slice(6)).toEqual([...series].reverse());
    expect(await list({}, 3)).toEqual([]);
  });

  it('describes each line: client name, size, version and a preview only for processed files', async () => {
    const items = await list({});
    const control = items.find((item) => item.id === id.control);
    expect(control).toMatchObject({
      title: 'Плата управления', status: 'actual', productType: 'pcb', isFavorite: true, clientName: 'Альфа Электроника',
      quantity: 10, price: 1000, widthMm: 100, heightMm: 80, layers: 2, versionNumber: 1,
      previewUrl: `/files/boards/${uploadId}/top.svg`, updatedAt: hour(1).toISOString(), createdAt: hour(30).toISOString(),
    });
    expect(items.find((item) => item.id === id.processing)?.previewUrl).toBeNull();
    expect(items.find((item) => item.id === id.power)?.previewUrl).toBeNull();
    expect(items.find((item) => item.id === id.stencil)).toMatchObject({ widthMm: 140, heightMm: 120, layers: null });
  });

  it('filters by status (several are alternatives), favourite and product type (AND between the groups)', async () => {
    expect(await idsOf({ filters: ['actual'] })).toEqual([id.control, id.module]);
    expect(await idsOf({ filters: ['archive'] })).toEqual([id.stencil]);
    expect(await idsOf({ filters: ['actual', 'archive'] })).toEqual([id.control, id.stencil, id.module]);
    expect(await idsOf({ filters: ['favorite'] })).toEqual([id.control, id.panel]);
    expect(await idsOf({ filters: ['draft', 'favorite'] })).toEqual([id.panel]);
    expect(await idsOf({ filters: ['stencil', 'mounting'] })).toEqual([id.stencil, id.module]);
    expect(await idsOf({ filters: ['draft', 'panel'] })).toEqual([id.panel]);
    expect(await idsOf({ filters: ['actual', 'panel'] })).toEqual([]);
    expect((await idsOf({ filters: ['draft'] })).length).toBe(33);
  });

  it('searches titles, client names and ids, ignoring case, with % and _ as plain characters', async () => {
    expect(await idsOf({ search: 'ПЛАТА' })).toEqual([id.control]);
    expect(await idsOf({ search: 'ТРАФАРЕТ' })).toEqual([id.stencil]);
    expect(await idsOf({ search: '  бета ' })).toEqual([id.panel]);
    expect((await idsOf({ search: 'альфа' })).length).toBe(35);
    expect(await idsOf({ search: '100%' })).toEqual([id.power]);
    expect(await idsOf({ search: '%' })).toEqual([id.power]);
    expect(await idsOf({ search: '_' })).toEqual([id.power]);
    expect(await idsOf({ search: 'Серия 1_' })).toEqual([]);
    expect(await idsOf({ search: `#${id.module}` })).toEqual([id.module]);
    expect(await idsOf({ search: String(id.panel) })).toContain(id.panel);
    expect(await idsOf({ search: `#${id.foreign}` })).toEqual([]);
    expect(await idsOf({ search: 'Секретная' })).toEqual([]);
    expect(await idsOf({ search: '#99999999999' })).toEqual([]);
    expect(await idsOf({ search: 'серия', filters: ['actual'] })).toEqual([]);
  });

  it('sorts by activity, creation, title and price (projects without a price last both ways)', async () => {
    const named = { filters: ['actual', 'archive'] };
    const sorted = async (code: string, orderBy: string) => idsOf({ ...named, sort: { code, orderBy } });
    expect(await sorted('activity', 'asc')).toEqual([id.module, id.stencil, id.control]);
    expect(await sorted('activity', 'desc')).toEqual([id.control, id.stencil, id.module]);
    expect(await sorted('createdAt', 'asc')).toEqual([id.module, id.control, id.stencil]);
    expect(await sorted('createdAt', 'desc')).toEqual([id.stencil, id.control, id.module]);
    // Case does not matter: 'база…' comes before 'Модуль…' and 'Плата…' (by code points 'б' would come after 'П').
    expect(await sorted('title', 'asc')).toEqual([id.stencil, id.module, id.control]);
    expect(await sorted('title', 'desc')).toEqual([id.control, id.module, id.stencil]);
    const priced = { filters: ['actual', 'draft'], search: 'а' };
    const byPrice = async (orderBy: string) => (await list({ ...priced, sort: { code: 'price', orderBy } }, 1, 200)).map((item) => item.price);
    const asc = await byPrice('asc');
    const desc = await byPrice('desc');
    expect(asc.at(-1)).toBeNull();
    expect(desc.at(-1)).toBeNull();
    const numbers = (values: Array<number | null>) => values.filter((value): value is number => value !== null);
    expect(numbers(asc)).toEqual([...numbers(asc)].sort((a, b) => a - b));
    expect(numbers(desc)).toEqual([...numbers(asc)].reverse());
  });

  it('narrows to one client of the user when asked (a set\'s picker); another client\'s id finds nothing', async () => {
    expect(await idsOf({ clientId: clientOf.beta })).toEqual([id.panel]);
    const alpha = await idsOf({ clientId: clientOf.alpha, filters: ['actual', 'draft'], search: 'плата' });
    expect(alpha).toEqual([id.control]);
    expect(await idsOf({ clientId: clientOf.alpha })).toHaveLength(35);
    expect(await idsOf({ clientId: clientOf.foreign })).toEqual([]);
    const bad = await post(gw, '/catalog-viewer/v2/projects/List', { ...PAGE(), clientId: 'Альфа' }, { token: me.token });
    expect(bad.status).toBe(400);
    expect(bad.json.field).toBe('clientId');
  });

  it('answers 400 naming the field for unknown codes and bad pages', async () => {
    const badFilter = await post(gw, '/catalog-viewer/v2/projects/List', { ...PAGE(), filters: ['deleted'] }, { token: me.token });
    expect(badFilter.status).toBe(400);
    expect(badFilter.json.field).toBe('filters.0');
    const badSort = await post(gw, '/catalog-viewer/v2/projects/ListCount', { sort: { code: 'size', orderBy: 'asc' } }, { token: me.token });
    expect(badSort.json.field).toBe('sort.code');
    const noPage = await post(gw, '/catalog-viewer/v2/projects/List', {}, { token: me.token });
    expect(noPage.json.field).toBe('pagination');
  });

  it('stays fast with thousands of projects', async () => {
    const big = await makeClient(gw, { name: 'Большой клиент' }, [[me, 3]]);
    const rows = Array.from({ length: 3000 }, (_, n) => ({
      clientId: big, ownerUserId: me.id, title: `Проект ${n}`, status: n % 3 === 0 ? 'actual' : 'draft', productType: 'pcb' as const,
      quantity: 10, price: n, updatedAt: new Date(Date.UTC(2025, 0, 1) + n * 60_000),
    }));
    await gw.db.insert(projects).values(rows);
    const started = performance.now();
    const page = await list({ filters: ['actual'], search: 'проект' }, 3);
    const total = await count({ filters: ['actual'], search: 'проект' });
    const elapsed = performance.now() - started;
    console.log(`projects list over ${rows.length + 36} projects: page 3 and count in ${elapsed.toFixed(0)} ms`);
    expect(total).toBe(1000);
    expect(page).toHaveLength(20);
    expect(page[0]?.versionNumber).toBe(0);
    expect(elapsed).toBeLessThan(1500);
  });
});
