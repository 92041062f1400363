/** What every view harness needs: a page under a router in a real session, a fake's failures, a fake's pages. */
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { BoardFile } from '../../src/contract/board-files';
import type { FetchPageInput, ListFilterQuery } from '../../src/machines/list-paging/list-paging-types';
import type { SessionActor } from '../../src/services/session';
import { SessionProvider } from '../../src/views/components/session-context';
import { createQueryClient } from '../../src/views/data/query-client';

/** A board's file as the gateway lists it: a Gerber named for its layer, shown, without errors. */
export function boardFile(id: string, name: string, fields: Partial<BoardFile> = {}): BoardFile {
  return { id, name, bytes: 1000, format: 'gerber', type: null, side: null, identifiedBy: 'name', order: 0, hidden: false, error: null, ...fields };
}

/** `children` with a query cache of their own, as the signed-in frame gives each page: nothing leaks between tests. */
export const withQueryClient = (children: ReactNode) => (
  <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
);

/** Testing Library's render with a fresh query cache around the view. */
export const renderWithQueryClient = (ui: ReactElement) => render(withQueryClient(ui));

/** `children` under a router at `path` (a search part included), inside a real session; `location` records moves. */
export function renderWithSession(session: SessionActor, children: ReactNode, path = '/') {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <SessionProvider value={session}>
      <Router hook={location.hook} searchHook={location.searchHook}>{withQueryClient(children)}</Router>
    </SessionProvider>,
  );
  return { ...view, location };
}

/** A fake's calls that fail with the error named for them, else run as the gateway would. */
export function failingWith<Name extends string>(failures: Partial<Record<Name, Error>>) {
  return <T,>(name: Name, run: () => Promise<T>): Promise<T> => {
    const failure = failures[name];
    return failure ? Promise.reject(failure) : run();
  };
}

/** A fake's Count and List: how many items match, and one page of them as list lines; each call recorded. */
export function fakePages<Item, Line>(
  matching: (query: ListFilterQuery) => Item[],
  lineOf: (item: Item) => Line,
  calls: { count: ListFilterQuery[]; list: FetchPageInput[] },
) {
  return {
    count: (query: ListFilterQuery) => {
      calls.count.push(query);
      return Promise.resolve(matching(query).length);
    },
    list: (input: FetchPageInput) => {
      calls.list.push(input);
      const start = (input.page - 1) * input.itemsOnPage;
      return Promise.resolve(matching(input.query).slice(start, start + input.itemsOnPage).map(lineOf));
    },
  };
}
