import type { Counters } from '../contract/counters';
import type { ListFilterQuery } from '../machines/list-paging/list-paging-types';

/** The menu counter each list view counts too ('all': the whole list); views missing here have none. */
export type ViewCounters = Partial<Record<string, (counters: Counters) => number>>;

/**
 * The menu counter that counts what an unsearched list query of one view counts, so the two can be compared;
 * undefined when the query is searched, narrowed by several filters, or its view has no counter.
 */
export function counterOfQuery(query: ListFilterQuery, counters: Counters | null, views: ViewCounters): number | undefined {
  if (!counters || query.search) return undefined;
  const filters = query.filters ?? [];
  if (filters.length > 1) return undefined;
  return views[filters[0] ?? 'all']?.(counters);
}
