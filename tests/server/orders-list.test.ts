import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { MAX_RANGES } from '../../server/lists/paging';
import { seedBulkOrders } from '../../server/seed/bulk-orders';
import { makeClient, person } from './client-fixtures';
import { countOf, listWorld, ordersOf, sortedIds, walkPages, WORLD_NOW, type ListWorld } from './orders-list-fixtures';
import { post, startGateway } from './helpers';

const LIST = '/catalog-viewer/v2/orders/List';
const COUNT = '/catalog-viewer/v2/orders/ListCount';

let gw: Gateway;
let world: ListWorld;

beforeAll(async () => {
  gw = await startGateway({ seedDemo: false });
  world = await listWorld(gw);
}, 60_000);

afterAll(async () => {
  await gw.close();
});

type Row = Awaited<ReturnType<typeof ordersOf>>[number];
const STATUSES = ['on_check', 'waiting_for_payment', 'in_progress', 'in_stock', 'shipped', 'canceled'] as const;

/** The filters as the list promises them: statuses OR, favourite and held AND, search in number, tracking, title. */
function matches(row: Row, filters: string[], search = ''): boolean {
  const statuses = filters.filter((code) => (STATUSES as readonly string[]).includes(code));
  const text = search.trim().toLowerCase();
  return (statuses.length === 0 || statuses.includes(row.status))
    && (!filters.includes('favorite') || row.isFavorite)
    && (!filters.includes('held') || row.holdReason !== null)
    && (text === '' || [row.number, row.trackingNumber ?? '', row.firstLineTitle].some((value) => value.toLowerCase().includes(text)));
}

async function annasOrders() {
  return ordersOf(gw, [world.first, world.second]);
}

describe('orders list and count', () => {
  it('counts equal the real count for every filter and their combinations', async () => {
    const rows = await annasOrders();
    const combos = [[], ...STATUSES.map((status) => [status]), ['favorite'], ['held'], ['on_check', 'held'],
      ['waiting_for_payment', 'favorite'], ['in_stock', 'shipped'], ['on_check', 'in_progress', 'held'], ['favorite', 'held'],
      ['shipped', 'favorite']];
    for (const filters of combos) {
      const expected = rows.filter((row) => matches(row, filters)).length;
      expect(await countOf(gw, COUNT, world.anna.token, { filters }), filters.join('+')).toBe(expected);
    }
    // Every filter has members, so the comparisons above mean something.
    for (const code of [...STATUSES, 'favorite', 'held']) expect(rows.some((row) => matches(row, [code])), code).toBe(true);
  });

  it('pages every filter in creation order, oldest first by default, and the pages agree with the count', async () => {
    const rows = await annasOrders();
    for (const filters of [[], ['shipped'], ['on_check', 'in_progress'], ['favorite'], ['held'], ['shipped', 'canceled', 'favorite']]) {
      const expected = sortedIds(rows.filter((row) => matches(row, filters)), (row) => row.createdAt, 'asc');
      expect(await walkPages(gw, LIST, world.anna.token, { filters }, 37), filters.join('+')).toEqual(expected);
      expect(await countOf(gw, COUNT, world.anna.token, { filters })).toBe(expected.length);
    }
  });

  it('sorts by each code in both directions, ties broken by id, without overlaps between pages', async () => {
    const rows = await annasOrders();
    const keys = {
      createdAt: (row: Row) => row.createdAt, number: (row: Row) => row.number, total: (row: Row) => row.total,
      statusChangedAt: (row: Row) => row.statusChangedAt,
    };
    for (const [code, key] of Object.entries(keys)) {
      for (const orderBy of ['asc', 'desc'] as const) {
        const expected = sortedIds(rows, key, orderBy);
        const ids = await walkPages(gw, LIST, world.anna.token, { sort: { code, orderBy } }, 23);
        expect(ids, `${code} ${orderBy}`).toEqual(expected);
      }
    }
    const shipped = sortedIds(rows.filter((row) => row.status === 'shipped' || row.status === 'in_stock'), keys.total, 'desc');
    expect(await walkPages(gw, LIST, world.anna.token, { sort: { code: 'total', orderBy: 'desc' }, filters: ['shipped', 'in_stock'] }, 50))
      .toEqual(shipped);
  });

  it('searches the number, the tracking number and the first line title, case-insensitively and literally', async () => {
    const rows = await annasOrders();
    const someNumber = rows.find((row) => row.clientId === world.second)?.number ?? '';
    const searches = [someNumber.slice(0, -1).toLowerCase(), 'rb00000001', 'РЕЛЕ', ' драйвер ', '%', 'ничего такого'];
    for (const search of searches) {
      const expected = sortedIds(rows.filter((row) => matches(row, [], search)), (row) => row.createdAt, 'asc');
      expect(await walkPages(gw, LIST, world.anna.token, { search }, 40), search).toEqual(expected);
      expect(await countOf(gw, COUNT, world.anna.token, { search }), search).toBe(expected.length);
    }
    const favouriteRelays = rows.filter((row) => matches(row, ['shipped', 'favorite'], 'реле')).length;
    expect(await countOf(gw, COUNT, world.anna.token, { search: 'реле', filters: ['shipped', 'favorite'] })).toBe(favouriteRelays);
    expect(rows.filter((row) => matches(row, [], 'реле')).length).toBeGreaterThan(0);
  });

  it('answers the summary from the order row: client name, payer, totals, dates', async () => {
    const answer = await post(gw, LIST, { pagination: { page: 1, itemsOnPage: 5 }, filters: ['held'] }, { token: world.anna.token });
    expect(answer.status).toBe(200);
    const [first] = answer.body as Array<Record<string, unknown>>;
    expect(first).toMatchObject({ clientName: expect.stringMatching(/^Списки-/), payerName: 'ООО «Тестовый плательщик»',
      holdReason: expect.any(String), lineCount: expect.any(Number), firstLineTitle: expect.stringMatching(/rev\./) });
    expect(String(first?.createdAt)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('keeps counts equal to the real count after favourites change', async () => {
    const rows = await annasOrders();
    const target = rows.find((row) => !row.isFavorite && row.status === 'shipped');
    if (!target) throw new Error('no shipped order');
    const set = await post(gw, '/catalog-viewer/v2/orders/SetFavorite', { id: target.id, isFavorite: true }, { token: world.anna.token });
    expect(set.status).toBe(200);
    const after = await annasOrders();
    for (const filters of [['favorite'], ['shipped', 'favorite'], ['shipped'], []]) {
      expect(await countOf(gw, COUNT, world.anna.token, { filters })).toBe(after.filter((row) => matches(row, filters)).length);
    }
    await post(gw, '/catalog-viewer/v2/orders/SetFavorite', { id: target.id, isFavorite: false }, { token: world.anna.token });
    expect(await countOf(gw, COUNT, world.anna.token, { filters: ['favorite'] })).toBe(rows.filter((row) => row.isFavorite).length);
  });
});

describe('a member of many clients', () => {
  it('pages all their orders in order even past the number of merged index ranges', async () => {
    const zoya = await person(gw, 'zoya-lists', 'Зоя', 'Многоклиентова');
    const ids: number[] = [];
    for (let index = 0; index < MAX_RANGES + 2; index += 1) {
      const clientId = await makeClient(gw, { name: `Клиент ${index}` }, [[zoya, 5]]);
      await seedBulkOrders(gw.db, { clientId, orders: 4 + (index % 3), linesPerOrder: 1, now: new Date(WORLD_NOW.getTime() - index * 3_600_000) });
      ids.push(clientId);
    }
    const rows = await ordersOf(gw, ids);
    for (const form of [{}, { filters: ['shipped', 'canceled'] }, { sort: { code: 'total', orderBy: 'desc' } }]) {
      const filters = (form as { filters?: string[] }).filters ?? [];
      const sort = (form as { sort?: { code: 'total' } }).sort;
      const expected = sortedIds(rows.filter((row) => matches(row, filters)), sort ? (row) => row.total : (row) => row.createdAt, sort ? 'desc' : 'asc');
      expect(await walkPages(gw, LIST, zoya.token, form, 9), JSON.stringify(form)).toEqual(expected);
      expect(await countOf(gw, COUNT, zoya.token, form)).toBe(expected.length);
    }
  });
});

describe('orders list access and bounds', () => {
  it('shows a member only the clients they belong to, and a non-member nothing', async () => {
    const rows = await ordersOf(gw, [world.second]);
    expect(await countOf(gw, COUNT, world.boris.token, {})).toBe(rows.length);
    expect(await walkPages(gw, LIST, world.boris.token, {}, 100)).toEqual(sortedIds(rows, (row) => row.createdAt, 'asc'));
    expect(await countOf(gw, COUNT, world.vera.token, {})).toBe(0);
    expect(await countOf(gw, COUNT, world.vera.token, { search: 'бб', filters: ['shipped'] })).toBe(0);
    const list = await post(gw, LIST, { pagination: { page: 1, itemsOnPage: 20 } }, { token: world.vera.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    expect((await post(gw, COUNT, {})).status).toBe(401);
  });

  it('refuses a page beyond 100 000 rows with 400 naming pagination.page', async () => {
    const deep = await post(gw, LIST, { pagination: { page: 5001, itemsOnPage: 20 } }, { token: world.anna.token });
    expect(deep.status).toBe(400);
    expect(deep.json.field).toBe('pagination.page');
    expect(String(deep.json.error)).toMatch(/100[\s\u00a0\u202f]?000/);
    const wide = await post(gw, LIST, { pagination: { page: 501, itemsOnPage: 200 } }, { token: world.anna.token, lang: 'en' });
    expect(wide.status).toBe(400);
    expect(String(wide.json.error)).toMatch(/too far/);
    const last = await post(gw, LIST, { pagination: { page: 5000, itemsOnPage: 20 } }, { token: world.anna.token });
    expect(last.status).toBe(200);
    expect(last.body).toEqual([]);
    const unknown = await post(gw, LIST, { pagination: { page: 1, itemsOnPage: 20 }, filters: ['lost'] }, { token: world.anna.token });
    expect(unknown.status).toBe(400);
  });
});
