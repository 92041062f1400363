import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  ORDER_VIEW_COUNTERS, orderListQuery, ordersListMachine, orderViewOfSearch, readOrderSort, searchOfOrderView, writeOrderSort,
  type OrderSort, type OrderView,
} from '../../../services/orders';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../components/ui/use-debounced';
import { useFreshCounters } from '../../components/use-fresh-counters';

/**
 * The orders list: its paging actor, the view of spec 2.3 kept in the query (replaced, not pushed, so Back leaves
 * the page and a reload keeps the view), the search (debounced) and the remembered sort. A change of any of them
 * starts the list over (spec 4).
 */
export function useOrderList() {
  const [location, navigate] = useLocation();
  const currentSearch = useSearch();
  const view = orderViewOfSearch(currentSearch);
  const [sort, setSort] = useState<OrderSort>(readOrderSort);
  const [search, setSearch] = useState('');
  const settledSearch = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useMemo(() => orderListQuery(view, sort, settledSearch), [view, sort, settledSearch]);
  const list = useActorRef(ordersListMachine, { input: { query } });
  useFreshCounters(list, ORDER_VIEW_COUNTERS);

  useEffect(() => {
    // The actor started with this query; only a different one starts the list over.
    if (JSON.stringify(list.getSnapshot().context.query) === JSON.stringify(query)) return;
    list.send({ type: 'list.setQuery', query });
  }, [list, query]);

  return {
    list,
    view,
    changeView: (next: OrderView) => {
      if (next === view) return;
      const nextSearch = searchOfOrderView(next, currentSearch);
      navigate(nextSearch ? `${location}?${nextSearch}` : location, { replace: true });
    },
    search,
    setSearch,
    sort,
    changeSort: (next: OrderSort) => {
      writeOrderSort(next);
      setSort(next);
    },
    /** A search is on: an empty list then says "nothing found", not "no orders yet". */
    narrowed: settledSearch !== '',
  };
}

export type OrderListControls = ReturnType<typeof useOrderList>;
