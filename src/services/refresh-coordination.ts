import type { AccessTokenResponse } from '../contract/auth';
import { decodeTokenPayload, TOKEN_REFRESH_THRESHOLD_MS } from '../machines/shared/token';
import { readToken, writeToken, type TokenStore } from './token-storage';

/** The Web Lock every tab of this origin takes to refresh: one refreshes, the next one in line reads its answer. */
export const REFRESH_LOCK = 'pcb.token-refresh';

/** The part of `navigator.locks` this uses, so tests can pass a fake. */
export interface RefreshLocks {
  request<T>(name: string, options: { mode: 'exclusive'; signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
}

export interface RefreshCoordination {
  /** null where the browser has no Web Locks: storage is still read first, only the ordering is lost. */
  locks: RefreshLocks | null;
  store?: TokenStore;
  now?: () => number;
  signal?: AbortSignal;
}

/** The browser's Web Locks, when it has them (a secure context in any current browser). */
export function browserLocks(): RefreshLocks | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

const sessionOf = (token: string): string | null => decodeTokenPayload(token)?.sid ?? null;

/**
 * Refreshes `token` once for all tabs: under the lock, a newer token of the same session in storage (another tab
 * rotated it) is taken as it is while fresh, or is the one refreshed when it has aged too; otherwise `send` refreshes
 * `token`. The answer is stored before the lock is released, so the tab waiting next finds it.
 */
export function refreshForAllTabs(
  token: string, send: (token: string) => Promise<AccessTokenResponse>, coordination: RefreshCoordination,
): Promise<AccessTokenResponse> {
  const { locks, store, now = Date.now, signal } = coordination;
  const refresh = async (): Promise<AccessTokenResponse> => {
    const stored = readToken(store, now());
    const newer = stored.token !== null && stored.token !== token && sessionOf(stored.token) !== null
      && sessionOf(stored.token) === sessionOf(token) ? stored.token : null;
    if (newer !== null && stored.tokenAgeMs < TOKEN_REFRESH_THRESHOLD_MS) return { accessToken: newer };
    const answer = await send(newer ?? token);
    if (decodeTokenPayload(answer.accessToken)) writeToken(answer.accessToken, store, now());
    return answer;
  };
  return locks ? locks.request(REFRESH_LOCK, { mode: 'exclusive', ...(signal ? { signal } : {}) }, refresh) : refresh();
}
