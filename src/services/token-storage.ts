/** The access token and the moment it was stored: the product spec treats a token as expired 105 s after storage. */

export const TOKEN_KEY = 'pcb.token';
export const TOKEN_STORED_AT_KEY = 'pcb.tokenStoredAt';

export type TokenStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStore(): TokenStore | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Access itself throws when storage is disabled by policy.
    return undefined;
  }
}

export interface StoredToken {
  token: string | null;
  /** Milliseconds since the token was stored; Infinity when the storage time is unknown, so it is refreshed first. */
  tokenAgeMs: number;
}

export function readToken(store: TokenStore | undefined = defaultStore(), now: number = Date.now()): StoredToken {
  try {
    const token = store?.getItem(TOKEN_KEY) ?? null;
    if (!token) return { token: null, tokenAgeMs: 0 };
    const storedAt = Number(store?.getItem(TOKEN_STORED_AT_KEY));
    const tokenAgeMs = Number.isFinite(storedAt) && storedAt > 0 && storedAt <= now ? now - storedAt : Number.POSITIVE_INFINITY;
    return { token, tokenAgeMs };
  } catch {
    return { token: null, tokenAgeMs: 0 };
  }
}

/** Storing the token already stored keeps its time: a tab taking another tab's token must not make it look younger. */
export function writeToken(token: string, store: TokenStore | undefined = defaultStore(), now: number = Date.now()): void {
  try {
    if (store?.getItem(TOKEN_KEY) === token && store.getItem(TOKEN_STORED_AT_KEY)) return;
    store?.setItem(TOKEN_KEY, token);
    store?.setItem(TOKEN_STORED_AT_KEY, String(now));
  } catch {
    // Without storage the token lives only in the session actor for this page load.
  }
}

export function removeToken(store: TokenStore | undefined = defaultStore()): void {
  try {
    store?.removeItem(TOKEN_KEY);
    store?.removeItem(TOKEN_STORED_AT_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
