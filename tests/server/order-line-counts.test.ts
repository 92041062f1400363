import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { clients } from '../../server/db/schema';
import { orderLines, orders } from '../../server/orders/schema';
import { seedBulkOrders } from '../../server/seed/bulk-orders';
import { makeClient, person, type Person } from './client-fixtures';
import { startGateway } from './helpers';
import { countOf } from './orders-list-fixtures';

const COUNT = '/catalog-viewer/v2/order-lines/ListCount';

let gw: Gateway;
let owner: Person;
let clientId: number;

beforeAll(async () => {
  gw = await startGateway({ seedDemo: false });
  owner = await person(gw, 'line-counts', 'Лена', 'Счётная');
  clientId = await makeClient(gw, { name: 'Счёт строк' }, [[owner, 1]]);
  await seedBulkOrders(gw.db, { clientId, orders: 300, linesPerOrder: 4, now: new Date('2025-09-01T09:00:00Z') });
}, 60_000);

afterAll(async () => {
  await gw.close();
});

/** The kept counts next to the lines counted afresh, per status and product type: equal when the triggers are right. */
async function keptAndCounted(): Promise<{ kept: Record<string, number>; counted: Record<string, number> }> {
  const { rows: kept } = await gw.db.execute(sql`select status || '/' || product_type as k, lines as n from order_line_counts
    where client_id = ${clientId} and lines <> 0`) as unknown as { rows: Array<{ k: string; n: number }> };
  const { rows: counted } = await gw.db.execute(sql`select status || '/' || product_type as k, count(*)::int as n
    from order_lines where client_id = ${clientId} group by 1`) as unknown as { rows: Array<{ k: string; n: number }> };
  const byKey = (rows: Array<{ k: string; n: number }>) => Object.fromEntries(rows.map((row) => [row.k, row.n]));
  return { kept: byKey(kept), counted: byKey(counted) };
}

describe('order_line_counts', () => {
  it('follows lines as they are inserted, change status, and go with their order', async () => {
    let state = await keptAndCounted();
    expect(Object.keys(state.counted).length).toBeGreaterThan(3);
    expect(state.kept).toEqual(state.counted);

    await gw.db.update(orderLines).set({ status: 'shipped' })
      .where(sql`${orderLines.clientId} = ${clientId} and ${orderLines.id} % 3 = 0`);
    state = await keptAndCounted();
    expect(state.kept).toEqual(state.counted);

    const doomed = await gw.db.select({ id: orders.id }).from(orders).where(eq(orders.clientId, clientId)).limit(40);
    await gw.db.delete(orders).where(inArray(orders.id, doomed.map((order) => order.id)));
    state = await keptAndCounted();
    expect(state.kept).toEqual(state.counted);
    expect(Object.values(state.counted).reduce((sum, n) => sum + n, 0)).toBe((300 - 40) * 4);
  });

  it('answers the positions count from the kept counts, by status and by product type', async () => {
    const { counted } = await keptAndCounted();
    const total = (match: (key: string) => boolean) =>
      Object.entries(counted).filter(([key]) => match(key)).reduce((sum, [, n]) => sum + n, 0);
    expect(await countOf(gw, COUNT, owner.token, {})).toBe(total(() => true));
    expect(await countOf(gw, COUNT, owner.token, { filters: ['shipped'] })).toBe(total((key) => key.startsWith('shipped/')));
    expect(await countOf(gw, COUNT, owner.token, { filters: ['shipped', 'pcb', 'module'] }))
      .toBe(total((key) => key === 'shipped/pcb' || key === 'shipped/module'));
  });

  it('lets a client with lines be deleted, and its counts go with it', async () => {
    const other = await makeClient(gw, { name: 'Удаляемый' }, [[owner, 1]]);
    await seedBulkOrders(gw.db, { clientId: other, orders: 5, linesPerOrder: 2, now: new Date('2025-09-01T09:00:00Z') });
    await gw.db.delete(clients).where(eq(clients.id, other));
    const { rows } = (await gw.db.execute(sql`select count(*)::int as n from order_line_counts where client_id = ${other}`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(rows[0]?.n).toBe(0);
  });
});
