import { describe, expect, it } from 'vitest';
import type { AccessTokenResponse } from '../../src/contract/auth';
import { TOKEN_REFRESH_THRESHOLD_MS } from '../../src/machines/shared/token';
import { REFRESH_LOCK, refreshForAllTabs, type RefreshLocks } from '../../src/services/refresh-coordination';
import { readToken, TOKEN_KEY, TOKEN_STORED_AT_KEY, writeToken } from '../../src/services/token-storage';
import { memoryStorage } from '../memory-storage';

// The tabs of one browser share the token in localStorage; a refresh runs under one Web Lock, and a tab
// that finds another tab's newer token of its session takes it instead of refreshing with the one it had.

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenOf = (sid: string, secret: string) =>
  `${base64url({ alg: 'HS256' })}.${base64url({ sub: '1', sid, Secret: secret, exp: 2_000_000_000 })}.signature`;

const T1 = tokenOf('session-a', 'one');
const T2 = tokenOf('session-a', 'two');
const T3 = tokenOf('session-a', 'three');
const OTHER = tokenOf('session-b', 'other');

/** Web Locks as the browser grants them: one holder of a name at a time, the others queued in order. */
function fakeLocks(): RefreshLocks & { waits: number; signals: (AbortSignal | undefined)[] } {
  let tail: Promise<unknown> = Promise.resolve();
  let heldOrQueued = 0;
  const fake = {
    waits: 0,
    signals: [] as (AbortSignal | undefined)[],
    request<T>(name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: (lock: object | null) => Promise<T>) {
      expect(name).toBe(REFRESH_LOCK);
      if (options.ifAvailable && heldOrQueued > 0) return callback(null);
      if (!options.ifAvailable) {
        fake.waits += 1;
        fake.signals.push(options.signal);
      }
      heldOrQueued += 1;
      const granted = tail.then(() => callback({})).finally(() => { heldOrQueued -= 1; });
      tail = granted.catch(() => undefined);
      return granted;
    },
  };
  return fake;
}

/** No other tab writes: the wait for its news runs out at once. */
const noNews = () => Promise.resolve();

/** A gateway that rotates T1 → T2 → T3, answering after a tick so refreshes that do not wait for each other overlap. */
function fakeGateway() {
  const sent: string[] = [];
  const next = new Map([[T1, T2], [T2, T3]]);
  const send = async (token: string): Promise<AccessTokenResponse> => {
    sent.push(token);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const rotated = next.get(token);
    if (!rotated) throw new Error(`refused ${token}`);
    return { accessToken: rotated };
  };
  return { sent, send };
}

describe('refreshForAllTabs', () => {
  it('three tabs refreshing the same token at once make one refresh; all take its token, which is stored', async () => {
    const store = memoryStorage();
    writeToken(T1, store, 1_000);
    const locks = fakeLocks();
    const gateway = fakeGateway();
    const tabs = await Promise.all([1, 2, 3].map(() =>
      refreshForAllTabs(T1, gateway.send, { locks, store, now: () => 2_000, storageNews: noNews })));
    expect(gateway.sent).toEqual([T1]);
    expect(tabs.map((answer) => answer.accessToken)).toEqual([T2, T2, T2]);
    expect(readToken(store, 2_000)).toEqual({ token: T2, tokenAgeMs: 0 });
    // The first took the free lock; the other two waited for it.
    expect(locks.waits).toBe(2);
  });

  it('a tab whose token another tab rotated long ago refreshes the stored token, not its own', async () => {
    const store = memoryStorage();
    writeToken(T2, store, 1_000);
    const gateway = fakeGateway();
    const now = 1_000 + TOKEN_REFRESH_THRESHOLD_MS;
    const answer = await refreshForAllTabs(T1, gateway.send, { locks: fakeLocks(), store, now: () => now, storageNews: noNews });
    expect(gateway.sent).toEqual([T2]);
    expect(answer.accessToken).toBe(T3);
    expect(readToken(store, now).token).toBe(T3);
  });

  it('ignores a stored token of another session and refreshes its own', async () => {
    const store = memoryStorage();
    writeToken(OTHER, store, 1_000);
    const gateway = fakeGateway();
    const answer = await refreshForAllTabs(T1, gateway.send, { locks: fakeLocks(), store, now: () => 2_000, storageNews: noNews });
    expect(gateway.sent).toEqual([T1]);
    expect(answer.accessToken).toBe(T2);
  });

  it('without Web Locks still takes a newer stored token rather than refreshing the old one', async () => {
    const store = memoryStorage();
    writeToken(T2, store, 1_000);
    const gateway = fakeGateway();
    const answer = await refreshForAllTabs(T1, gateway.send, { locks: null, store, now: () => 2_000 });
    expect(gateway.sent).toEqual([]);
    expect(answer.accessToken).toBe(T2);
  });

  it('stores nothing when the refresh fails, and lets the next tab in line try', async () => {
    const store = memoryStorage();
    writeToken(T3, store, 1_000);
    const locks = fakeLocks();
    const gateway = fakeGateway();
    const now = () => 1_000 + TOKEN_REFRESH_THRESHOLD_MS;
    await expect(refreshForAllTabs(T3, gateway.send, { locks, store, now, storageNews: noNews })).rejects.toThrow('refused');
    expect(store.getItem(TOKEN_KEY)).toBe(T3);
    await expect(refreshForAllTabs(T3, gateway.send, { locks, store, now, storageNews: noNews })).rejects.toThrow('refused');
    expect(gateway.sent).toEqual([T3, T3]);
  });

  it('a tab that waited for another tab\'s refresh waits for its token to reach its storage, then takes it', async () => {
    // Each tab sees its own copy of localStorage; a write reaches the other tab's copy with the storage event.
    const [storeA, storeB] = [memoryStorage(), memoryStorage()];
    writeToken(T1, storeA, 1_000);
    writeToken(T1, storeB, 1_000);
    const locks = fakeLocks();
    const gateway = fakeGateway();
    let newsAsked = 0;
    const storageNews = async () => {
      newsAsked += 1;
      await new Promise((resolve) => setTimeout(resolve, 1));
      for (const key of [TOKEN_KEY, TOKEN_STORED_AT_KEY]) storeB.setItem(key, storeA.getItem(key) ?? '');
    };
    const [a, b] = await Promise.all([
      refreshForAllTabs(T1, gateway.send, { locks, store: storeA, now: () => 2_000, storageNews: noNews }),
      refreshForAllTabs(T1, gateway.send, { locks, store: storeB, now: () => 2_000, storageNews }),
    ]);
    expect(gateway.sent).toEqual([T1]);
    expect([a.accessToken, b.accessToken]).toEqual([T2, T2]);
    expect(newsAsked).toBe(1);
  });

  it('refreshes itself when the tab it waited for stored nothing (its refresh failed), and waits with its abort signal', async () => {
    const store = memoryStorage();
    writeToken(T3, store, 1_000);
    const locks = fakeLocks();
    const gateway = fakeGateway();
    const controller = new AbortController();
    const coordination = { locks, store, now: () => 2_000, storageNews: noNews, signal: controller.signal };
    const answers = await Promise.allSettled([
      refreshForAllTabs(T3, gateway.send, coordination), refreshForAllTabs(T3, gateway.send, coordination),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    expect(gateway.sent).toEqual([T3, T3]);
    expect(locks.signals).toEqual([controller.signal]);
  });
});

describe('writeToken', () => {
  it('keeps the storage time when the same token is stored again, so a taken token does not look younger', () => {
    const store = memoryStorage();
    writeToken(T1, store, 1_000);
    writeToken(T1, store, 50_000);
    expect(readToken(store, 60_000)).toEqual({ token: T1, tokenAgeMs: 59_000 });
    writeToken(T2, store, 60_000);
    expect(readToken(store, 60_000)).toEqual({ token: T2, tokenAgeMs: 0 });
  });
});
