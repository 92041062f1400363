import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { listPagingMachineFor } from '../../machines/list-paging/list-paging';
import { counterOfQuery, type ViewCounters } from '../../services/list-counters';
import { refreshCounters } from '../../services/session';
import { useSession, useSessionActor } from './session-context';

type ListActor<Item extends { id: number }> = ActorRefFrom<ReturnType<typeof listPagingMachineFor<Item>>>;

/**
 * The menu counters are cached for 180 s, so a change made by someone else — the manufacturer moving an
 * order, a colleague starring a project — left the tab badges and the dashboard behind the list they stand for.
 * When the list's fresh count of a view differs from that view's counter, the counters are older than the list:
 * they are asked again at once (the product spec's 'refresh-counters' event). Once per differing count, so a count that still
 * differs after the reload (a change in between) cannot make it loop.
 */
export function useFreshCounters<Item extends { id: number }>(list: ListActor<Item>, views: ViewCounters): void {
  const session = useSessionActor();
  const counters = useSession((s) => s.context.counters);
  const counted = useSelector(list, (s) => s.context.total);
  const query = useSelector(list, (s) => s.context.query);
  const refreshedFor = useRef<string | null>(null);
  const kept = counterOfQuery(query, counters, views);

  useEffect(() => {
    if (counted === null || kept === undefined || counted === kept) return;
    const key = `${JSON.stringify(query)} ${counted}`;
    if (refreshedFor.current === key) return;
    refreshedFor.current = key;
    refreshCounters(session);
  }, [counted, kept, query, session]);
}
