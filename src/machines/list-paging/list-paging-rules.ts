import type { ListFilterQuery, ListPage, ListPageStatus, ListPagingContext } from './list-paging-types';

/** One placeholder per page, count divided by page size rounded up. */
export const pageCountOf = (total: number, pageSize: number): number => Math.ceil(total / pageSize);

export const withStatus = <Item>(pages: ListPage<Item>[], wanted: (page: ListPage<Item>) => boolean, status: ListPageStatus) =>
  pages.map((page) => (wanted(page) ? { ...page, status } : page));

export const statusOf = <Item>(context: ListPagingContext<Item>, page: number): ListPageStatus | null =>
  context.pages[page - 1]?.status ?? null;

/** The search a typed text asks for: 'плата ' asks what 'плата' does. */
export const searchOf = (text: string): string => text.trim();

/** The query with another search; an empty one is left out, as the gateway's list form has it. */
export function withSearch(query: ListFilterQuery, text: string): ListFilterQuery {
  const next: ListFilterQuery = { ...query };
  delete next.search;
  const search = searchOf(text);
  return search ? { ...next, search } : next;
}

/** The query with other filters; none at all is left out. */
export function withFilters(query: ListFilterQuery, filters: readonly string[]): ListFilterQuery {
  const next: ListFilterQuery = { ...query };
  delete next.filters;
  return filters.length > 0 ? { ...next, filters: [...filters] } : next;
}

/** The same codes in the same order: a view that sends its filters again changes nothing. */
export const sameFilters = (current: readonly string[] = [], next: readonly string[] = []): boolean =>
  current.length === next.length && current.every((code, index) => code === next[index]);
