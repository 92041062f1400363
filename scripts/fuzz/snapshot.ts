import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../server/db/connect';

/** Row count and a hash of every row of each table: what a refused request must leave exactly as it was. */
export type Snapshot = ReadonlyMap<string, string>;

/** Rows of a raw statement: both drivers answer with `{ rows }`. */
export async function queryRows<Row>(db: Db, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as { rows?: unknown };
  return Array.isArray(result.rows) ? (result.rows as Row[]) : [];
}

export async function createSnapshotter(db: Db): Promise<() => Promise<Snapshot>> {
  const tables = await queryRows<{ name: string }>(db, sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  // One statement for all tables: a round trip per table would cost more than the hashing.
  const statement = sql.raw(tables.map(({ name }) =>
    `select '${name}' as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as state from "${name}" t`)
    .join(' union all '));
  return async () => {
    const rows = await queryRows<{ name: string; state: string }>(db, statement);
    return new Map(rows.map((row) => [row.name, row.state]));
  };
}

/** Tables whose rows differ between two snapshots. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name));
}
