import { useActorRef, useSelector } from '@xstate/react';
import { peopleSearchFlow } from '../../../services/groups';

/** One search of colleagues per form (the peopleSearch machine), read with one selector per value. */
export function usePeopleSearch() {
  const search = useActorRef(peopleSearchFlow);
  const query = useSelector(search, (s) => s.context.query);
  const results = useSelector(search, (s) => s.context.results);
  const searching = useSelector(search, (s) => s.hasTag('searching'));
  const failed = useSelector(search, (s) => s.matches('failed'));
  // 'Nobody found' only for the query typed, once its answer is in.
  const nobody = useSelector(search, (s) =>
    s.matches('idle') && s.context.query.trim() !== '' && s.context.answered === s.context.query && s.context.results.length === 0);
  return {
    query, results, searching, failed, nobody,
    type: (next: string) => search.send({ type: 'search.change', query: next }),
    retry: () => search.send({ type: 'search.retry' }),
  };
}
