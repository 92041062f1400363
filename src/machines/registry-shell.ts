import { listPagingMachine, pageCountOf } from './list-paging';
import { SAMPLE_NOTIFICATIONS } from './notifications-popup/samples';
import { defineEntry, firstBroken } from './shared/registry-entry';

// Registry entry of the list-paging machine (issue 3); src/machines/index.ts lists it with the rest.

export const listPaging = defineEntry({
  id: 'listPaging',
  machine: listPagingMachine,
  title: { ru: 'Загрузка списка', en: 'List loading' },
  screen: '*',
  input: { pageSize: 20, query: { sort: { code: 'createdAt', orderBy: 'desc' } } },
  events: [
    { type: 'list.setQuery', query: { search: 'плата', filters: ['NotRead'] } },
    { type: 'list.pageVisible', page: 2 },
    { type: 'list.pageVisible', page: 3 },
    { type: 'list.pageVisible', page: 9 },
    { type: 'list.reload' },
    { type: 'list.retryPage', page: 2 },
    { type: 'list.updateItem', id: 11, changes: { readAt: '2025-08-28T10:00:00.000Z' } },
  ],
  actorOutputs: {
    // 45 items at 20 a page: three placeholders, the last one half full.
    fetchCount: [{ count: 45 }, { count: 0 }],
    fetchPage: [SAMPLE_NOTIFICATIONS],
  },
  graphContext: (context) => ({
    total: context.total,
    statuses: context.pages.map((page) => page.status),
    requested: context.requested,
    fetching: context.fetching,
  }),
  invariants: (snapshot) => {
    const { total, pages, pageSize, requested, fetching } = snapshot.context;
    const statusOf = (page: number) => pages[page - 1]?.status;
    return firstBroken([
      [total === null ? pages.length === 0 : pages.length === pageCountOf(total, pageSize), 'one placeholder per page: pages.length = ceil(total / pageSize)'],
      [pages.every((page, index) => page.page === index + 1), 'pages are numbered 1, 2, 3…'],
      [pages.every((page) => page.items.length <= pageSize), 'no page holds more than pageSize items'],
      [requested.every((page) => statusOf(page) === 'placeholder'), 'only placeholders wait for the debounce'],
      [!snapshot.matches({ ready: 'debouncing' }) || requested.length > 0, 'debouncing implies pages to fetch'],
      [!snapshot.matches({ ready: 'loading' }) || (fetching !== null && statusOf(fetching) === 'loading'), 'loading fetches a page marked loading'],
      [!snapshot.matches('counting') || total === null, 'counting starts from no total'],
      [!snapshot.matches('empty') || total === 0, 'empty means a count of 0'],
    ]);
  },
});
