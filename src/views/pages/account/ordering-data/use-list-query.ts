import { useEffect, useRef, useState } from 'react';
import type { ListFilterQuery } from '../../../../machines/list-paging-types';
import { readListSort, writeListSort, type ListSort } from '../../../../services/list-sort-prefs';

/** Typing pauses this long before the list asks again, so a word is one request, not one per letter. */
const SEARCH_DELAY_MS = 300;

export interface ListQueryOptions<Sort extends string> {
  /** The cookie name part: sort-type-{list}, sort-order-{list}. */
  list: string;
  sortCodes: readonly Sort[];
  defaultSort: ListSort<Sort>;
}

/**
 * Search, filters and sort of one list, and the query they make. The first query is the list's input; each later
 * change is handed to `onChange` (the list machine starts over with it). The chosen sort is remembered in cookies.
 */
export function useListQuery<Sort extends string>(options: ListQueryOptions<Sort>, onChange: (query: ListFilterQuery) => void) {
  const [search, setSearch] = useState('');
  const [appliedSearch, setAppliedSearch] = useState('');
  const [filters, setFilters] = useState<readonly string[]>([]);
  const [sort, setSortState] = useState(() => readListSort(options.list, options.sortCodes, options.defaultSort));

  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === appliedSearch) return undefined;
    // Clearing the box shows everything at once; typing waits for a pause.
    const timer = setTimeout(() => setAppliedSearch(trimmed), trimmed === '' ? 0 : SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, appliedSearch]);

  const query: ListFilterQuery = {
    sort,
    ...(appliedSearch ? { search: appliedSearch } : {}),
    ...(filters.length > 0 ? { filters: [...filters] } : {}),
  };
  const key = JSON.stringify(query);
  const first = useRef(key);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const sent = useRef(key);
  useEffect(() => {
    if (sent.current === key) return;
    sent.current = key;
    latest.current(JSON.parse(key) as ListFilterQuery);
  }, [key]);

  return {
    /** What the list starts with. */
    initialQuery: JSON.parse(first.current) as ListFilterQuery,
    /** Search or filters narrow the list: an empty answer means "nothing found", not "nothing yet". */
    narrowed: appliedSearch !== '' || filters.length > 0,
    search,
    setSearch,
    filters,
    toggleFilter: (code: string, on: boolean) =>
      setFilters((current) => (on ? [...current.filter((item) => item !== code), code] : current.filter((item) => item !== code))),
    sort,
    setSort: (next: ListSort<Sort>) => {
      writeListSort(options.list, next);
      setSortState(next);
    },
  };
}
