import { assertEvent, assign, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { errorOf } from '../shared/transitions';
import { pageCountOf, sameFilters, searchOf, statusOf, withFilters, withSearch, withStatus } from './list-paging-rules';
import {
  DEFAULT_LIST_PAGE_SIZE, SCROLL_DEBOUNCE_MS, SEARCH_DEBOUNCE_MS,
  type AnyListItem, type FetchCountOutput, type FetchPageInput, type ListFilterQuery, type ListPage, type ListPagingContext,
  type ListPagingEvent, type ListPagingInput, type ListQuerySort,
} from './list-paging-types';

export * from './list-paging-types';

/**
 * The product spec's 'List loading', one machine for every list: a new search, filter or sort starts over at page 1 with a
 * fresh count; page 1 loads at once, the others when their placeholder scrolls into view, gathered for 500 ms
 * and then fetched one after another. Failures are only logged; a failed page can be retried.
 * The search region waits for typing to pause before the paging region starts over with the typed text.
 */
export function listPagingMachineFor<Item extends { id: number }>() {
  type Context = ListPagingContext<Item>;
  const reset = { total: null, pages: [], requested: [], fetching: null };

  return setup({
    types: {
      context: {} as Context,
      events: {} as ListPagingEvent<Item>,
      input: {} as ListPagingInput | undefined,
    },
    actors: {
      fetchCount: notProvided<FetchCountOutput, ListFilterQuery>('fetchCount'),
      fetchPage: notProvided<Item[], FetchPageInput>('fetchPage'),
    },
    actions: {
      logFailure: (_, _params: { error: unknown }) => {},
      /** Supplied by the list's service: the chosen sort outlives the page (the product spec's sort cookies). */
      rememberSort: (_, _params: { sort: ListQuerySort }) => {},
      resetList: assign(reset),
      assignSearchText: assign(({ event }) => {
        assertEvent(event, 'list.search');
        return { searchText: event.text };
      }),
      applySearch: assign(({ context }) => ({ query: withSearch(context.query, context.searchText), ...reset })),
      assignSort: assign(({ context, event }) => {
        assertEvent(event, 'list.sort');
        return { query: { ...context.query, sort: event.sort }, ...reset };
      }),
      assignFilters: assign(({ context, event }) => {
        assertEvent(event, 'list.filter');
        return { query: withFilters(context.query, event.filters), ...reset };
      }),
      assignCount: assign(({ context }, params: { count: number }) => ({
        total: params.count,
        pages: Array.from({ length: pageCountOf(params.count, context.pageSize) }, (_, index): ListPage<Item> => ({
          page: index + 1,
          // Page 1 is wanted whatever is on screen: it loads right after counting.
          status: index === 0 ? 'loading' : 'placeholder',
          items: [],
        })),
      })),
      requestPage: assign(({ context }, params: { page: number }) => ({
        requested: [...context.requested, params.page],
      })),
      startBatch: assign(({ context }) => ({
        pages: withStatus(context.pages, (page) => context.requested.includes(page.page), 'loading'),
        requested: [],
      })),
      markLoading: assign(({ context }, params: { page: number }) => ({
        pages: withStatus(context.pages, (page) => page.page === params.page, 'loading'),
      })),
      assignFetching: assign(({ context }) => ({
        fetching: context.pages.find((page) => page.status === 'loading')?.page ?? null,
      })),
      assignLoadedPage: assign(({ context }, params: { items: Item[] }) => ({
        pages: context.pages.map((page) =>
          (page.page === context.fetching ? { ...page, status: 'loaded' as const, items: params.items } : page)),
        fetching: null,
      })),
      assignFailedPage: assign(({ context }) => ({
        pages: withStatus(context.pages, (page) => page.page === context.fetching, 'failed'),
        fetching: null,
      })),
      patchItem: assign(({ context, event }) => {
        assertEvent(event, 'list.updateItem');
        return {
          pages: context.pages.map((page) => (page.items.some((item) => item.id === event.id)
            ? { ...page, items: page.items.map((item) => (item.id === event.id ? { ...item, ...event.changes } : item)) }
            : page)),
        };
      }),
    },
    guards: {
      isEmptyCount: (_, params: { count: number }) => params.count === 0,
      /** A placeholder nobody asked for yet; pages outside the list are ignored. */
      isAskable: ({ context }, params: { page: number }) =>
        statusOf(context, params.page) === 'placeholder' && !context.requested.includes(params.page),
      isFailedPage: ({ context }, params: { page: number }) => statusOf(context, params.page) === 'failed',
      hasLoadingPages: ({ context }) => context.pages.some((page) => page.status === 'loading'),
      hasRequestedPages: ({ context }) => context.requested.length > 0,
      /** Typing paused on a text that asks for something else than the list was asked. */
      isNewSearch: ({ context }) => searchOf(context.searchText) !== (context.query.search ?? ''),
      /** The box was emptied on a searched list: everything shows at once, there is no word to wait for. */
      isClearingSearch: ({ context, event }) =>
        event.type === 'list.search' && searchOf(event.text) === '' && context.query.search !== undefined,
      /** The view sends its filters whenever it renders them anew (the address changed); only others start over. */
      isNewFilters: ({ context, event }) => event.type === 'list.filter' && !sameFilters(context.query.filters, event.filters),
    },
    delays: {
      scrollDebounce: SCROLL_DEBOUNCE_MS,
      searchDebounce: SEARCH_DEBOUNCE_MS,
    },
  }).createMachine({
    id: 'listPaging',
    type: 'parallel',
    context: ({ input }) => ({
      query: input?.query ?? {},
      searchText: input?.query?.search ?? '',
      pageSize: input?.pageSize ?? DEFAULT_LIST_PAGE_SIZE,
      ...reset,
    }),
    states: {
      paging: {
        initial: 'counting',
        on: {
          // Targeting a child from the region exits and re-enters it, so a count in flight is dropped and asked again.
          'list.reload': { target: '.counting', actions: 'resetList' },
          'list.sort': { target: '.counting', actions: ['assignSort', { type: 'rememberSort', params: ({ event }) => ({ sort: event.sort }) }] },
          'list.filter': { guard: 'isNewFilters', target: '.counting', actions: 'assignFilters' },
          'list.updateItem': { actions: 'patchItem' },
        },
        states: {
          counting: {
            tags: ['counting'],
            invoke: {
              id: 'fetchCount',
              src: 'fetchCount',
              input: ({ context }) => context.query,
              onDone: [
                {
                  guard: { type: 'isEmptyCount', params: ({ event }) => ({ count: event.output.count }) },
                  target: 'empty',
                  actions: { type: 'assignCount', params: ({ event }) => ({ count: event.output.count }) },
                },
                {
                  target: 'ready.loading',
                  actions: { type: 'assignCount', params: ({ event }) => ({ count: event.output.count }) },
                },
              ],
              onError: { target: 'failed', actions: { type: 'logFailure', params: errorOf } },
            },
          },
          empty: { tags: ['empty'] },
          failed: { tags: ['failed'] },
          ready: {
            tags: ['ready'],
            initial: 'idle',
            states: {
              idle: {
                on: {
                  'list.pageVisible': {
                    guard: { type: 'isAskable', params: ({ event }) => ({ page: event.page }) },
                    target: 'debouncing',
                    actions: { type: 'requestPage', params: ({ event }) => ({ page: event.page }) },
                  },
                  'list.retryPage': {
                    guard: { type: 'isFailedPage', params: ({ event }) => ({ page: event.page }) },
                    target: 'loading',
                    actions: { type: 'markLoading', params: ({ event }) => ({ page: event.page }) },
                  },
                },
              },
              debouncing: {
                after: { scrollDebounce: { target: 'loading', actions: 'startBatch' } },
                on: {
                  // Each page scrolled into view restarts the wait, so a fast scroll past pages fetches only where it stops.
                  'list.pageVisible': {
                    guard: { type: 'isAskable', params: ({ event }) => ({ page: event.page }) },
                    target: 'debouncing',
                    reenter: true,
                    actions: { type: 'requestPage', params: ({ event }) => ({ page: event.page }) },
                  },
                  'list.retryPage': {
                    guard: { type: 'isFailedPage', params: ({ event }) => ({ page: event.page }) },
                    actions: { type: 'markLoading', params: ({ event }) => ({ page: event.page }) },
                  },
                },
              },
              loading: {
                entry: 'assignFetching',
                invoke: {
                  id: 'fetchPage',
                  src: 'fetchPage',
                  input: ({ context }) => ({ query: context.query, page: context.fetching ?? 1, itemsOnPage: context.pageSize }),
                  onDone: { target: 'settling', actions: { type: 'assignLoadedPage', params: ({ event }) => ({ items: event.output }) } },
                  onError: {
                    target: 'settling',
                    actions: ['assignFailedPage', { type: 'logFailure', params: errorOf }],
                  },
                },
                on: {
                  'list.pageVisible': {
                    guard: { type: 'isAskable', params: ({ event }) => ({ page: event.page }) },
                    actions: { type: 'requestPage', params: ({ event }) => ({ page: event.page }) },
                  },
                  'list.retryPage': {
                    guard: { type: 'isFailedPage', params: ({ event }) => ({ page: event.page }) },
                    actions: { type: 'markLoading', params: ({ event }) => ({ page: event.page }) },
                  },
                },
              },
              // The batch goes on while a page in it still waits; pages scrolled to meanwhile get their own debounce.
              settling: {
                always: [
                  { guard: 'hasLoadingPages', target: 'loading' },
                  { guard: 'hasRequestedPages', target: 'debouncing' },
                  { target: 'idle' },
                ],
              },
            },
          },
        },
      },
      search: {
        initial: 'idle',
        on: {
          // From the region to a child re-enters it: each key restarts the wait, so the list is asked once typing pauses.
          'list.search': [
            { guard: 'isClearingSearch', target: ['.idle', '#listPaging.paging.counting'], actions: ['assignSearchText', 'applySearch'] },
            { target: '.typing', actions: 'assignSearchText' },
          ],
        },
        states: {
          idle: {},
          typing: {
            after: {
              searchDebounce: [
                { guard: 'isNewSearch', target: ['idle', '#listPaging.paging.counting'], actions: 'applySearch' },
                { target: 'idle' },
              ],
            },
          },
        },
      },
    },
  });
}

/** The registry's instance; views create their own typed one with listPagingMachineFor<Item>(). */
export const listPagingMachine = listPagingMachineFor<AnyListItem>();

export type ListPagingMachine<Item extends { id: number }> = ReturnType<typeof listPagingMachineFor<Item>>;
