import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSetSummary } from '../../src/contract/project-sets';
import type { Gateway } from '../../server/app';
import { projectSetItems, projectSets } from '../../server/project-sets/schema';
import { makeClient, person, type Person } from './client-fixtures';
import { post, startGateway } from './helpers';
import { makeProject, PAGE } from './project-fixtures';

/** The Папки and Комплекты lists — clients, kinds, search, sorts, paging and their bound, counts. */

const SETS = '/catalog-viewer/v2/project-sets';
let gw: Gateway;
let member: Person;
const clientIds = { first: 0, second: 0, foreign: 0 };

const day = (n: number) => new Date(Date.UTC(2025, 7, n, 10));

beforeAll(async () => {
  gw = await startGateway();
  member = await person(gw, 'list-member', 'Лидия', 'Списочная');
  const stranger = await person(gw, 'list-stranger', 'Степан', 'Чужой');
  clientIds.first = await makeClient(gw, { name: 'Первый' }, [[member, 4]]);
  clientIds.second = await makeClient(gw, { name: 'Второй' }, [[member, 5]]);
  clientIds.foreign = await makeClient(gw, { name: 'Посторонний' }, [[stranger, 1]]);
  const rows: Array<[keyof typeof clientIds, 'folder' | 'kit', string, number, number]> = [
    // client, kind, name, created day, updated day
    ['first', 'kit', 'Стенд питания', 1, 20],
    ['first', 'folder', 'прототипы 2025', 2, 25],
    ['first', 'folder', 'Архив 100%', 3, 10],
    ['second', 'kit', 'Усилитель — комплект', 4, 15],
    ['second', 'folder', 'Прототипы сенсоров', 5, 5],
    ['foreign', 'kit', 'Прототипы чужие', 6, 30],
  ];
  await gw.db.insert(projectSets).values(rows.map(([client, kind, name, created, updated]) =>
    ({ clientId: clientIds[client], kind, name, createdAt: day(created), updatedAt: day(updated) })));
  const [kit] = await gw.db.select().from(projectSets).where(eq(projectSets.name, 'Стенд питания'));
  if (!kit) throw new Error('kit missing');
  const priced = await makeProject(gw, { clientId: clientIds.first, ownerUserId: member.id, title: 'Плата', price: 1200 });
  const cheap = await makeProject(gw, { clientId: clientIds.first, ownerUserId: member.id, title: 'Ещё плата', price: 10 });
  // defaultParams('pcb') orders 10 pieces: 1200 ₽ → 120 ₽ a piece, 10 ₽ → 1 ₽.
  await gw.db.insert(projectSetItems).values([{ setId: kit.id, projectId: priced, quantity: 3 }, { setId: kit.id, projectId: cheap, quantity: 7 }]);
});
afterAll(() => gw.close());

const list = async (body: Record<string, unknown> = {}) => {
  const answer = await post(gw, `${SETS}/List`, { ...PAGE(), ...body }, { token: member.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as ProjectSetSummary[];
};
const names = async (body: Record<string, unknown> = {}) => (await list(body)).map((item) => item.name);
const count = async (body: Record<string, unknown> = {}) =>
  (await post(gw, `${SETS}/ListCount`, body, { token: member.token })).json.count;

describe('the list of folders and kits', () => {
  it('holds the sets of every client of the caller, the last changed first, with counts and totals', async () => {
    expect(await names()).toEqual(['прототипы 2025', 'Стенд питания', 'Усилитель — комплект', 'Архив 100%', 'Прототипы сенсоров']);
    expect(await count()).toBe(5);
    const [kit] = await list({ search: 'Стенд' });
    expect(kit).toMatchObject({
      kind: 'kit', clientId: clientIds.first, clientName: 'Первый', projectCount: 2, total: 367,
      createdAt: day(1).toISOString(), updatedAt: day(20).toISOString(),
    });
    expect((await list({ search: 'Архив' }))[0]).toMatchObject({ projectCount: 0, total: 0 });
  });

  it('filters by kind, both kinds being all of them', async () => {
    expect(await names({ filters: ['kit'] })).toEqual(['Стенд питания', 'Усилитель — комплект']);
    expect(await count({ filters: ['folder'] })).toBe(3);
    expect(await count({ filters: ['folder', 'kit'] })).toBe(5);
    const unknown = await post(gw, `${SETS}/List`, { ...PAGE(), filters: ['favorite'] }, { token: member.token });
    expect([unknown.status, unknown.json.field]).toEqual([400, 'filters.0']);
  });

  it('searches names without regard to case, with % as a plain character', async () => {
    expect(await names({ search: '  ПРОТОТИПЫ ' })).toEqual(['прототипы 2025', 'Прототипы сенсоров']);
    expect(await count({ search: 'прототипы', filters: ['kit'] })).toBe(0);
    expect(await names({ search: '100%' })).toEqual(['Архив 100%']);
    expect(await count({ search: '%' })).toBe(1);
  });

  it('sorts by name, creation and change either way', async () => {
    expect(await names({ sort: { code: 'name', orderBy: 'asc' } }))
      .toEqual(['Архив 100%', 'прототипы 2025', 'Прототипы сенсоров', 'Стенд питания', 'Усилитель — комплект']);
    expect(await names({ sort: { code: 'createdAt', orderBy: 'desc' } }))
      .toEqual(['Прототипы сенсоров', 'Усилитель — комплект', 'Архив 100%', 'прототипы 2025', 'Стенд питания']);
    expect(await names({ sort: { code: 'updatedAt', orderBy: 'asc' } }))
      .toEqual(['Прототипы сенсоров', 'Архив 100%', 'Усилитель — комплект', 'Стенд питания', 'прототипы 2025']);
  });

  it('pages without overlap, ties broken by id', async () => {
    const pages = [await list(PAGE(1, 2)), await list(PAGE(2, 2)), await list(PAGE(3, 2)), await list(PAGE(4, 2))];
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1, 0]);
    expect(pages.flat().map((item) => item.name)).toEqual(await names());
  });

  it('goes no deeper than 100 000 rows, naming pagination.page beyond', async () => {
    expect(await list(PAGE(500, 200))).toEqual([]);
    const tooFar = await post(gw, `${SETS}/List`, PAGE(501, 200), { token: member.token });
    expect([tooFar.status, tooFar.json.field, tooFar.json.code]).toEqual([400, 'pagination.page', 'out_of_range']);
    expect(await count(PAGE(501, 200))).toBe(5);
  });
});
