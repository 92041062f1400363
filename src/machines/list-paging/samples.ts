import type { AnyListItem, ListFilterQuery } from './list-paging-types';

// Sample data for the registry entry: the path tests and the flow visualizer run the generic list on these.

/** The list as it opens: its remembered sort, no search, no filter. */
export const SAMPLE_LIST_QUERY: ListFilterQuery = { sort: { code: 'createdAt', orderBy: 'desc' } };

/** One page of a list: an id and what a line shows. */
export const SAMPLE_LIST_ITEMS: AnyListItem[] = [
  { id: 11, title: 'Контроллер двигателя', status: 'actual' },
  { id: 12, title: 'Плата питания', status: 'draft' },
  { id: 13, title: 'Трафарет верхний', status: 'actual' },
];
