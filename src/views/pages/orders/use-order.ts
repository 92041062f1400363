import { useCallback, useEffect, useRef, useState } from 'react';
import type { Order } from '../../../contract/orders';
import { ApiError } from '../../../services/api';
import { isCountedChange, ORDER_REFRESH_MS, ordersGateway } from '../../../services/orders';
import { refreshCounters } from '../../../services/session';
import { useSessionActor } from '../../components/session-context';

export type LoadedOrder =
  | { status: 'loading'; order: null }
  | { status: 'loaded'; order: Order }
  | { status: 'notFound'; order: null }
  | { status: 'failed'; order: null };

const LOADING: LoadedOrder = { status: 'loading', order: null };
const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The order of /orders/:id. It is asked again every 15 s while the tab is visible, when the tab comes back and when
 * the window gets focus, so the manufacturer's changes show without a reload; such a quiet refresh only logs a
 * failure. A 404 (missing, or of a client the user is not a member of) is 'not found'. Each request is numbered and
 * only the latest may land, so a slow refresh cannot undo what an action answered meanwhile. A refresh that finds
 * the order moved (by the manufacturer) reloads the menu counters too, so they do not lag up to 180 s behind.
 */
export function useOrder(id: number) {
  const [state, setState] = useState<{ id: number; loaded: LoadedOrder }>({ id, loaded: LOADING });
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  const shown = useRef<Order | null>(null);
  const session = useSessionActor();

  /** Asks for the order; `quiet` keeps what is shown when it fails for any reason but a 404. */
  const ask = useCallback((quiet: boolean, signal?: AbortSignal) => {
    latest.current += 1;
    const request = latest.current;
    ordersGateway().get(id, signal).then(
      (order) => {
        if (request !== latest.current) return;
        if (isCountedChange(shown.current, order)) refreshCounters(session);
        shown.current = order;
        setState({ id, loaded: { status: 'loaded', order } });
      },
      (error: unknown) => {
        if (signal?.aborted || request !== latest.current) return;
        if (isNotFound(error)) {
          setState({ id, loaded: { status: 'notFound', order: null } });
          return;
        }
        console.error(`[orders] order ${id} not ${quiet ? 'refreshed' : 'loaded'}`, error);
        if (!quiet) setState({ id, loaded: { status: 'failed', order: null } });
      },
    );
  }, [id, session]);

  useEffect(() => {
    const controller = new AbortController();
    ask(false, controller.signal);
    return () => controller.abort();
  }, [ask, round]);

  const loaded: LoadedOrder = state.id === id ? state.loaded : LOADING;
  const showing = loaded.status === 'loaded';

  useEffect(() => {
    if (!showing) return undefined;
    let controller = new AbortController();
    const refresh = () => {
      controller.abort();
      controller = new AbortController();
      ask(true, controller.signal);
    };
    const whenVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    const timer = setInterval(whenVisible, ORDER_REFRESH_MS);
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', whenVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', whenVisible);
      controller.abort();
    };
  }, [ask, showing]);

  return {
    loaded,
    reload: useCallback(() => {
      setState({ id, loaded: LOADING });
      setRound((count) => count + 1);
    }, [id]),
    /** The fresher copy an action answered; a refresh still in flight is dropped. */
    replace: useCallback((order: Order) => {
      latest.current += 1;
      shown.current = order;
      setState({ id, loaded: { status: 'loaded', order } });
    }, [id]),
    /** Asks again quietly, keeping the page as it is (after a review or a complaint changed what it shows). */
    refresh: useCallback(() => ask(true), [ask]),
  };
}
