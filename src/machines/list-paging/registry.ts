import { defineEntry, firstBroken } from '../shared/registry-entry';
import { listPagingMachine } from './list-paging';
import { pageCountOf, searchOf } from './list-paging-rules';
import { SAMPLE_LIST_ITEMS, SAMPLE_LIST_QUERY } from './samples';

/** The generic list of every page; src/machines/index.ts lists it with the rest. */
export const listPaging = defineEntry({
  machine: listPagingMachine,
  title: { ru: 'Загрузка списка', en: 'List loading' },
  screen: '*',
  input: { pageSize: 20, query: SAMPLE_LIST_QUERY },
  events: [
    { type: 'list.search', text: 'плата' },
    { type: 'list.search', text: 'плата ' },
    { type: 'list.search', text: '' },
    { type: 'list.sort', sort: { code: 'title', orderBy: 'asc' } },
    { type: 'list.filter', filters: ['actual'] },
    { type: 'list.filter', filters: [] },
    { type: 'list.pageVisible', page: 2 },
    { type: 'list.pageVisible', page: 3 },
    { type: 'list.pageVisible', page: 9 },
    { type: 'list.reload' },
    { type: 'list.retryPage', page: 2 },
    { type: 'list.updateItem', id: 11, changes: { status: 'archive' } },
  ],
  actorOutputs: {
    // 45 items at 20 a page: three placeholders, the last one half full.
    fetchCount: [{ count: 45 }, { count: 0 }],
    fetchPage: [SAMPLE_LIST_ITEMS],
  },
  graphContext: (context) => ({
    total: context.total,
    statuses: context.pages.map((page) => page.status),
    requested: context.requested,
    fetching: context.fetching,
    searchText: context.searchText,
    search: context.query.search,
    filters: context.query.filters,
  }),
  invariants: (snapshot) => {
    const { total, pages, pageSize, requested, fetching, query, searchText } = snapshot.context;
    const statusOf = (page: number) => pages[page - 1]?.status;
    return firstBroken([
      [total === null ? pages.length === 0 : pages.length === pageCountOf(total, pageSize), 'one placeholder per page: pages.length = ceil(total / pageSize)'],
      [pages.every((page, index) => page.page === index + 1), 'pages are numbered 1, 2, 3…'],
      [pages.every((page) => page.items.length <= pageSize), 'no page holds more than pageSize items'],
      [requested.every((page) => statusOf(page) === 'placeholder'), 'only placeholders wait for the debounce'],
      [!snapshot.matches({ paging: { ready: 'debouncing' } }) || requested.length > 0, 'debouncing implies pages to fetch'],
      [!snapshot.matches({ paging: { ready: 'loading' } }) || (fetching !== null && statusOf(fetching) === 'loading'), 'loading fetches a page marked loading'],
      [!snapshot.matches({ paging: 'counting' }) || total === null, 'counting starts from no total'],
      [!snapshot.matches({ paging: 'empty' }) || total === 0, 'empty means a count of 0'],
      [!snapshot.matches({ search: 'idle' }) || searchOf(searchText) === (query.search ?? ''), 'once typing pauses the list is asked with the typed text'],
      [query.search === undefined || query.search !== '', 'an empty search is left out of the query'],
    ]);
  },
});
