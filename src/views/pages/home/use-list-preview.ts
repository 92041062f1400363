import { useActorRef, useSelector } from '@xstate/react';
import type { ListPagingMachine } from '../../../machines/list-paging/list-paging';
import type { ListFilterQuery } from '../../../machines/list-paging/list-paging-types';

export type PreviewStatus = 'loading' | 'loaded' | 'empty' | 'failed';

const NONE: never[] = [];

/**
 * The first few items of a list and how many there are in all, on the generic list machine with a page of `size`:
 * the dashboard's short lists ask the same calls as their full pages do. `query` must be a constant.
 */
export function useListPreview<Item extends { id: number }>(machine: ListPagingMachine<Item>, query: ListFilterQuery, size: number) {
  const list = useActorRef(machine, { input: { query, pageSize: size } });
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
