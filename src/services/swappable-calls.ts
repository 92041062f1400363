import { fromPromise } from 'xstate';
import { listPagingMachineFor } from '../machines/list-paging/list-paging';
import type { FetchCountOutput, FetchPageInput, ListFilterQuery, ListQuerySort } from '../machines/list-paging/list-paging-types';
import { writeListSort } from './list-sort-prefs';

/**
 * The calls a service makes to the gateway, swappable as a whole by view tests. Every service names its accessor
 * `xCalls()` and its swap `provideXCalls()`.
 */
export interface SwappableCalls<Calls> {
  current(): Calls;
  /** Swaps the calls (tests); null puts the real ones back. Returns the undo. */
  provide(next: Calls | null): () => void;
}

export function swappableCalls<Calls>(real: Calls): SwappableCalls<Calls> {
  let calls = real;
  return {
    current: () => calls,
    provide(next) {
      const previous = calls;
      calls = next ?? real;
      return () => {
        calls = previous;
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
export function listFlowFor<Item extends { id: number }>(name: string, calls: () => ListCalls<Item>) {
  return listPagingMachineFor<Item>().provide({
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

/** A service that is only a list: its calls swappable (tests), and the list machine on them under `name`. */
export function listServiceFor<Item extends { id: number }>(name: string, real: ListCalls<Item>) {
  const slot = swappableCalls<ListCalls<Item>>(real);
  return { provide: slot.provide, flow: listFlowFor<Item>(name, slot.current) };
}
