import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { createActor, fromPromise, toPromise, type AnyActorLogic } from 'xstate';
import type { ListPagingMachine } from '../../../machines/list-paging/list-paging';
import type { FetchCountOutput, FetchPageInput, ListFilterQuery } from '../../../machines/list-paging/list-paging-types';

export type PreviewStatus = 'loading' | 'loaded' | 'empty' | 'failed';

const NONE: never[] = [];

/** Runs a machine's own call (promise logic) outside it, stopped when `signal` aborts. */
function run<Output>(logic: AnyActorLogic, input: unknown, signal: AbortSignal): Promise<Output> {
  const actor = createActor(logic, { input });
  signal.addEventListener('abort', () => actor.stop(), { once: true });
  return toPromise(actor.start()) as Promise<Output>;
}

/**
 * The list machine with its first page asked beside the count, not after it: a preview has one page, and the
 * dashboard's lists then cost one round trip instead of two. The machine still decides (an empty count shows empty,
 * whatever the page said); its page-1 fetch takes the answer already on its way.
 */
function previewOf<Item extends { id: number }>(machine: ListPagingMachine<Item>, size: number): ListPagingMachine<Item> {
  const { fetchCount, fetchPage } = machine.implementations.actors;
  if (!fetchCount || !fetchPage) return machine;
  let early: { query: ListFilterQuery; page: Promise<Item[]> } | null = null;
  return machine.provide({
    actors: {
      fetchCount: fromPromise<FetchCountOutput, ListFilterQuery>(({ input, signal }) => {
        const page = run<Item[]>(fetchPage as AnyActorLogic, { query: input, page: 1, itemsOnPage: size } satisfies FetchPageInput, signal);
        // A failure is the page fetch's to tell, when the machine asks for it.
        page.catch(() => undefined);
        early = { query: input, page };
        return run<FetchCountOutput>(fetchCount as AnyActorLogic, input, signal);
      }),
      fetchPage: fromPromise<Item[], FetchPageInput>(({ input, signal }) => {
        const taken = early;
        early = null;
        if (taken && taken.query === input.query && input.page === 1) return taken.page;
        return run<Item[]>(fetchPage as AnyActorLogic, input, signal);
      }),
    },
  });
}

/**
 * The first few items of a list and how many there are in all, on the generic list machine with a page of `size`:
 * the dashboard's short lists ask the same calls as their full pages do. `query` must be a constant.
 */
export function useListPreview<Item extends { id: number }>(machine: ListPagingMachine<Item>, query: ListFilterQuery, size: number) {
  const [preview] = useState(() => previewOf(machine, size));
  const list = useActorRef(preview, { input: { query, pageSize: size } });
  const status = useSelector(list, (snapshot): PreviewStatus => {
    if (snapshot.hasTag('empty')) return 'empty';
    const first = snapshot.context.pages[0]?.status;
    if (snapshot.hasTag('failed') || first === 'failed') return 'failed';
    return first === 'loaded' ? 'loaded' : 'loading';
  });
  const items = useSelector(list, (snapshot) => snapshot.context.pages[0]?.items ?? NONE);
  const total = useSelector(list, (snapshot) => snapshot.context.total ?? 0);
  return { status, items, total, retry: () => list.send({ type: 'list.reload' }) };
}
