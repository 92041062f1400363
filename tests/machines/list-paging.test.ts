import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  listPagingMachineFor, DEFAULT_LIST_PAGE_SIZE, SCROLL_DEBOUNCE_MS, SEARCH_DEBOUNCE_MS,
  type FetchPageInput, type ListFilterQuery, type ListPagingInput, type ListQuerySort,
} from '../../src/machines/list-paging/list-paging';
import { deferred } from '../deferred';

interface Row { id: number; title: string; read: boolean }

const rowsOf = (page: number, size: number): Row[] =>
  Array.from({ length: size }, (_, index) => ({ id: page * 100 + index, title: `row ${page}.${index}`, read: false }));

/** A list actor whose count and page calls the test settles by hand, on a simulated clock. */
function startList(input?: ListPagingInput) {
  const clock = new SimulatedClock();
  const counts: Array<{ query: ListFilterQuery; call: ReturnType<typeof deferred<{ count: number }>> }> = [];
  const pages: Array<{ input: FetchPageInput; call: ReturnType<typeof deferred<Row[]>> }> = [];
  const logFailure = vi.fn();
  const rememberSort = vi.fn<(sort: ListQuerySort) => void>();
  const machine = listPagingMachineFor<Row>().provide({
    actors: {
      fetchCount: fromPromise<{ count: number }, ListFilterQuery>(({ input: query }) => {
        const call = deferred<{ count: number }>();
        counts.push({ query, call });
        return call.promise;
      }),
      fetchPage: fromPromise<Row[], FetchPageInput>(({ input: asked }) => {
        const call = deferred<Row[]>();
        pages.push({ input: asked, call });
        return call.promise;
      }),
    },
    actions: { logFailure, rememberSort: (_, params: { sort: ListQuerySort }) => rememberSort(params.sort) },
  });
  const actor = createActor(machine, { clock, input });
  actor.start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const answerCount = async (count: number, index = counts.length - 1) => {
    counts[index]?.call.resolve({ count });
    await settle();
  };
  const answerPage = async (rows?: Row[]) => {
    const last = pages[pages.length - 1];
    last?.call.resolve(rows ?? rowsOf(last.input.page, last.input.itemsOnPage));
    await settle();
  };
  const failPage = async () => {
    pages[pages.length - 1]?.call.reject(new Error('timeout'));
    await settle();
  };
  const statuses = () => actor.getSnapshot().context.pages.map((page) => page.status);
  return { actor, clock, counts, pages, logFailure, rememberSort, answerCount, answerPage, failPage, statuses, settle };
}

describe('list paging: counting and placeholders', () => {
  it('counts with the query, then makes one placeholder per page and loads page 1 at once', async () => {
    const query: ListFilterQuery = { sort: { code: 'createdAt', orderBy: 'desc' }, filters: ['NotRead'] };
    const list = startList({ pageSize: 20, query });
    expect(list.actor.getSnapshot().matches({ paging: 'counting' })).toBe(true);
    expect(list.counts[0]?.query).toEqual(query);
    await list.answerCount(45);
    expect(list.statuses()).toEqual(['loading', 'placeholder', 'placeholder']);
    expect(list.pages.map((page) => page.input)).toEqual([{ query, page: 1, itemsOnPage: 20 }]);
    await list.answerPage();
    expect(list.statuses()).toEqual(['loaded', 'placeholder', 'placeholder']);
    expect(list.actor.getSnapshot().matches({ paging: { ready: 'idle' } })).toBe(true);
  });

  it('uses 20 items a page when the list names no size', async () => {
    expect(DEFAULT_LIST_PAGE_SIZE).toBe(20);
    const list = startList();
    await list.answerCount(41);
    expect(list.actor.getSnapshot().context.pages).toHaveLength(3);
    expect(list.pages[0]?.input.itemsOnPage).toBe(20);
  });

  it('shows the empty state for a count of 0 without asking for any page', async () => {
    const list = startList();
    await list.answerCount(0);
    expect(list.actor.getSnapshot().matches({ paging: 'empty' })).toBe(true);
    expect(list.pages).toHaveLength(0);
  });

  it('only logs a failed count and counts again on reload', async () => {
    const list = startList();
    list.counts[0]?.call.reject(new Error('offline'));
    await list.settle();
    expect(list.actor.getSnapshot().matches({ paging: 'failed' })).toBe(true);
    expect(list.logFailure).toHaveBeenCalledOnce();
    list.actor.send({ type: 'list.reload' });
    expect(list.counts).toHaveLength(2);
    await list.answerCount(5);
    expect(list.statuses()).toEqual(['loading']);
  });
});

describe('list paging: pages scrolled into view', () => {
  it('gathers pages seen within 500 ms and fetches them together when scrolling stops', async () => {
    expect(SCROLL_DEBOUNCE_MS).toBe(500);
    const list = startList({ pageSize: 10 });
    await list.answerCount(50);
    await list.answerPage();
    list.actor.send({ type: 'list.pageVisible', page: 2 });
    list.clock.increment(300);
    list.actor.send({ type: 'list.pageVisible', page: 3 });
    list.clock.increment(499);
    expect(list.pages).toHaveLength(1);
    list.clock.increment(1);
    expect(list.statuses()).toEqual(['loaded', 'loading', 'loading', 'placeholder', 'placeholder']);
    expect(list.pages.map((page) => page.input.page)).toEqual([1, 2]);
    await list.answerPage();
    expect(list.pages.map((page) => page.input.page)).toEqual([1, 2, 3]);
    await list.answerPage();
    expect(list.statuses()).toEqual(['loaded', 'loaded', 'loaded', 'placeholder', 'placeholder']);
    expect(list.actor.getSnapshot().matches({ paging: { ready: 'idle' } })).toBe(true);
  });

  it('asks for a page once, and ignores loaded pages and pages outside the list', async () => {
    const list = startList({ pageSize: 10 });
    await list.answerCount(25);
    await list.answerPage();
    for (const page of [1, 2, 2, 7, 0]) list.actor.send({ type: 'list.pageVisible', page });
    expect(list.actor.getSnapshot().context.requested).toEqual([2]);
    list.clock.increment(SCROLL_DEBOUNCE_MS);
    await list.answerPage();
    expect(list.pages.map((page) => page.input.page)).toEqual([1, 2]);
  });

  it('debounces pages seen while a batch loads on their own, after it', async () => {
    const list = startList({ pageSize: 10 });
    await list.answerCount(40);
    list.actor.send({ type: 'list.pageVisible', page: 3 });
    expect(list.actor.getSnapshot().matches({ paging: { ready: 'loading' } })).toBe(true);
    await list.answerPage();
    expect(list.actor.getSnapshot().matches({ paging: { ready: 'debouncing' } })).toBe(true);
    list.clock.increment(SCROLL_DEBOUNCE_MS);
    expect(list.pages.map((page) => page.input.page)).toEqual([1, 3]);
  });

  it('marks a failed page, logs it, and loads it again on retry', async () => {
    const list = startList({ pageSize: 10 });
    await list.answerCount(15);
    await list.failPage();
    expect(list.statuses()).toEqual(['failed', 'placeholder']);
    expect(list.logFailure).toHaveBeenCalledOnce();
    list.actor.send({ type: 'list.pageVisible', page: 1 });
    expect(list.pages).toHaveLength(1);
    list.actor.send({ type: 'list.retryPage', page: 1 });
    expect(list.pages.map((page) => page.input.page)).toEqual([1, 1]);
    await list.answerPage();
    expect(list.statuses()).toEqual(['loaded', 'placeholder']);
  });
});

describe('list paging: new query and item changes', () => {
  it('starts over at page 1 on a new search, dropping the old answers', async () => {
    const list = startList({ pageSize: 10, query: { sort: { code: 'createdAt', orderBy: 'desc' } } });
    await list.answerCount(30);
    await list.answerPage();
    list.actor.send({ type: 'list.pageVisible', page: 2 });
    list.clock.increment(SCROLL_DEBOUNCE_MS);
    const query: ListFilterQuery = { sort: { code: 'createdAt', orderBy: 'desc' }, search: 'плата' };
    list.actor.send({ type: 'list.search', text: 'плата' });
    list.clock.increment(SEARCH_DEBOUNCE_MS);
    expect(list.actor.getSnapshot().matches({ paging: 'counting' })).toBe(true);
    expect(list.actor.getSnapshot().context).toMatchObject({ query, total: null, pages: [], requested: [], fetching: null });
    await list.answerPage(rowsOf(2, 10));
    expect(list.actor.getSnapshot().context.pages).toEqual([]);
    expect(list.counts[1]?.query).toEqual(query);
    await list.answerCount(12);
    expect(list.statuses()).toEqual(['loading', 'placeholder']);
    expect(list.pages[list.pages.length - 1]?.input).toEqual({ query, page: 1, itemsOnPage: 10 });
  });

  it('asks for the count again when a new query arrives while counting', async () => {
    const list = startList();
    list.actor.send({ type: 'list.filter', filters: ['a'] });
    expect(list.counts.map((count) => count.query)).toEqual([{}, { filters: ['a'] }]);
    await list.answerCount(3, 0);
    expect(list.actor.getSnapshot().matches({ paging: 'counting' })).toBe(true);
  });

  it('patches one item in place', async () => {
    const list = startList({ pageSize: 10 });
    await list.answerCount(3);
    await list.answerPage(rowsOf(1, 3));
    list.actor.send({ type: 'list.updateItem', id: 101, changes: { read: true } });
    const items = list.actor.getSnapshot().context.pages[0]?.items ?? [];
    expect(items.map((item) => item.read)).toEqual([false, true, false]);
    expect(items[1]).toEqual({ id: 101, title: 'row 1.1', read: true });
  });
});

describe('list paging: search, sort and filter', () => {
  const sort: ListQuerySort = { code: 'createdAt', orderBy: 'desc' };

  it('asks once typing pauses for 400 ms, each key restarting the wait, and keeps the pages shown meanwhile', async () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(400);
    const list = startList({ pageSize: 10, query: { sort } });
    await list.answerCount(15);
    await list.answerPage();
    for (const text of ['п', 'пл', 'пла']) {
      list.actor.send({ type: 'list.search', text });
      list.clock.increment(SEARCH_DEBOUNCE_MS - 1);
    }
    expect(list.counts).toHaveLength(1);
    expect(list.actor.getSnapshot().context).toMatchObject({ searchText: 'пла', query: { sort }, total: 15 });
    expect(list.statuses()).toEqual(['loaded', 'placeholder']);
    list.clock.increment(1);
    expect(list.counts.map((count) => count.query)).toEqual([{ sort }, { sort, search: 'пла' }]);
    expect(list.actor.getSnapshot().matches({ paging: 'counting', search: 'idle' })).toBe(true);
    expect(list.actor.getSnapshot().context.pages).toEqual([]);
  });

  it('asks with the trimmed text, and not again for the same words', () => {
    const list = startList({ query: { sort } });
    list.actor.send({ type: 'list.search', text: '  плата ' });
    list.clock.increment(SEARCH_DEBOUNCE_MS);
    expect(list.counts.at(-1)?.query).toEqual({ sort, search: 'плата' });
    list.actor.send({ type: 'list.search', text: 'плата' });
    list.clock.increment(SEARCH_DEBOUNCE_MS);
    expect(list.counts).toHaveLength(2);
    expect(list.actor.getSnapshot().matches({ search: 'idle' })).toBe(true);
  });

  it('shows everything at once when the box is emptied, and asks nothing for a word erased before the pause', () => {
    const list = startList({ query: { sort, search: 'плата' } });
    expect(list.actor.getSnapshot().context.searchText).toBe('плата');
    list.actor.send({ type: 'list.search', text: '' });
    expect(list.counts.map((count) => count.query)).toEqual([{ sort, search: 'плата' }, { sort }]);
    list.actor.send({ type: 'list.search', text: 'x' });
    list.actor.send({ type: 'list.search', text: '' });
    list.clock.increment(SEARCH_DEBOUNCE_MS);
    expect(list.counts).toHaveLength(2);
  });

  it('starts over on another sort, which the service remembers', async () => {
    const list = startList({ pageSize: 10, query: { sort, filters: ['actual'] } });
    await list.answerCount(30);
    const next: ListQuerySort = { code: 'title', orderBy: 'asc' };
    list.actor.send({ type: 'list.sort', sort: next });
    expect(list.rememberSort).toHaveBeenCalledWith(next);
    expect(list.counts.at(-1)?.query).toEqual({ sort: next, filters: ['actual'] });
    expect(list.actor.getSnapshot().matches({ paging: 'counting' })).toBe(true);
  });

  it('starts over on other filters only: the same ones sent again change nothing, none at all are left out', async () => {
    const list = startList({ pageSize: 10, query: { sort, filters: ['actual'] } });
    await list.answerCount(30);
    list.actor.send({ type: 'list.filter', filters: ['actual'] });
    expect(list.counts).toHaveLength(1);
    expect(list.actor.getSnapshot().matches({ paging: 'ready' })).toBe(true);
    list.actor.send({ type: 'list.filter', filters: [] });
    expect(list.counts.map((count) => count.query)).toEqual([{ sort, filters: ['actual'] }, { sort }]);
  });

  it('keeps a word being typed waiting through a new sort or filter, then asks with all of them', () => {
    const list = startList({ query: { sort } });
    list.actor.send({ type: 'list.search', text: 'пульт' });
    list.actor.send({ type: 'list.filter', filters: ['kit'] });
    list.clock.increment(SEARCH_DEBOUNCE_MS);
    expect(list.counts.map((count) => count.query)).toEqual([{ sort }, { sort, filters: ['kit'] }, { sort, filters: ['kit'], search: 'пульт' }]);
  });
});
