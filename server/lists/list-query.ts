import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SortDirection } from '../../src/contract/list';

/** Case-insensitive "contains"; strpos instead of LIKE, so the user's '%' and '_' are plain characters. */
export const contains = (column: PgColumn | SQL, search: string): SQL =>
  sql`strpos(lower(coalesce(${column}, '')), lower(${search}::text)) > 0`;

export const trimmedSearch = (search: string | undefined): string => search?.trim() ?? '';

/** Order by the chosen column, then by id in the same direction, so pages never overlap. */
export function orderOf(column: PgColumn | SQL, id: PgColumn, orderBy: SortDirection): SQL[] {
  const direction = orderBy === 'asc' ? asc : desc;
  return [direction(column), direction(id)];
}

export const offsetOf = (pagination: { page: number; itemsOnPage: number }) => (pagination.page - 1) * pagination.itemsOnPage;
