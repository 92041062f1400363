import { useEffect, useRef, useState } from 'react';
import { subscribeClientsChanged } from '../../../services/client-events';

export type AccessListState<T> = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; items: T[] };

/**
 * One list of requests or invitations: loaded for `key`, and again whenever someone accepts, declines or cancels
 * (client-events) or `reload` is called. A reload keeps the shown items until the new ones arrive.
 */
export function useAccessList<T>(load: (signal: AbortSignal) => Promise<T[]>, key: string) {
  const [state, setState] = useState<{ key: string; list: AccessListState<T> }>({ key, list: { status: 'loading' } });
  const [version, setVersion] = useState(0);
  const loadNow = useRef(load);
  useEffect(() => {
    loadNow.current = load;
  });
  useEffect(() => subscribeClientsChanged(() => setVersion((value) => value + 1)), []);
  useEffect(() => {
    const controller = new AbortController();
    loadNow.current(controller.signal).then(
      (items) => setState({ key, list: { status: 'loaded', items } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // Spec 8: a failed list is only logged; the view offers to try again.
        console.error('[client-access] list failed', error);
        setState((previous) => (previous.key === key && previous.list.status === 'loaded' ? previous : { key, list: { status: 'failed' } }));
      },
    );
    return () => controller.abort();
  }, [key, version]);
  const list: AccessListState<T> = state.key === key ? state.list : { status: 'loading' };
  return { list, reload: () => setVersion((value) => value + 1) };
}
