import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { LINE_STATUS_OF_ORDER, type OrderStatus } from '../../src/contract/orders';
import { orderCounts, orderLines, orders } from '../../server/orders/schema';
import { SEARCH_COUNT_CAP } from '../../server/lists/paging';
import { seedBulkOrders } from '../../server/seed/bulk-orders';
import { makeClient, person, type Person } from './client-fixtures';
import { countOf, walkPages } from './orders-list-fixtures';
import { post, startGateway } from './helpers';

let gw: Gateway;
let owner: Person;
let stranger: Person;
let clientId: number;

beforeAll(async () => {
  gw = await startGateway({ seedDemo: false });
  owner = await person(gw, 'bulk-owner', 'Олег', 'Оптовый');
  stranger = await person(gw, 'bulk-stranger', 'Света', 'Сторонняя');
  clientId = await makeClient(gw, { name: 'Оптовик' }, [[owner, 1]]);
}, 60_000);

afterAll(async () => {
  await gw.close();
});

describe('seedBulkOrders', () => {
  it('writes consistent orders, lines and counts that the lists agree with', async () => {
    const seeded = await seedBulkOrders(gw.db, { clientId, orders: 2000, linesPerOrder: 10, now: new Date('2025-09-01T09:00:00Z') });
    expect(seeded).toEqual({ orders: 2000, lines: 20_000 });
    const { rows: [check] } = await gw.db.execute(sql`
      select count(*)::int as orders, count(distinct number)::int as numbers,
        count(*) filter (where number like 'ББ-%')::int as bulk_numbers,
        count(*) filter (where line_count <> 10)::int as wrong_line_counts,
        count(*) filter (where total <> (select sum(total) from order_lines l where l.order_id = o.id))::int as wrong_totals,
        count(*) filter (where first_line_title <> (select title from order_lines l where l.order_id = o.id order by id limit 1))::int as wrong_titles,
        count(distinct status)::int as statuses,
        count(*) filter (where is_favorite)::int as favourites,
        count(*) filter (where created_at > '2025-09-01T09:00:00Z' or created_at < '2022-08-01')::int as out_of_range
      from orders o where client_id = ${clientId}`) as unknown as { rows: Array<Record<string, number>> };
    expect(check).toMatchObject({ orders: 2000, numbers: 2000, bulk_numbers: 2000, wrong_line_counts: 0, wrong_totals: 0,
      wrong_titles: 0, out_of_range: 0 });
    expect(check?.statuses).toBe(6);
    expect(check?.favourites).toBeGreaterThan(20);
    const pairs = await gw.db.selectDistinct({ order: orders.status, line: orderLines.status }).from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId)).where(eq(orderLines.clientId, clientId));
    expect(pairs.length).toBe(6);
    for (const pair of pairs) expect(LINE_STATUS_OF_ORDER[pair.order as OrderStatus], pair.order).toBe(pair.line);
    const lines = await gw.db.select({ n: sql<number>`count(*)::int` }).from(orderLines).where(eq(orderLines.clientId, clientId));
    expect(lines[0]?.n).toBe(20_000);
    const counted = await gw.db.select({ n: sql<number>`sum(${orderCounts.orders})::int` }).from(orderCounts)
      .where(eq(orderCounts.clientId, clientId));
    expect(counted[0]?.n).toBe(2000);

    const orderCount = await countOf(gw, '/catalog-viewer/v2/orders/ListCount', owner.token, {});
    expect(orderCount).toBe(2000);
    for (const filters of [['shipped'], ['canceled', 'favorite'], ['held'], ['on_check', 'in_progress']]) {
      const listed = await walkPages(gw, '/catalog-viewer/v2/orders/List', owner.token, { filters }, 200);
      expect(await countOf(gw, '/catalog-viewer/v2/orders/ListCount', owner.token, { filters }), filters.join('+')).toBe(listed.length);
    }
    expect(await countOf(gw, '/catalog-viewer/v2/order-lines/ListCount', owner.token, {})).toBe(20_000);
    const page = await post(gw, '/catalog-viewer/v2/order-lines/List', { pagination: { page: 1000, itemsOnPage: 20 } }, { token: owner.token });
    expect((page.body as unknown[]).length).toBe(20);
  }, 60_000);

  it('caps a searched count at 10 001, and the list still reaches every page the count announces', async () => {
    const form = { search: 'REV.' };
    expect(await countOf(gw, '/catalog-viewer/v2/order-lines/ListCount', owner.token, form)).toBe(SEARCH_COUNT_CAP);
    const last = await post(gw, '/catalog-viewer/v2/order-lines/List', { ...form, pagination: { page: 501, itemsOnPage: 20 } }, { token: owner.token });
    expect((last.body as unknown[]).length).toBe(20);
    expect(await countOf(gw, '/catalog-viewer/v2/orders/ListCount', owner.token, { search: 'бб-' })).toBe(2000);
  });

  it('goes on numbering when called again for the same client', async () => {
    const before = await gw.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.clientId, clientId));
    await seedBulkOrders(gw.db, { clientId, orders: 50, linesPerOrder: 1, now: new Date('2025-09-02T09:00:00Z') });
    const after = await gw.db.select({ n: sql<number>`count(*)::int`, numbers: sql<number>`count(distinct ${orders.number})::int` })
      .from(orders).where(eq(orders.clientId, clientId));
    expect(after[0]).toEqual({ n: (before[0]?.n ?? 0) + 50, numbers: (before[0]?.n ?? 0) + 50 });
    expect(await countOf(gw, '/catalog-viewer/v2/orders/ListCount', owner.token, {})).toBe((before[0]?.n ?? 0) + 50);
  });
});

describe('dev call SeedOrders', () => {
  it('seeds orders for a member and answers 404 to a non-member', async () => {
    const other = await makeClient(gw, { name: 'Длинный список' }, [[owner, 5]]);
    const seeded = await post(gw, '/dev/SeedOrders', { clientId: other, count: 300 }, { token: owner.token });
    expect(seeded.status).toBe(200);
    expect(seeded.json.created).toBe(300);
    const refused = await post(gw, '/dev/SeedOrders', { clientId: other, count: 10 }, { token: stranger.token });
    expect(refused.status).toBe(404);
    expect(await countOf(gw, '/catalog-viewer/v2/orders/ListCount', stranger.token, {})).toBe(0);
    expect((await post(gw, '/dev/SeedOrders', { clientId: other, count: 10 })).status).toBe(401);
  });

  it('does not exist in production', async () => {
    const production = await startGateway({ seedDemo: false, production: true });
    try {
      const answer = await post(production, '/dev/SeedOrders', { clientId: 1, count: 10 });
      expect(answer.status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
