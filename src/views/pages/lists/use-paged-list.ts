import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ListFilterQuery } from '../../../machines/list-paging-types';
import type { ListSort } from '../../../services/list-sort-prefs';
import type { listMachineOf } from '../../../services/swappable-gateway';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../components/ui/use-debounced';

export type ListMachine<Item extends { id: number }> = ReturnType<typeof listMachineOf<Item>>;

/** A list's paging actor, started with `query`; a different query later starts the list over (spec 4). */
export function usePagedList<Item extends { id: number }>(machine: ListMachine<Item>, query: ListFilterQuery) {
  const list = useActorRef(machine, { input: { query } });
  useEffect(() => {
    if (JSON.stringify(list.getSnapshot().context.query) === JSON.stringify(query)) return;
    list.send({ type: 'list.setQuery', query });
  }, [list, query]);
  return list;
}

export type PagedListActor<Item extends { id: number }> = ReturnType<typeof usePagedList<Item>>;

/** The search box's text and the text the list is asked with: trimmed, once typing has paused. */
export function useListSearch() {
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  return { search, setSearch, settled };
}

/** A sort kept in its list's cookies: read once, written on every change. */
export function useRememberedSort<Sort extends ListSort>(read: () => Sort, write: (sort: Sort) => void) {
  const [sort, setSort] = useState<Sort>(read);
  return {
    sort,
    changeSort: (next: Sort) => {
      write(next);
      setSort(next);
    },
  };
}
