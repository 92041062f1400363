import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import type { Counters } from '../../src/contract/counters';
import { SAMPLE_COUNTERS, SAMPLE_USER } from '../../src/machines/session/samples';
import { COUNTERS_CACHE_MS } from '../../src/machines/session/session';
import { SAMPLE_TOKEN } from '../../src/machines/shared/samples';
import { callApi } from '../../src/services/api';
import { bindSession, createSessionActor } from '../../src/services/session';
import { memoryStorage } from '../memory-storage';

vi.mock('../../src/services/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/services/api')>()),
  callApi: vi.fn(),
}));

// The menu counters are cached 180 s. The copy the session service keeps in sessionStorage (a reload of
// the page) is trusted for the same window as the machine's reload delay: one constant, the machine's.

const STORED: Counters = { ...SAMPLE_COUNTERS, basket: { price: 0, total: 0 } };
const FRESH: Counters = { ...SAMPLE_COUNTERS, basket: { price: 100, total: 1 } };
/** The `sub` of SAMPLE_TOKEN: a stored copy is only ever another tab's of the same user. */
const SUB = '1';

async function countersAfterSignIn(storedAgoMs: number) {
  sessionStorage.setItem('pcb.counters', JSON.stringify({ sub: SUB, at: Date.now() - storedAgoMs, counters: STORED }));
  const actor = createSessionActor(
    { actors: { loadUser: fromPromise(() => Promise.resolve(SAMPLE_USER)) } },
    { token: SAMPLE_TOKEN, tokenAgeMs: 0, online: true },
  );
  const unbind = bindSession(actor);
  actor.start();
  const snapshot = await waitFor(actor, (state) => state.matches({ signedIn: { counters: 'loaded' } }));
  actor.stop();
  unbind();
  return snapshot.context.counters;
}

beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.mocked(callApi).mockReset().mockResolvedValue(FRESH);
});
afterEach(() => vi.unstubAllGlobals());

describe('the counters a page reload finds in sessionStorage', () => {
  it('are shown without asking the gateway while younger than the 180 s cache', async () => {
    expect(COUNTERS_CACHE_MS).toBe(180_000);
    expect(await countersAfterSignIn(COUNTERS_CACHE_MS - 1_000)).toEqual(STORED);
    expect(callApi).not.toHaveBeenCalled();
  });

  it('are asked for again once as old as the cache', async () => {
    expect(await countersAfterSignIn(COUNTERS_CACHE_MS)).toEqual(FRESH);
    expect(callApi).toHaveBeenCalledTimes(1);
  });
});
