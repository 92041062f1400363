import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import type { CLIENT_FILTER_CODES, CLIENT_SORT_CODES } from '../../../../contract/clients';
import type { ListFilterQuery } from '../../../../machines/list-paging-types';
import { subscribeClientsChanged } from '../../../../services/client-events';
import { clientsListMachine, readClientSort, writeClientSort } from '../../../../services/clients';
import type { ListSort } from '../../../../services/list-sort-prefs';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../../components/ui/use-debounced';

export type ClientFilter = (typeof CLIENT_FILTER_CODES)[number];
export type ClientSort = ListSort<(typeof CLIENT_SORT_CODES)[number]>;

const queryOf = (sort: ClientSort, search: string, filters: readonly ClientFilter[]): ListFilterQuery => ({
  sort: { code: sort.code, orderBy: sort.orderBy },
  ...(search ? { search } : {}),
  ...(filters.length ? { filters: [...filters] } : {}),
});

/**
 * The clients list: its paging actor, search (debounced), filter chips and the remembered sort. A change of any
 * of them starts the list over (spec 4); so does an accepted or declined invitation elsewhere on the page.
 */
export function useClientList() {
  const [sort, setSort] = useState<ClientSort>(readClientSort);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<ClientFilter[]>([]);
  const settledSearch = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useMemo(() => queryOf(sort, settledSearch, filters), [sort, settledSearch, filters]);
  const list = useActorRef(clientsListMachine, { input: { query } });

  useEffect(() => {
    // The actor started with this query; only a different one starts the list over.
    if (JSON.stringify(list.getSnapshot().context.query) === JSON.stringify(query)) return;
    list.send({ type: 'list.setQuery', query });
  }, [list, query]);

  useEffect(() => subscribeClientsChanged(() => list.send({ type: 'list.reload' })), [list]);

  return {
    list,
    search,
    setSearch,
    filters,
    toggleFilter: (filter: ClientFilter) =>
      setFilters((current) => (current.includes(filter) ? current.filter((item) => item !== filter) : [...current, filter])),
    sort,
    changeSort: (next: ClientSort) => {
      writeClientSort(next);
      setSort(next);
    },
    /** A search or filter is on: an empty list then says "nothing found", not "no clients yet". */
    narrowed: settledSearch !== '' || filters.length > 0,
  };
}

export type ClientListControls = ReturnType<typeof useClientList>;
