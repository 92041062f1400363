import { sql, type SQL } from 'drizzle-orm';
import type { SortDirection } from '../../src/contract/list';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';

/**
 * The deepest row a page may reach (page × itemsOnPage): an offset walks past every row before it, so a page deeper
 * than this would cost more than the list is worth; nobody scrolls 5 000 pages — they search or filter.
 */
export const MAX_LIST_DEPTH = 100_000;

/**
 * A searched count stops here: a search reads rows one by one (no index finds text inside titles), and "more than
 * 10 000" is all a person needs to know to refine it. The list machine makes placeholders for the pages the count
 * announces, so it never asks past them; the gateway would still answer pages up to MAX_LIST_DEPTH.
 */
export const SEARCH_COUNT_CAP = 10_001;

export interface PageWindow { offset: number; limit: number }

/** The rows one page asks for, or 400 naming `pagination.page` when it lies beyond MAX_LIST_DEPTH. */
export function pageWindow(pagination: { page: number; itemsOnPage: number }): PageWindow {
  if (pagination.page * pagination.itemsOnPage > MAX_LIST_DEPTH) {
    throw new ApiError(400, 'listPageTooDeep', { max: MAX_LIST_DEPTH }, { field: 'pagination.page', code: 'out_of_range' });
  }
  return { offset: (pagination.page - 1) * pagination.itemsOnPage, limit: pagination.itemsOnPage };
}

/** What a list's count reads of the form: its search and its filter codes. */
export interface ListForm<FilterCode extends string> { search?: string | undefined; filters?: FilterCode[] | undefined }

/** What a list's page reads of the form: the count's part plus the page and the sort. */
export interface PageForm<FilterCode extends string, SortCode extends string> extends ListForm<FilterCode> {
  pagination: { page: number; itemsOnPage: number };
  sort?: { code: SortCode; orderBy: SortDirection } | undefined;
}

/** Rows matching `matches` (a `select 1 from … where …`), counted up to `cap`. */
export async function cappedCount(db: Db, matches: SQL, cap = SEARCH_COUNT_CAP): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(sql`(${matches} limit ${cap}) m`);
  return row?.count ?? 0;
}

/** `(v1, v2, …)` of bound values, for `in` lists of ids and filter codes. */
export const valueList = (values: readonly (string | number)[]): SQL => sql`(${sql.join(values.map((value) => sql`${value}`), sql`, `)})`;

/**
 * Past this many index ranges, planning the merge costs more than it saves: the ranges become one with `in (…)`,
 * which PostgreSQL sorts instead (only a member of dozens of clients gets there).
 */
export const MAX_RANGES = 24;

/** The same choices in every combination: clients × statuses become one index range each. */
export function combinations<A, B>(first: readonly A[], second: readonly B[]): Array<[A, B]> {
  return first.flatMap((a) => second.map((b): [A, B] => [a, b]));
}

/**
 * Ids and sort keys of one page, read from several index ranges at once (one per client, or per client and status).
 * Each range is a `select id, <key> as sort_key … order by <key>, id limit offset+limit` that an index returns in
 * order; PostgreSQL merges the ordered ranges (Merge Append) and skips the offset, so a page costs offset + limit
 * index entries whatever the number of ranges. With `IN (…)` instead it would sort every matching row. One range
 * needs no merge: its own offset and limit.
 */
export function pageKeys(ranges: SQL[], direction: 'asc' | 'desc', window: PageWindow): SQL {
  const order = sql.raw(`order by sort_key ${direction}, id ${direction}`);
  if (ranges.length === 1) return sql`${ranges[0]} ${order} limit ${window.limit} offset ${window.offset}`;
  const limited = ranges.map((range) => sql`(${range} ${order} limit ${window.offset + window.limit})`);
  return sql`select id, sort_key from (${sql.join(limited, sql` union all `)}) ranges ${order} limit ${window.limit} offset ${window.offset}`;
}

/** An ISO timestamp in UTC straight from SQL, the same from PGlite and node-postgres. */
export const isoOf = (column: SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
