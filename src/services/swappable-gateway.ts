import { fromPromise } from 'xstate';
import { createListPagingMachine } from '../machines/list-paging/list-paging';
import type { FetchCountOutput, FetchPageInput, ListFilterQuery, ListQuerySort } from '../machines/list-paging/list-paging-types';
import { writeListSort } from './list-sort-prefs';

/** The calls a service makes, replaceable as a whole by view tests. */
export interface SwappableGateway<Gateway> {
  current(): Gateway;
  /** Swaps the calls (tests); null puts the real ones back. Returns the undo. */
  provide(next: Gateway | null): () => void;
}

export function swappableGateway<Gateway>(real: Gateway): SwappableGateway<Gateway> {
  let gateway = real;
  return {
    current: () => gateway,
    provide(next) {
      const previous = gateway;
      gateway = next ?? real;
      return () => {
        gateway = previous;
      };
    },
  };
}

export interface ListCalls<Item> {
  count(query: ListFilterQuery, signal?: AbortSignal): Promise<number>;
  list(input: FetchPageInput, signal?: AbortSignal): Promise<Item[]>;
}

/**
 * A call whose signal was aborted never settles: the abort means its actor was stopped (a new query, or React
 * StrictMode stopping and restoring the list actor under `npm run dev`), and the restored actor asks again. Were the
 * AbortError let through, it would reach the restored list as a failure and the list would say it did not load.
 */
function unlessAborted<T>(signal: AbortSignal, call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => (signal.aborted ? new Promise<T>(() => undefined) : Promise.reject(error)));
}

/**
 * The generic list machine on a service's list calls; a failed list or count is only logged, as the product spec's error catalogue says. `name` names the
 * list in the log and in its sort cookies (sort-type-{name}, sort-order-{name}).
 */
export function listMachineOf<Item extends { id: number }>(name: string, calls: () => ListCalls<Item>) {
  return createListPagingMachine<Item>().provide({
    actors: {
      fetchCount: fromPromise<FetchCountOutput, ListFilterQuery>(async ({ input, signal }) =>
        ({ count: await unlessAborted(signal, calls().count(input, signal)) })),
      fetchPage: fromPromise<Item[], FetchPageInput>(({ input, signal }) => unlessAborted(signal, calls().list(input, signal))),
    },
    actions: {
      logFailure: (_, params: { error: unknown }) => console.error(`[${name}] list failed`, params.error),
      rememberSort: (_, params: { sort: ListQuerySort }) => writeListSort(name, params.sort),
    },
  });
}
