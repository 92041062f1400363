import type { AccessTokenResponse } from '../contract/auth';
import { decodeTokenPayload, TOKEN_REFRESH_THRESHOLD_MS } from '../machines/shared/token';
import { readToken, TOKEN_KEY, writeToken, type TokenStore } from './token-storage';

/** The Web Lock every tab of this origin takes to refresh: one refreshes, the next one in line reads its answer. */
export const REFRESH_LOCK = 'pcb.token-refresh';

/**
 * How long a tab that waited for another tab's refresh waits for that tab's token to reach its own storage: a write
 * in one tab reaches another's localStorage a moment later, and the lock may be granted first.
 */
export const STORAGE_NEWS_WAIT_MS = 1000;

/** The part of `navigator.locks` this uses, so tests can pass a fake. */
export interface RefreshLocks {
  request<T>(
    name: string, options: { mode: 'exclusive'; signal?: AbortSignal; ifAvailable?: boolean },
    callback: (lock: object | null) => Promise<T>,
  ): Promise<T>;
}

export interface RefreshCoordination {
  /** null where the browser has no Web Locks: storage is still read first, only the ordering is lost. */
  locks: RefreshLocks | null;
  /** Resolves when another tab stores a token, or after `timeoutMs`. */
  storageNews?: (timeoutMs: number) => Promise<void>;
  store?: TokenStore;
  now?: () => number;
  signal?: AbortSignal;
}

/** The browser's Web Locks, when it has them (a secure context in any current browser). */
export function browserLocks(): RefreshLocks | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

/** The `storage` event another tab's write of the token fires here (it is never fired for this tab's own writes). */
export function browserStorageNews(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window === 'undefined') return resolve();
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
      resolve();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY) done();
    };
    const timer = setTimeout(done, timeoutMs);
    window.addEventListener('storage', onStorage);
  });
}

const sessionOf = (token: string): string | null => decodeTokenPayload(token)?.sid ?? null;

/**
 * Refreshes `token` once for all tabs: under the lock, a newer token of the same session in storage (another tab
 * rotated it) is taken as it is while fresh, or is the one refreshed when it has aged too; otherwise `send` refreshes
 * `token`. The answer is stored before the lock is released, so the tab waiting next finds it.
 */
export async function refreshForAllTabs(
  token: string, send: (token: string) => Promise<AccessTokenResponse>, coordination: RefreshCoordination,
): Promise<AccessTokenResponse> {
  const { locks, store, now = Date.now, signal, storageNews = browserStorageNews } = coordination;
  const newerStored = (): { token: string; ageMs: number } | null => {
    const stored = readToken(store, now());
    if (stored.token === null || stored.token === token || sessionOf(token) === null) return null;
    return sessionOf(stored.token) === sessionOf(token) ? { token: stored.token, ageMs: stored.tokenAgeMs } : null;
  };
  const refresh = async (afterAnotherTab: boolean): Promise<AccessTokenResponse> => {
    let newer = newerStored();
    if (!newer && afterAnotherTab) {
      await storageNews(STORAGE_NEWS_WAIT_MS);
      newer = newerStored();
    }
    if (newer && newer.ageMs < TOKEN_REFRESH_THRESHOLD_MS) return { accessToken: newer.token };
    const answer = await send(newer?.token ?? token);
    if (decodeTokenPayload(answer.accessToken)) writeToken(answer.accessToken, store, now());
    return answer;
  };
  if (!locks) return refresh(false);
  // Held by another tab: it is refreshing now, and its answer is worth waiting for. (A signal may not go with
  // ifAvailable.)
  const held = Symbol('held');
  const first = await locks.request(REFRESH_LOCK, { mode: 'exclusive', ifAvailable: true },
    async (lock) => (lock ? refresh(false) : held));
  if (first !== held) return first;
  return locks.request(REFRESH_LOCK, { mode: 'exclusive', ...(signal ? { signal } : {}) }, () => refresh(true));
}
