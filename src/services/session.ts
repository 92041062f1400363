import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { refresh, type AccessTokenResponse } from '../contract/auth';
import { countersV2, type Counters } from '../contract/counters';
import { getMySummary, terminateCurrentSession, type UserSummary } from '../contract/user';
import { decodeTokenPayload } from '../machines/shared/token';
import { COUNTERS_CACHE_MS, sessionMachine } from '../machines/session/session';
import type { SessionInput } from '../machines/session/session-types';
import { isSignedIn, isTokenFresh } from '../machines/session/session-selectors';
import { callApi, configureApiAuth } from './api';
import { getLocale, localizePath, stripLocale } from './i18n';
import { inspectOption } from './inspect-option';
import { currentPath, navigateTo } from './navigation';
import { browserLocks, refreshForAllTabs } from './refresh-coordination';
import { readToken, removeToken, writeToken } from './token-storage';

export type SessionActor = ReturnType<typeof createSessionActor>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const COUNTERS_KEY = 'pcb.counters';

interface CachedCounters {
  sub: string;
  at: number;
  counters: Counters;
}

function readCounters(sub: string, now = Date.now()): Counters | null {
  try {
    const cached = JSON.parse(globalThis.sessionStorage?.getItem(COUNTERS_KEY) ?? 'null') as CachedCounters | null;
    return cached && cached.sub === sub && now - cached.at < COUNTERS_CACHE_MS ? cached.counters : null;
  } catch {
    return null;
  }
}

function writeCounters(value: CachedCounters | null): void {
  try {
    if (value) globalThis.sessionStorage?.setItem(COUNTERS_KEY, JSON.stringify(value));
    else globalThis.sessionStorage?.removeItem(COUNTERS_KEY);
  } catch {
    // Without sessionStorage every load asks the gateway; nothing breaks.
  }
}

const userDataCleaners = new Set<() => void>([() => writeCounters(null)]);

/** Other caches (the Dexie reference data) register here to be emptied on sign-out. */
export function onUserDataCleared(clean: () => void): () => void {
  userDataCleaners.add(clean);
  return () => {
    userDataCleaners.delete(clean);
  };
}

const isAuthPath = (path: string) => /^\/(auth|login-ork)(\/|$|\?)/.test(stripLocale(path));

/** The gateway-backed implementations; tests pass their own to `createSessionActor`. */
export const sessionImplementations = {
  actors: {
    refreshToken: fromPromise<AccessTokenResponse, { token: string }>(({ input, signal }) =>
      refreshForAllTabs(input.token, (token) => callApi(refresh, { token, signal }), { locks: browserLocks(), signal }),
    ),
    loadUser: fromPromise<UserSummary, void>(({ signal }) => callApi(getMySummary, { signal })),
    loadCounters: fromPromise<Counters, void>(async ({ signal }) => {
      const sub = decodeTokenPayload(sessionService.actor.getSnapshot().context.token)?.sub ?? '';
      const cached = readCounters(sub);
      if (cached) return cached;
      const counters = await callApi(countersV2, { signal });
      writeCounters({ sub, at: Date.now(), counters });
      return counters;
    }),
    terminateCurrentSession: fromPromise<unknown, void>(({ signal }) => callApi(terminateCurrentSession, { signal })),
  },
  actions: {
    persistToken: (_: unknown, params: { token: string }) => writeToken(params.token),
    removeToken: () => removeToken(),
    clearUserData: () => {
      for (const clean of userDataCleaners) clean();
    },
    /** After a logout plain /auth; after a lost session /auth with `redirect` back to the page the user was on. */
    redirectToAuth: ({ event }: { event: { type: string } }) => {
      const here = currentPath();
      const auth = localizePath('/auth', getLocale());
      if (isAuthPath(here)) return;
      const loggedOut = event.type.endsWith('.terminateCurrentSession');
      navigateTo(loggedOut ? auth : `${auth}?${new URLSearchParams({ redirect: here })}`);
    },
  },
};

type Implementations = Parameters<typeof sessionMachine.provide>[0];

/** A session actor, unstarted; the input defaults to what storage and the browser say now. */
export function createSessionActor(overrides: Implementations = {}, input?: SessionInput) {
  const machine = sessionMachine.provide(sessionImplementations).provide(overrides);
  const online = typeof navigator === 'undefined' ? true : navigator.onLine;
  return createActor(machine, { input: input ?? { ...readToken(), online }, inspect: inspectOption() });
}

/** Settled: a usable token (fresh) or none at all; expired and refreshing are in between. */
const isSettled = (snapshot: SessionSnapshot) => !isSignedIn(snapshot) || isTokenFresh(snapshot);

/** Single flight: every caller waits for the one refresh the machine runs. */
export async function getFreshToken(actor: SessionActor = sessionService.actor): Promise<string | null> {
  actor.send({ type: 'session.tokenNeeded' });
  const snapshot = await waitFor(actor, isSettled);
  return snapshot.context.token;
}

/** Counters now, skipping the 180 s cache (the `refresh-counters` event of the product spec). */
export function refreshCounters(actor: SessionActor = sessionService.actor): void {
  writeCounters(null);
  actor.send({ type: 'session.refreshCounters' });
}

/** Makes `actor` the session the api client and the views use; returns the undo. */
export function bindSession(actor: SessionActor): () => void {
  const previous = sessionService.actor;
  sessionService.actor = actor;
  configureApiAuth({
    getFreshToken: () => getFreshToken(actor),
    currentToken: () => actor.getSnapshot().context.token,
    onUnauthorized: (token) => actor.send({ type: 'session.unauthorized', token }),
    onRetryRejected: () => actor.send({ type: 'session.retryRejected' }),
  });
  return () => {
    sessionService.actor = previous;
    configureApiAuth(null);
  };
}

// The one session of the app; created unstarted so importing this module has no side effects.
const sessionService = { actor: createSessionActor() };
export const sessionActor: SessionActor = sessionService.actor;

/** Boots the session: binds it to the api client, tracks online/offline, starts it. */
export function startSession(actor: SessionActor = sessionActor): SessionActor {
  bindSession(actor);
  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => actor.send({ type: 'session.online' }));
    window.addEventListener('offline', () => actor.send({ type: 'session.offline' }));
  }
  return actor.start();
}
