import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as setCalls from '../../src/contract/project-sets';
import type { Gateway } from '../../server/app';
import { cartItems } from '../../server/cart/schema';
import { projects } from '../../server/projects/schema';
import { projectSetItems, projectSets } from '../../server/project-sets/schema';
import { makeClient, person, type Person } from './client-fixtures';
import { call, startGateway } from './helpers';
import { attemptRow, callsOf, itRefusesAnonymous, itRefusesEachRow, tableText, type AuthzRow } from './authz-table';
import { makeProject, PAGE } from './project-fixtures';

/**
 * Every folders-and-kits call, tried by an anonymous caller, by a member of another client, by a buyer
 * (who may not change sets) and by an engineer (who may not order). Each refusal must leave the client's sets,
 * their items and the carts as they were. The run prints the table of what was checked.
 */

/** Who may make the call inside the client: any member, roles 1–4 (edit), or roles 1, 2, 3, 5 (cart). */
type Need = 'member' | 'edit' | 'cart';
type Ids = { client: number; kit: number; project: number; spare: number };
type Row = AuthzRow<Need, Ids>;

const ROWS: Row[] = [
  { call: setCalls.getProjectSet, need: 'member', input: (ids) => ({ query: { id: ids.kit } }) },
  { call: setCalls.createProjectSet, need: 'edit', input: (ids) => ({ body: { clientId: ids.client, kind: 'folder', name: 'Новая' } }) },
  { call: setCalls.renameProjectSet, need: 'edit', input: (ids) => ({ body: { id: ids.kit, name: 'Переименован' } }) },
  { call: setCalls.deleteProjectSet, need: 'edit', input: (ids) => ({ body: { id: ids.kit } }) },
  { call: setCalls.putProjectSetItem, need: 'edit', input: (ids) => ({ body: { id: ids.kit, projectId: ids.spare, quantity: 4 } }) },
  { call: setCalls.removeProjectSetItem, need: 'edit', input: (ids) => ({ body: { id: ids.kit, projectId: ids.project } }) },
  { call: setCalls.addProjectSetToCart, need: 'cart', input: (ids) => ({ body: { id: ids.kit } }) },
];

let gw: Gateway;
const ids = {} as Ids;
const people = {} as Record<'owner' | 'engineer' | 'buyer' | 'outsider', Person>;
const table: string[] = [];

async function snapshot(): Promise<string> {
  const sets = await gw.db.select().from(projectSets).where(eq(projectSets.clientId, ids.client));
  const projectIds = (await gw.db.select({ id: projects.id }).from(projects).where(eq(projects.clientId, ids.client))).map((row) => row.id);
  const [items, lines] = await Promise.all([
    gw.db.select().from(projectSetItems).where(inArray(projectSetItems.projectId, projectIds)),
    gw.db.select().from(cartItems).where(inArray(cartItems.projectId, projectIds)),
  ]);
  return JSON.stringify([sets, items, lines]);
}

const attempt = (row: Row, who: Person | null) => attemptRow(gw, ids, row, who);

beforeAll(async () => {
  gw = await startGateway();
  people.owner = await person(gw, 's-owner', 'Олег', 'Владельцев');
  people.engineer = await person(gw, 's-engineer', 'Инна', 'Инженерова');
  people.buyer = await person(gw, 's-buyer', 'Богдан', 'Закупкин');
  people.outsider = await person(gw, 's-outsider', 'Фёдор', 'Сторонний');
  ids.client = await makeClient(gw, { name: 'Проверяемый' }, [[people.owner, 1], [people.engineer, 4], [people.buyer, 5]]);
  await makeClient(gw, { name: 'Чужой' }, [[people.outsider, 1]]);
  // A draft only: the buyer's allowed AddToCart below then needs no cart line, just the role check.
  ids.project = await makeProject(gw, { clientId: ids.client, ownerUserId: people.owner.id, title: 'Секрет', status: 'draft' });
  ids.spare = await makeProject(gw, { clientId: ids.client, ownerUserId: people.owner.id, title: 'Запасной', status: 'actual' });
  const [kit] = await gw.db.insert(projectSets).values({ clientId: ids.client, kind: 'kit', name: 'Комплект' }).returning();
  if (!kit) throw new Error('kit not created');
  ids.kit = kit.id;
  await gw.db.insert(projectSetItems).values({ setId: kit.id, projectId: ids.project, quantity: 3 });
});

afterAll(async () => {
  console.log(tableText('Folders and kits calls: who is refused (status answered, the client\'s sets unchanged)',
    ['Call', 'Needs', 'Anonymous', 'Member of another client', 'Buyer (5)', 'Engineer (4)'], table));
  await gw.close();
});

const NEED_LABEL: Record<Need, string> = { member: 'any member', edit: 'roles 1–4', cart: 'roles 1, 2, 3, 5' };

describe('every folders-and-kits call that names a client or a set refuses callers without access and changes nothing', () => {
  itRefusesEachRow({
    gateway: () => gw, ids, rows: ROWS, outsider: () => people.outsider, needLabel: NEED_LABEL, snapshot, table,
    refused: [{ who: () => people.buyer, needs: ['edit'] }, { who: () => people.engineer, needs: ['cart'] }],
  });
});

describe('the allowed roles do get through (the refusals above are about the role, not the request)', () => {
  it('the buyer sees the kit and puts it into the cart; the engineer changes it', async () => {
    const seen = await attempt(ROWS[0] as Row, people.buyer);
    expect([seen.status, seen.json.name]).toEqual([200, 'Комплект']);
    const toCart = await call(gw, 'POST', setCalls.addProjectSetToCart.path, { token: people.buyer.token, body: { id: ids.kit } });
    expect([toCart.status, toCart.body], JSON.stringify(toCart.body)).toEqual([200, { cartTotal: 0, added: 0, skipped: 1 }]);
    const put = await call(gw, 'POST', setCalls.putProjectSetItem.path, {
      token: people.engineer.token, body: { id: ids.kit, projectId: ids.spare, quantity: 4 },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const created = await call(gw, 'POST', setCalls.createProjectSet.path, {
      token: people.engineer.token, body: { clientId: ids.client, kind: 'folder', name: 'Инженерная' },
    });
    expect([created.status, created.json.name]).toEqual([200, 'Инженерная']);
  });
});

describe('the list shows only the sets of the caller\'s clients', () => {
  it('a member of another client neither counts nor sees them', async () => {
    for (const path of [setCalls.projectSetsListCount.path, setCalls.projectSetsList.path]) {
      expect((await call(gw, 'POST', path, { body: PAGE() })).status).toBe(401);
    }
    const count = await call(gw, 'POST', setCalls.projectSetsListCount.path, { token: people.outsider.token, body: {} });
    expect(count.json).toEqual({ count: 0 });
    const list = await call(gw, 'POST', setCalls.projectSetsList.path, { token: people.outsider.token, body: PAGE() });
    expect(list.body).toEqual([]);
    const mine = await call(gw, 'POST', setCalls.projectSetsList.path, { token: people.buyer.token, body: PAGE() });
    expect((mine.body as Array<{ id: number }>).map((item) => item.id)).toContain(ids.kit);
    table.push('| POST /catalog-viewer/v2/project-sets/ListCount, List | any member (own clients only) | 401 | 200, none of them | allowed | allowed |');
  });
});

describe('every folders-and-kits call refuses an anonymous caller', () => {
  itRefusesAnonymous(() => gw, callsOf([setCalls], 'user'), (count) => expect(count).toBe(9));
});
