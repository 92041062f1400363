import type { SortDirection } from '../contract/list';
import type { ListFilterQuery } from '../machines/list-paging-types';

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
  const isSortCode = (code: string): code is SortCode => (sortCodes as readonly string[]).includes(code);
  const isFilterCode = (code: string): code is FilterCode => (filterCodes as readonly string[]).includes(code);
  return (query) => {
    const code = query.sort?.code;
    return {
      ...(query.sort && code !== undefined && isSortCode(code) ? { sort: { code, orderBy: query.sort.orderBy } } : {}),
      ...(query.search ? { search: query.search } : {}),
      ...(query.filters?.length ? { filters: query.filters.filter(isFilterCode) } : {}),
    };
  };
}
