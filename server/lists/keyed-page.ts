import { sql, type SQL } from 'drizzle-orm';
import type { SortDirection } from '../../src/contract/list';
import { memberClientIds } from '../client-access/membership';
import type { Db } from '../db/connect';
import { MAX_RANGES, pageKeys, pageWindow, valueList, type PageForm } from './paging';

/**
 * A list of the user's clients' rows, read by keys: its table with the alias its SQL uses (`invoices i`), the key
 * each sort orders by, and the sort it has when none is chosen.
 */
export interface KeyedList<SortCode extends string> {
  alias: string;
  table: string;
  sortKeys: Record<SortCode, SQL>;
  defaultSort: { code: SortCode; orderBy: SortDirection };
}

/** The page's ids and sort keys as `k (id, sort_key)` to join the rows to, and the order to read them in. */
export interface KeyedPage { keys: SQL; order: SQL }

/** One index range per client, each narrowed by `where` (past MAX_RANGES, one range of them all with `in (…)`). */
export function rangesByClient(list: Pick<KeyedList<string>, 'alias'>, clientIds: readonly number[], where: SQL[]): SQL[][] {
  const clientId = sql.raw(`${list.alias}.client_id`);
  return clientIds.length <= MAX_RANGES
    ? clientIds.map((id) => [sql`${clientId} = ${id}`, ...where])
    : [[sql`${clientId} in ${valueList(clientIds)}`, ...where]];
}

/**
 * One page of a keyed list of the user's clients' rows: ids from the index ranges `rangesOf` names (the conditions of
 * each), merged in order by pageKeys; null when the user is in no client. A page deeper than the lists serve is
 * refused first.
 */
export async function keyedPage<FilterCode extends string, SortCode extends string>(
  db: Db, userId: number, list: KeyedList<SortCode>, form: PageForm<FilterCode, SortCode>,
  rangesOf: (clientIds: readonly number[], sort: SortCode) => SQL[][],
): Promise<KeyedPage | null> {
  const window = pageWindow(form.pagination);
  const clientIds = await memberClientIds(db, userId);
  if (clientIds.length === 0) return null;
  const sort = form.sort ?? list.defaultSort;
  const head = sql.raw(`select ${list.alias}.id, `);
  const from = sql.raw(` as sort_key from ${list.table} ${list.alias} where `);
  const ranges = rangesOf(clientIds, sort.code).map((where) => sql`${head}${list.sortKeys[sort.code]}${from}${sql.join(where, sql` and `)}`);
  const direction = sql.raw(sort.orderBy);
  return { keys: pageKeys(ranges, sort.orderBy, window), order: sql`k.sort_key ${direction}, k.id ${direction}` };
}
