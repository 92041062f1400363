import { isOneOf } from '../contract/fields';
import type { SortDirection } from '../contract/list';
import type { ListFilterQuery } from '../machines/list-paging/list-paging-types';
import type { ListCalls } from './swappable-calls';

interface NarrowedQuery<SortCode extends string, FilterCode extends string> {
  sort?: { code: SortCode; orderBy: SortDirection };
  search?: string;
  filters?: FilterCode[];
}

/**
 * The generic list form a list machine builds, narrowed to the sort and filter codes one list's contract knows
 * (the gateway would answer 400 for any other code).
 */
export function narrowListQuery<SortCode extends string, FilterCode extends string>(
  sortCodes: readonly SortCode[], filterCodes: readonly FilterCode[],
): (query: ListFilterQuery) => NarrowedQuery<SortCode, FilterCode> {
  const isSortCode = isOneOf(sortCodes);
  const isFilterCode = isOneOf(filterCodes);
  return (query) => {
    const code = query.sort?.code;
    return {
      ...(query.sort && code !== undefined && isSortCode(code) ? { sort: { code, orderBy: query.sort.orderBy } } : {}),
      ...(query.search ? { search: query.search } : {}),
      ...(query.filters?.length ? { filters: query.filters.filter(isFilterCode) } : {}),
    };
  };
}

/**
 * The product spec's views named in the query: `?status=<one of statuses>` or `?favorite=true`; anything else is the whole
 * list. Shared by /projects and /orders, so a reload or a menu link lands on the same view in both.
 */
export function statusViewOfSearch<Status extends string>(search: string, statuses: readonly Status[]): Status | 'favorite' | 'all' {
  const params = new URLSearchParams(search);
  const status = statuses.find((code) => code === params.get('status'));
  if (status) return status;
  return params.get('favorite') === 'true' ? 'favorite' : 'all';
}

/** The query string of a view, other parameters of `search` kept. */
export function searchOfStatusView(view: string, search = ''): string {
  const params = new URLSearchParams(search);
  params.delete('status');
  params.delete('favorite');
  if (view === 'favorite') params.set('favorite', 'true');
  else if (view !== 'all') params.set('status', view);
  return params.toString();
}

/** One page of a list as its List call takes it. */
interface ListPagination {
  pagination: { page: number; itemsOnPage: number };
}

/**
 * A contract list's ListCount and List as the list machine's calls: the query narrowed by `narrow` (the codes the
 * list knows), the page added for List. `count` and `list` send the two calls (`callApi` or the staff client's).
 */
export function listCallsOf<Body, Item>(
  narrow: (query: ListFilterQuery) => Body,
  count: (body: Body, signal?: AbortSignal) => Promise<{ count: number }>,
  list: (body: Body & ListPagination, signal?: AbortSignal) => Promise<Item[]>,
): ListCalls<Item> {
  return {
    count: async (query, signal) => (await count(narrow(query), signal)).count,
    list: (input, signal) => list({ ...narrow(input.query), pagination: { page: input.page, itemsOnPage: input.itemsOnPage } }, signal),
  };
}
