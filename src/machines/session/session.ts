import { assign, setup } from 'xstate';
import type { AccessTokenResponse } from '../../contract/auth';
import type { Counters } from '../../contract/counters';
import type { UserSummary } from '../../contract/user';
import { notProvided } from '../shared/not-provided';
import { isTokenValid, TOKEN_REFRESH_THRESHOLD_MS } from '../shared/token';
import type { SessionContext, SessionEvent, SessionInput, SessionTag } from './session-types';

/** Menu counters are cached 180 s: reloaded after this delay, and a stored copy is trusted as long (the service). */
export const COUNTERS_CACHE_MS = 180_000;

/** Every way out of a signed-in session ends the same: nothing of the user stays behind. */
const signOutLocally = ['clearSession', 'removeToken', 'clearUserData', 'redirectToAuth'] as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as SessionTag,
  },
  actors: {
    refreshToken: notProvided<AccessTokenResponse, { token: string }>('refreshToken'),
    loadUser: notProvided<UserSummary>('loadUser'),
    loadCounters: notProvided<Counters>('loadCounters'),
    terminateCurrentSession: notProvided<unknown>('terminateCurrentSession'),
  },
  actions: {
    persistToken: (_, _params: { token: string }) => {},
    removeToken: () => {},
    clearUserData: () => {},
    redirectToAuth: () => {},
    assignToken: assign((_, params: { token: string }) => ({ token: params.token, tokenAgeMs: 0 })),
    assignUser: assign((_, params: { user: UserSummary }) => ({ user: params.user })),
    assignCounters: assign((_, params: { counters: Counters }) => ({ counters: params.counters })),
    adjustNotifications: assign(({ context }, params: { delta: number }) => ({
      user: context.user && {
        ...context.user,
        notificationsCount: Math.max(0, context.user.notificationsCount + params.delta),
      },
    })),
    /** A count the gateway just gave (a list's count, a read change's answer) replaces the summary's older one. */
    setNotifications: assign(({ context }, params: { count: number }) => ({
      user: context.user && { ...context.user, notificationsCount: Math.max(0, params.count) },
    })),
    clearUser: assign({ user: null, counters: null }),
    clearSession: assign({ token: null, tokenAgeMs: 0, user: null, counters: null }),
    assignOnline: assign({ online: true }),
    assignOffline: assign({ online: false }),
  },
  guards: {
    hasStoredToken: ({ context }) => context.token !== null,
    isStoredTokenValid: ({ context }) => isTokenValid(context.token),
    isStoredTokenFresh: ({ context }) =>
      isTokenValid(context.token) && context.tokenAgeMs < TOKEN_REFRESH_THRESHOLD_MS,
    isValidToken: (_, params: { token: string }) => isTokenValid(params.token),
    /** A 401 for a token that was already replaced says nothing about the current one. */
    isCurrentToken: ({ context, event }) =>
      event.type === 'session.unauthorized' && event.token !== null && event.token === context.token,
  },
  delays: {
    tokenExpiry: ({ context }) => Math.max(0, TOKEN_REFRESH_THRESHOLD_MS - context.tokenAgeMs),
    countersCache: COUNTERS_CACHE_MS,
  },
}).createMachine({
  id: 'session',
  initial: 'restoring',
  context: ({ input }) => ({
    token: input.token,
    tokenAgeMs: input.tokenAgeMs,
    user: null,
    counters: null,
    online: input.online,
  }),
  on: {
    'session.online': { actions: 'assignOnline' },
    'session.offline': { actions: 'assignOffline' },
  },
  states: {
    restoring: {
      always: [
        { guard: 'isStoredTokenFresh', target: 'signedIn' },
        { guard: 'isStoredTokenValid', target: 'signedIn.token.expired' },
        // A stored token without exp or Secret is garbage: drop it rather than send it.
        { guard: 'hasStoredToken', target: 'anonymous', actions: ['clearSession', 'removeToken'] },
        { target: 'anonymous' },
      ],
    },
    anonymous: {
      tags: 'anonymous',
      on: {
        'session.signedIn': {
          guard: { type: 'isValidToken', params: ({ event }) => ({ token: event.token }) },
          target: 'signedIn',
          actions: [
            { type: 'assignToken', params: ({ event }) => ({ token: event.token }) },
            { type: 'persistToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
        'session.unauthorized': { actions: 'redirectToAuth' },
      },
    },
    signedIn: {
      type: 'parallel',
      tags: 'signedIn',
      on: {
        // Another account (or the same one again) signed in: start over with its token.
        'session.signedIn': {
          guard: { type: 'isValidToken', params: ({ event }) => ({ token: event.token }) },
          target: 'signedIn',
          reenter: true,
          actions: [
            'clearUser',
            { type: 'assignToken', params: ({ event }) => ({ token: event.token }) },
            { type: 'persistToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
        'session.retryRejected': { target: 'anonymous', actions: signOutLocally },
        'session.logout': { target: 'signingOut' },
        'session.adjustNotifications': {
          actions: { type: 'adjustNotifications', params: ({ event }) => ({ delta: event.delta }) },
        },
        'session.setNotifications': {
          actions: { type: 'setNotifications', params: ({ event }) => ({ count: event.count }) },
        },
      },
      states: {
        token: {
          initial: 'fresh',
          states: {
            fresh: {
              after: { tokenExpiry: { target: 'expired' } },
              on: { 'session.unauthorized': { guard: 'isCurrentToken', target: 'refreshing' } },
            },
            expired: {
              on: {
                'session.tokenNeeded': { target: 'refreshing' },
                'session.unauthorized': { guard: 'isCurrentToken', target: 'refreshing' },
              },
            },
            // No tokenNeeded/unauthorized here: concurrent requests wait for this one refresh.
            refreshing: {
              tags: 'refreshing',
              invoke: {
                id: 'refreshToken',
                src: 'refreshToken',
                input: ({ context }) => ({ token: context.token ?? '' }),
                onDone: [
                  {
                    guard: { type: 'isValidToken', params: ({ event }) => ({ token: event.output.accessToken }) },
                    target: 'fresh',
                    actions: [
                      { type: 'assignToken', params: ({ event }) => ({ token: event.output.accessToken }) },
                      { type: 'persistToken', params: ({ event }) => ({ token: event.output.accessToken }) },
                    ],
                  },
                  { target: '#session.anonymous', actions: signOutLocally },
                ],
                onError: { target: '#session.anonymous', actions: signOutLocally },
              },
            },
          },
        },
        user: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadUser',
                src: 'loadUser',
                onDone: { target: 'loaded', actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) } },
                onError: { target: 'failed' },
              },
            },
            loaded: { tags: 'userLoaded', on: { 'session.reloadUser': { target: 'reloading' } } },
            // The old summary stays on screen while the new one loads.
            reloading: {
              tags: 'userLoaded',
              invoke: {
                id: 'loadUser',
                src: 'loadUser',
                onDone: { target: 'loaded', actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) } },
                onError: { target: 'loaded' },
              },
            },
            failed: { on: { 'session.reloadUser': { target: 'loading' } } },
          },
        },
        counters: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadCounters',
                src: 'loadCounters',
                onDone: {
                  target: 'loaded',
                  actions: { type: 'assignCounters', params: ({ event }) => ({ counters: event.output }) },
                },
                // Counter failures are only logged; the menu keeps what it had.
                onError: { target: 'failed' },
              },
            },
            // The menu keeps showing the cached counters until the reload answers.
            loaded: {
              after: { countersCache: { target: 'loading' } },
              on: { 'session.refreshCounters': { target: 'loading' } },
            },
            failed: {
              after: { countersCache: { target: 'loading' } },
              on: { 'session.refreshCounters': { target: 'loading' } },
            },
          },
        },
      },
    },
    signingOut: {
      tags: 'signingOut',
      invoke: {
        id: 'terminateCurrentSession',
        src: 'terminateCurrentSession',
        // Whatever the gateway answers, the user asked to leave.
        onDone: { target: 'anonymous', actions: signOutLocally },
        onError: { target: 'anonymous', actions: signOutLocally },
      },
    },
  },
});
