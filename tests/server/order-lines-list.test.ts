import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { countOf, linesOf, listWorld, sortedIds, walkPages, type ListWorld } from './orders-list-fixtures';
import { post, startGateway } from './helpers';

const LIST = '/catalog-viewer/v2/order-lines/List';
const COUNT = '/catalog-viewer/v2/order-lines/ListCount';
const LINE_STATUSES = ['engineering', 'awaiting_payment', 'in_production', 'ready', 'shipped', 'canceled'];
const TYPES = ['pcb', 'panel', 'stencil', 'mounting', 'module'];

let gw: Gateway;
let world: ListWorld;

beforeAll(async () => {
  gw = await startGateway({ seedDemo: false });
  world = await listWorld(gw);
}, 60_000);

afterAll(async () => {
  await gw.close();
});

type Row = Awaited<ReturnType<typeof linesOf>>[number];

/** Line statuses OR, product types OR, the groups AND; search in the title or the order's number. */
function matches({ line, number }: Row, filters: string[], search = ''): boolean {
  const statuses = filters.filter((code) => LINE_STATUSES.includes(code));
  const types = filters.filter((code) => TYPES.includes(code));
  const text = search.trim().toLowerCase();
  return (statuses.length === 0 || statuses.includes(line.status))
    && (types.length === 0 || types.includes(line.productType))
    && (text === '' || line.title.toLowerCase().includes(text) || number.toLowerCase().includes(text));
}

const flat = (rows: Row[]) => rows.map((row) => ({ ...row.line, number: row.number }));

describe('positions (order lines) list and count', () => {
  it('counts and pages every filter, newest first by default', async () => {
    const rows = await linesOf(gw, [world.first, world.second]);
    const combos = [[], ['engineering'], ['shipped', 'canceled'], ['pcb'], ['stencil', 'module'], ['shipped', 'pcb'],
      ['engineering', 'ready', 'panel', 'mounting']];
    for (const filters of combos) {
      const chosen = rows.filter((row) => matches(row, filters));
      expect(chosen.length, filters.join('+')).toBeGreaterThan(0);
      expect(await countOf(gw, COUNT, world.anna.token, { filters }), filters.join('+')).toBe(chosen.length);
      const expected = sortedIds(flat(chosen), (line) => line.createdAt, 'desc');
      expect(await walkPages(gw, LIST, world.anna.token, { filters }, 97), filters.join('+')).toEqual(expected);
    }
  });

  it('sorts by creation, title and total both ways, ties broken by id', async () => {
    const lines = flat(await linesOf(gw, [world.first, world.second]));
    const keys = { createdAt: (line: (typeof lines)[number]) => line.createdAt, title: (line: (typeof lines)[number]) => line.title,
      total: (line: (typeof lines)[number]) => line.total };
    for (const [code, key] of Object.entries(keys)) {
      for (const orderBy of ['asc', 'desc'] as const) {
        expect(await walkPages(gw, LIST, world.anna.token, { sort: { code, orderBy } }, 150), `${code} ${orderBy}`)
          .toEqual(sortedIds(lines, key, orderBy));
      }
    }
  });

  it('searches titles and order numbers', async () => {
    const rows = await linesOf(gw, [world.first, world.second]);
    const number = rows.find((row) => row.line.clientId === world.second)?.number ?? '';
    for (const search of [number.toLowerCase(), 'модуль gps', 'REV.3', 'нет такого']) {
      const chosen = rows.filter((row) => matches(row, [], search));
      expect(await countOf(gw, COUNT, world.anna.token, { search }), search).toBe(chosen.length);
      expect(await walkPages(gw, LIST, world.anna.token, { search }, 100), search)
        .toEqual(sortedIds(flat(chosen), (line) => line.createdAt, 'desc'));
    }
    expect(rows.filter((row) => matches(row, [], number)).length).toBeGreaterThan(0);
  });

  it('names the order and the client of each line', async () => {
    const answer = await post(gw, LIST, { pagination: { page: 1, itemsOnPage: 3 } }, { token: world.boris.token });
    expect(answer.status).toBe(200);
    const items = answer.body as Array<Record<string, unknown>>;
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(item).toMatchObject({ clientName: 'Списки-Б', orderNumber: expect.stringMatching(/^ББ-/), filesUrl: null,
        orderId: expect.any(Number), unitPrice: expect.any(Number) });
    }
  });

  it('shows a non-member nothing and refuses pages beyond 100 000 rows', async () => {
    const boris = await linesOf(gw, [world.second]);
    expect(await countOf(gw, COUNT, world.boris.token, {})).toBe(boris.length);
    expect(await countOf(gw, COUNT, world.vera.token, {})).toBe(0);
    expect((await post(gw, LIST, { pagination: { page: 1, itemsOnPage: 20 } }, { token: world.vera.token })).body).toEqual([]);
    const deep = await post(gw, LIST, { pagination: { page: 1001, itemsOnPage: 100 } }, { token: world.anna.token });
    expect(deep.status).toBe(400);
    expect(deep.json.field).toBe('pagination.page');
  });
});
