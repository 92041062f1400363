import { focusManager, notifyManager, QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { ApiError } from '../../services/api';
import { SignedInFileError } from '../../services/invoice-files';

/** A 404 is an answer (missing, or of a client the user is not a member of): the page says 'not found'. */
export const isNotFound = (error: unknown): boolean =>
  (error instanceof ApiError || error instanceof SignedInFileError) && error.status === 404;

/**
 * A failed read is only logged; the view offers to try again. Keys read [area, thing, ...ids], so the line
 * names them: "[orders] order 7 not loaded". A failed refresh keeps what is shown and says so.
 */
function logFailure(error: Error, query: Query<unknown, unknown, unknown, readonly unknown[]>): void {
  if (isNotFound(error)) return;
  const [area, ...what] = query.queryKey;
  const refreshed = query.state.data !== undefined;
  console.error(`[${String(area)}] ${what.map(String).join(' ')} not ${refreshed ? 'refreshed' : 'loaded'}`, error);
}

// TanStack Query counts a tab shown again as focus; the order page also asks again when the window itself gets focus
// (another window was in front), as it did before the data layer.
focusManager.setEventListener((handleFocus) => {
  if (typeof window === 'undefined') return undefined;
  const onFocus = () => handleFocus();
  window.addEventListener('visibilitychange', onFocus, false);
  window.addEventListener('focus', onFocus, false);
  return () => {
    window.removeEventListener('visibilitychange', onFocus);
    window.removeEventListener('focus', onFocus);
  };
});

// An answer or an optimistic change shows in the task it happened in, as the hand-written hooks' setState did, rather
// than one timer later: a star clicked turns before anything else runs.
notifyManager.setScheduler(queueMicrotask);

/**
 * The views' one data layer, set up once for every read and write. `callApi` already refreshes the token and asks
 * once more on a 401, so nothing is retried here: a failure shows at once with its retry button. Online and offline are
 * the session's business: a call made offline fails as it always did instead of waiting. A read is stale at once, so
 * each view that mounts asks again (as the hand-written hooks did) while any copy already held stays on screen; only
 * the reads that say so (the order page) ask again on focus, none on reconnect.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: logFailure }),
    defaultOptions: {
      queries: {
        retry: false,
        networkMode: 'always',
        staleTime: 0,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
