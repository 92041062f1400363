import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { AccessTokenResponse } from '../../src/contract/auth';
import { SAMPLE_TOKEN } from '../../src/machines/shared/samples';
import {
  SAMPLE_COUNTERS, SAMPLE_OTHER_TOKEN, SAMPLE_REFRESHED_TOKEN, SAMPLE_TOKEN_WITHOUT_SECRET, SAMPLE_USER,
} from '../../src/machines/session/samples';
import { COUNTERS_CACHE_MS, sessionMachine } from '../../src/machines/session/session';
import type { SessionInput } from '../../src/machines/session/session-types';
import { TOKEN_REFRESH_THRESHOLD_MS } from '../../src/machines/shared/token';
import {
  areCountersLoading, currentToken, isRefreshing, isSignedIn, unreadNotificationsCount,
} from '../../src/machines/session/session-selectors';
import { deferred } from '../deferred';

/** A session actor with spy actions and gateway calls the test settles by hand. */
function startSession(input: Partial<SessionInput> = {}, countersFail = false) {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  const refreshes: Array<ReturnType<typeof deferred<AccessTokenResponse>>> = [];
  const terminate = deferred<unknown>();
  const refreshInputs: string[] = [];
  const spies = {
    persistToken: vi.fn((_: unknown, params: { token: string }) => calls.push(`persistToken ${params.token}`)),
    removeToken: vi.fn(() => calls.push('removeToken')),
    clearUserData: vi.fn(() => calls.push('clearUserData')),
    redirectToAuth: vi.fn(() => calls.push('redirectToAuth')),
  };
  const machine = sessionMachine.provide({
    actions: spies,
    actors: {
      refreshToken: fromPromise<AccessTokenResponse, { token: string }>(({ input: { token } }) => {
        refreshInputs.push(token);
        const call = deferred<AccessTokenResponse>();
        refreshes.push(call);
        return call.promise;
      }),
      loadUser: fromPromise(async () => SAMPLE_USER),
      loadCounters: fromPromise(async () => {
        calls.push('loadCounters');
        if (countersFail) throw new Error('counters unavailable');
        return SAMPLE_COUNTERS;
      }),
      terminateCurrentSession: fromPromise(() => {
        calls.push('terminateCurrentSession');
        return terminate.promise;
      }),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: { token: SAMPLE_TOKEN, tokenAgeMs: 0, online: true, ...input },
  });
  actor.start();
  return { actor, clock, calls, spies, refreshes, refreshInputs, terminate };
}

const tokenState = (actor: ReturnType<typeof startSession>['actor']) => {
  const value = actor.getSnapshot().value;
  return typeof value === 'object' && 'signedIn' in value ? value.signedIn.token : value;
};

describe('session token lifetime', () => {
  it('treats a stored token as expired exactly 105 s after it was stored', () => {
    const { actor, clock } = startSession();
    expect(TOKEN_REFRESH_THRESHOLD_MS).toBe(105_000);
    clock.increment(104_999);
    expect(tokenState(actor)).toBe('fresh');
    clock.increment(1);
    expect(tokenState(actor)).toBe('expired');
    expect(isSignedIn(actor.getSnapshot())).toBe(true);
  });

  it('counts the age a restored token already has', () => {
    const { actor, clock } = startSession({ tokenAgeMs: 60_000 });
    clock.increment(44_999);
    expect(tokenState(actor)).toBe('fresh');
    clock.increment(1);
    expect(tokenState(actor)).toBe('expired');
  });

  it('starts expired, still signed in, when the restored token is older than 105 s', () => {
    const { actor } = startSession({ tokenAgeMs: 200_000 });
    expect(tokenState(actor)).toBe('expired');
    expect(isSignedIn(actor.getSnapshot())).toBe(true);
  });

  it('drops a stored token without Secret and stays anonymous', () => {
    const { actor, spies } = startSession({ token: SAMPLE_TOKEN_WITHOUT_SECRET });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(currentToken(actor.getSnapshot())).toBeNull();
    expect(spies.removeToken).toHaveBeenCalledOnce();
  });

  it('restarts the 105 s clock from a successful refresh', async () => {
    const { actor, clock, refreshes, spies } = startSession();
    clock.increment(TOKEN_REFRESH_THRESHOLD_MS);
    actor.send({ type: 'session.tokenNeeded' });
    refreshes[0]?.resolve({ accessToken: SAMPLE_REFRESHED_TOKEN });
    await waitFor(actor, (snapshot) => !isRefreshing(snapshot));
    expect(currentToken(actor.getSnapshot())).toBe(SAMPLE_REFRESHED_TOKEN);
    expect(spies.persistToken).toHaveBeenCalledWith(expect.anything(), { token: SAMPLE_REFRESHED_TOKEN });
    clock.increment(TOKEN_REFRESH_THRESHOLD_MS - 1);
    expect(tokenState(actor)).toBe('fresh');
    clock.increment(1);
    expect(tokenState(actor)).toBe('expired');
  });
});

describe('session refresh', () => {
  it('starts exactly one refresh for 50 requests that need a token while it is expired', () => {
    const { actor, clock, refreshes, refreshInputs } = startSession();
    clock.increment(TOKEN_REFRESH_THRESHOLD_MS);
    for (let i = 0; i < 50; i++) actor.send({ type: 'session.tokenNeeded' });
    expect(refreshes).toHaveLength(1);
    expect(refreshInputs).toEqual([SAMPLE_TOKEN]);
    expect(isRefreshing(actor.getSnapshot())).toBe(true);
  });

  it('does not refresh a fresh token just because a request needs one', () => {
    const { actor, refreshes } = startSession();
    actor.send({ type: 'session.tokenNeeded' });
    expect(refreshes).toHaveLength(0);
  });

  it('refreshes once on a 401 for the current token and ignores a 401 for a replaced one', async () => {
    const { actor, refreshes } = startSession();
    actor.send({ type: 'session.unauthorized', token: SAMPLE_TOKEN });
    actor.send({ type: 'session.unauthorized', token: SAMPLE_TOKEN });
    expect(refreshes).toHaveLength(1);
    refreshes[0]?.resolve({ accessToken: SAMPLE_REFRESHED_TOKEN });
    await waitFor(actor, (snapshot) => !isRefreshing(snapshot));
    actor.send({ type: 'session.unauthorized', token: SAMPLE_TOKEN });
    expect(tokenState(actor)).toBe('fresh');
    expect(refreshes).toHaveLength(1);
  });

  it('signs out locally when the refresh fails', async () => {
    const { actor, refreshes, calls } = startSession();
    actor.send({ type: 'session.unauthorized', token: SAMPLE_TOKEN });
    refreshes[0]?.reject(new Error('Сессия завершена'));
    await waitFor(actor, (snapshot) => snapshot.hasTag('anonymous'));
    expect(currentToken(actor.getSnapshot())).toBeNull();
    expect(calls).toEqual(expect.arrayContaining(['removeToken', 'clearUserData', 'redirectToAuth']));
  });

  it('signs out locally when the retry after a refresh gets 401 again', () => {
    const { actor, spies } = startSession();
    actor.send({ type: 'session.retryRejected' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('anonymous');
    expect(snapshot.context).toMatchObject({ token: null, user: null, counters: null });
    expect(spies.removeToken).toHaveBeenCalledOnce();
    expect(spies.clearUserData).toHaveBeenCalledOnce();
    expect(spies.redirectToAuth).toHaveBeenCalledOnce();
  });

  it('sends a 401 made without any token to /auth', () => {
    const { actor, spies } = startSession({ token: null });
    actor.send({ type: 'session.unauthorized', token: null });
    expect(spies.redirectToAuth).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().hasTag('anonymous')).toBe(true);
  });
});

describe('session sign-in, data and logout', () => {
  it('stores a new token, then loads the user and the counters', async () => {
    const { actor, spies } = startSession({ token: null });
    actor.send({ type: 'session.signedIn', token: SAMPLE_OTHER_TOKEN });
    expect(spies.persistToken).toHaveBeenCalledWith(expect.anything(), { token: SAMPLE_OTHER_TOKEN });
    await waitFor(actor, (snapshot) => snapshot.hasTag('userLoaded') && snapshot.context.counters !== null);
    expect(actor.getSnapshot().context.user).toEqual(SAMPLE_USER);
  });

  it('ignores a sign-in with a token that lacks Secret', () => {
    const { actor, spies } = startSession({ token: null });
    actor.send({ type: 'session.signedIn', token: SAMPLE_TOKEN_WITHOUT_SECRET });
    expect(actor.getSnapshot().hasTag('anonymous')).toBe(true);
    expect(spies.persistToken).not.toHaveBeenCalled();
  });

  it('reloads the counters on refresh-counters', async () => {
    const { actor, calls } = startSession();
    await waitFor(actor, (snapshot) => snapshot.context.counters !== null);
    actor.send({ type: 'session.refreshCounters' });
    await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: { counters: 'loaded' } }));
    expect(calls.filter((call) => call === 'loadCounters')).toHaveLength(2);
  });

  it.each([
    ['answers', (terminate: ReturnType<typeof deferred<unknown>>) => terminate.resolve({ ok: true })],
    ['fails', (terminate: ReturnType<typeof deferred<unknown>>) => terminate.reject(new Error('offline'))],
  ])('logs out: ends the session first, then clears everything when the gateway %s', async (_how, settle) => {
    const { actor, calls, terminate } = startSession();
    await waitFor(actor, (snapshot) => snapshot.hasTag('userLoaded'));
    actor.send({ type: 'session.logout' });
    expect(calls).toContain('terminateCurrentSession');
    expect(calls).not.toContain('removeToken');
    settle(terminate);
    await waitFor(actor, (snapshot) => snapshot.hasTag('anonymous'));
    const after = calls.slice(calls.indexOf('terminateCurrentSession'));
    expect(after).toEqual(['terminateCurrentSession', 'removeToken', 'clearUserData', 'redirectToAuth']);
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null, counters: null });
  });

  it('tracks the browser going offline and online', () => {
    const { actor } = startSession({ online: true });
    actor.send({ type: 'session.offline' });
    expect(actor.getSnapshot().context.online).toBe(false);
    actor.send({ type: 'session.online' });
    expect(actor.getSnapshot().context.online).toBe(true);
  });
});

describe('session counters cache and unread badge', () => {
  const countersLoads = (calls: string[]) => calls.filter((call) => call === 'loadCounters').length;

  it.each([
    ['loaded', false],
    ['failed', true],
  ] as const)('reloads the counters 180 s after they were %s, not before', async (state, countersFail) => {
    expect(COUNTERS_CACHE_MS).toBe(180_000);
    const { actor, clock, calls } = startSession({}, countersFail);
    await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: { counters: state } }));
    clock.increment(COUNTERS_CACHE_MS - 1);
    expect(countersLoads(calls)).toBe(1);
    clock.increment(1);
    expect(countersLoads(calls)).toBe(2);
  });

  it('keeps the cached counters on screen while they reload', async () => {
    const { actor, clock } = startSession();
    await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: { counters: 'loaded' } }));
    clock.increment(COUNTERS_CACHE_MS);
    expect(areCountersLoading(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.counters).toEqual(SAMPLE_COUNTERS);
  });

  it('moves the unread count by the popup\'s delta and never below 0', async () => {
    const { actor } = startSession();
    await waitFor(actor, (snapshot) => snapshot.hasTag('userLoaded'));
    actor.send({ type: 'session.adjustNotifications', delta: -1 });
    expect(actor.getSnapshot().context.user?.notificationsCount).toBe(SAMPLE_USER.notificationsCount - 1);
    actor.send({ type: 'session.adjustNotifications', delta: 1 });
    expect(actor.getSnapshot().context.user?.notificationsCount).toBe(SAMPLE_USER.notificationsCount);
    for (let i = 0; i < 5; i++) actor.send({ type: 'session.adjustNotifications', delta: -1 });
    expect(unreadNotificationsCount(actor.getSnapshot())).toBe(0);
  });

  it('ignores an adjustment before the user is loaded', () => {
    const { actor } = startSession();
    actor.send({ type: 'session.adjustNotifications', delta: -1 });
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(unreadNotificationsCount(actor.getSnapshot())).toBe(0);
  });
});
