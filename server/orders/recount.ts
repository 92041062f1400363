import { sql } from 'drizzle-orm';
import type { CountRepair } from '../../src/contract/orders';
import type { Db } from '../db/connect';
import { recountInvoices } from './invoices/counts';
import { recountOrders } from './counts';
import { recountOrderLines } from './line-counts';

type KeptTable = CountRepair['table'];

/** A kept table as `client key` → count, so a recount can say what it changed; a missing key counts 0. */
interface Reader { table: KeptTable; read: (tx: Db) => Promise<Array<{ client_id: number; key: string; n: number }>>; recount: (tx: Db) => Promise<void> }

const rowsOf = async (tx: Db, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as { rows: Array<{ client_id: number; key: string; n: number }> }).rows;

const KEPT: readonly Reader[] = [
  {
    table: 'order_counts',
    read: (tx) => rowsOf(tx, sql`select client_id, status || case when held then ', held' else '' end
      || case when is_favorite then ', favourite' else '' end as key, orders as n from order_counts`),
    recount: (tx) => recountOrders(tx),
  },
  {
    table: 'invoice_counts',
    read: (tx) => rowsOf(tx, sql`select client_id, case when paid then 'paid' else 'unpaid' end as key, invoices as n from invoice_counts`),
    recount: (tx) => recountInvoices(tx),
  },
  {
    table: 'order_line_counts',
    read: (tx) => rowsOf(tx, sql`select client_id, status || ', ' || product_type as key, lines as n from order_line_counts`),
    recount: (tx) => recountOrderLines(tx),
  },
  {
    // Each order keeps its number of lines (the list shows it without reading them).
    table: 'orders.line_count',
    read: (tx) => rowsOf(tx, sql`select client_id, number as key, line_count as n from orders`),
    recount: async (tx) => {
      await tx.execute(sql`update orders o set line_count = l.lines
        from (select o2.id, count(l2.id)::int as lines from orders o2 left join order_lines l2 on l2.order_id = o2.id group by 1) l
        where l.id = o.id and o.line_count <> l.lines`);
    },
  },
];

function changes(table: KeptTable, before: Awaited<ReturnType<Reader['read']>>, after: Awaited<ReturnType<Reader['read']>>): CountRepair[] {
  const map = (rows: typeof before) => new Map(rows.map((row) => [`${row.client_id}\t${row.key}`, row]));
  const [was, now] = [map(before), map(after)];
  return [...new Set([...was.keys(), ...now.keys()])].sort().flatMap((id) => {
    const [old, fresh] = [was.get(id), now.get(id)];
    const from = Number(old?.n ?? 0);
    const to = Number(fresh?.n ?? 0);
    const row = fresh ?? old;
    return from === to || !row ? [] : [{ table, clientId: Number(row.client_id), key: row.key, from, to }];
  });
}

/**
 * Recomputes every kept count from the rows it stands for and answers what differed (nothing when there was no
 * drift). The tables they count are locked against writes meanwhile (SHARE mode: reads go on), so an order moving
 * during the recount cannot be counted twice or not at all.
 */
export async function recountKeptCounts(db: Db): Promise<CountRepair[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table orders, order_lines, invoices in share mode`);
    const repairs: CountRepair[] = [];
    for (const kept of KEPT) {
      const before = await kept.read(tx);
      await kept.recount(tx);
      repairs.push(...changes(kept.table, before, await kept.read(tx)));
    }
    return repairs;
  });
}
