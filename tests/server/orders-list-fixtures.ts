import { inArray, sql } from 'drizzle-orm';
import type { Gateway } from '../../server/app';
import { orderLines, orders } from '../../server/orders/schema';
import { recountOrders } from '../../server/orders/counts';
import { seedBulkOrders } from '../../server/seed/bulk-orders';
import { makeClient, person, type Person } from './client-fixtures';
import { post } from './helpers';

/**
 * Two clients with generated orders: Anna is in both (her lists merge them), Boris only in the second, Vera in none.
 * A few orders are moved by hand so every status, favourite and held filter has members, and ten orders share one
 * creation time so paging has ties to break.
 */
export interface ListWorld {
  anna: Person;
  boris: Person;
  vera: Person;
  first: number;
  second: number;
}

export const WORLD_NOW = new Date('2025-09-01T09:00:00Z');

export async function listWorld(gw: Gateway): Promise<ListWorld> {
  const anna = await person(gw, 'anna-lists', 'Анна', 'Листова');
  const boris = await person(gw, 'boris-lists', 'Борис', 'Страницын');
  const vera = await person(gw, 'vera-lists', 'Вера', 'Посторонняя');
  const first = await makeClient(gw, { name: 'Списки-А' }, [[anna, 1]]);
  const second = await makeClient(gw, { name: 'Списки-Б' }, [[anna, 4], [boris, 5]]);
  await seedBulkOrders(gw.db, { clientId: first, orders: 240, linesPerOrder: 3, now: WORLD_NOW });
  await seedBulkOrders(gw.db, { clientId: second, orders: 160, linesPerOrder: 2, now: WORLD_NOW });
  const pick = (clientId: number, skip: number, take: number) =>
    sql`(select id from orders where client_id = ${clientId} order by id desc offset ${skip} limit ${take})`;
  await gw.db.execute(sql`update orders set status = 'on_check' where id in ${pick(first, 0, 3)}`);
  await gw.db.execute(sql`update orders set status = 'waiting_for_payment', is_favorite = true where id in ${pick(first, 3, 3)}`);
  await gw.db.execute(sql`update orders set status = 'in_progress', hold_reason = 'Ждём ответа по файлам' where id in ${pick(first, 6, 2)}`);
  await gw.db.execute(sql`update orders set status = 'in_stock', is_favorite = true where id in ${pick(second, 0, 2)}`);
  await gw.db.execute(sql`update orders set status = 'on_check', hold_reason = 'Нет контура платы' where id in ${pick(second, 2, 1)}`);
  await gw.db.execute(sql`update orders set created_at = '2024-06-01T10:00:00Z' where id in ${pick(first, 100, 6)} or id in ${pick(second, 50, 4)}`);
  await gw.db.execute(sql`update order_lines l set status = 'engineering', created_at = o.created_at from orders o
    where o.id = l.order_id and o.client_id in (${first}, ${second}) and (o.status = 'on_check' or o.created_at = '2024-06-01T10:00:00Z')`);
  await recountOrders(gw.db, first);
  await recountOrders(gw.db, second);
  return { anna, boris, vera, first, second };
}

export const ordersOf = (gw: Gateway, clientIds: number[]) => gw.db.select().from(orders).where(inArray(orders.clientId, clientIds));
export const linesOf = (gw: Gateway, clientIds: number[]) => gw.db.select({ line: orderLines, number: orders.number })
  .from(orderLines).innerJoin(orders, sql`${orders.id} = ${orderLines.orderId}`).where(inArray(orderLines.clientId, clientIds));

type Key = string | number | Date;
/** Sorted by key then id, both in `direction`: how the gateway promises to order every list. */
export function sortedIds<Row extends { id: number }>(rows: Row[], key: (row: Row) => Key, direction: 'asc' | 'desc'): number[] {
  const sign = direction === 'asc' ? 1 : -1;
  const value = (row: Row) => { const k = key(row); return k instanceof Date ? k.getTime() : k; };
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x !== y) return (x < y ? -1 : 1) * sign;
    return (a.id - b.id) * sign;
  }).map((row) => row.id);
}

/** Every page of a list, `itemsOnPage` at a time, until a short page. */
export async function walkPages(gw: Gateway, path: string, token: string, form: Record<string, unknown>, itemsOnPage: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page < 1000; page += 1) {
    const answer = await post(gw, path, { ...form, pagination: { page, itemsOnPage } }, { token });
    if (answer.status !== 200) throw new Error(`${path} page ${page}: ${answer.status} ${JSON.stringify(answer.body)}`);
    const items = answer.body as Array<{ id: number }>;
    ids.push(...items.map((item) => item.id));
    if (items.length < itemsOnPage) return ids;
  }
  throw new Error('too many pages');
}

export async function countOf(gw: Gateway, path: string, token: string, form: Record<string, unknown>): Promise<number> {
  const answer = await post(gw, path, form, { token });
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return Number(answer.json.count);
}
