import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PRODUCT_TYPES, type ProductType } from '../../../contract/board';
import {
  PROJECT_VIEW_COUNTERS, projectListQuery, projectsListMachine, projectViewOfSearch, readProjectSort, searchOfView, writeProjectSort,
  type ProjectSort, type ProjectView,
} from '../../../services/projects';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../components/ui/use-debounced';
import { useFreshCounters } from '../../components/use-fresh-counters';

/** `?type=pcb|panel|stencil|mounting|module` (the menu's sections under 'Проекты'); anything else is every type. */
const productTypeOfSearch = (search: string): ProductType | null =>
  PRODUCT_TYPES.find((type) => type === new URLSearchParams(search).get('type')) ?? null;

/**
 * The projects list: its paging actor, the view of spec 2.3 and the product type kept in the query (replaced, not
 * pushed, so Back leaves the page and a reload keeps them), the search (debounced) and the remembered sort.
 * A change of any of them starts the list over (spec 4).
 */
export function useProjectList() {
  const [location, navigate] = useLocation();
  const currentSearch = useSearch();
  const view = projectViewOfSearch(currentSearch);
  const [sort, setSort] = useState<ProjectSort>(readProjectSort);
  const [search, setSearch] = useState('');
  const productType = productTypeOfSearch(currentSearch);
  const settledSearch = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useMemo(() => projectListQuery(view, productType, sort, settledSearch), [view, productType, sort, settledSearch]);
  const list = useActorRef(projectsListMachine, { input: { query } });
  useFreshCounters(list, PROJECT_VIEW_COUNTERS);

  useEffect(() => {
    // The actor started with this query; only a different one starts the list over.
    if (JSON.stringify(list.getSnapshot().context.query) === JSON.stringify(query)) return;
    list.send({ type: 'list.setQuery', query });
  }, [list, query]);

  const replaceSearch = (params: URLSearchParams) => {
    const next = params.toString();
    navigate(next ? `${location}?${next}` : location, { replace: true });
  };

  return {
    list,
    view,
    changeView: (next: ProjectView) => {
      if (next === view) return;
      replaceSearch(new URLSearchParams(searchOfView(next, currentSearch)));
    },
    search,
    setSearch,
    productType,
    setProductType: (next: ProductType | null) => {
      if (next === productType) return;
      const params = new URLSearchParams(currentSearch);
      if (next) params.set('type', next);
      else params.delete('type');
      replaceSearch(params);
    },
    sort,
    changeSort: (next: ProjectSort) => {
      writeProjectSort(next);
      setSort(next);
    },
    /** A search or product type is on: an empty list then says "nothing found", not "no projects yet". */
    narrowed: settledSearch !== '' || productType !== null,
  };
}

export type ProjectListControls = ReturnType<typeof useProjectList>;
