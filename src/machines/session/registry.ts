import { defineEntry, firstBroken } from '../shared/registry-entry';
import { SAMPLE_TOKEN } from '../shared/samples';
import { isTokenValid, TOKEN_REFRESH_THRESHOLD_MS } from '../shared/token';
import {
  SAMPLE_COUNTERS, SAMPLE_OTHER_TOKEN, SAMPLE_REFRESHED_TOKEN, SAMPLE_TOKEN_WITHOUT_SECRET, SAMPLE_USER,
} from './samples';
import { sessionMachine } from './session';

// Registry entry of the session machine; src/machines/index.ts lists it with the rest.

export const session = defineEntry({
  machine: sessionMachine,
  title: { ru: 'Сессия', en: 'Session' },
  screen: '*',
  input: { token: SAMPLE_TOKEN, tokenAgeMs: 0, online: true },
  extraInputs: [
    { token: SAMPLE_TOKEN, tokenAgeMs: TOKEN_REFRESH_THRESHOLD_MS + 1, online: true },
    { token: SAMPLE_TOKEN_WITHOUT_SECRET, tokenAgeMs: 0, online: true },
    { token: null, tokenAgeMs: 0, online: false },
  ],
  events: [
    { type: 'session.signedIn', token: SAMPLE_OTHER_TOKEN },
    { type: 'session.signedIn', token: SAMPLE_TOKEN_WITHOUT_SECRET },
    { type: 'session.tokenNeeded' },
    { type: 'session.unauthorized', token: SAMPLE_TOKEN },
    { type: 'session.unauthorized', token: SAMPLE_REFRESHED_TOKEN },
    { type: 'session.unauthorized', token: null },
    { type: 'session.retryRejected' },
    { type: 'session.logout' },
    { type: 'session.refreshCounters' },
    { type: 'session.reloadUser' },
    { type: 'session.adjustNotifications', delta: -1 },
    { type: 'session.adjustNotifications', delta: 1 },
    { type: 'session.setNotifications', count: 6 },
    { type: 'session.online' },
    { type: 'session.offline' },
  ],
  actorOutputs: {
    refreshToken: [{ accessToken: SAMPLE_REFRESHED_TOKEN }, { accessToken: 'not-a-jwt' }],
    loadUser: [SAMPLE_USER],
    loadCounters: [SAMPLE_COUNTERS],
    terminateCurrentSession: [{ ok: true }],
  },
  graphContext: (context) => context.token,
  invariants: (snapshot) => {
    const { token, user } = snapshot.context;
    return firstBroken([
      [!snapshot.hasTag('signedIn') || isTokenValid(token), 'signed in implies a valid token'],
      [!snapshot.hasTag('refreshing') || token !== null, 'refreshing implies a token to refresh'],
      [!snapshot.hasTag('anonymous') || (token === null && user === null), 'anonymous holds no token and no user'],
      [!snapshot.hasTag('userLoaded') || user !== null, 'userLoaded implies a user'],
      [user === null || user.notificationsCount >= 0, 'the unread count is never below 0'],
    ]);
  },
});
