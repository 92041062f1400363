import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Signed in means holding a valid token, fresh or expired-but-refreshable. */
export const isSignedIn = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('signedIn');
export const isRefreshing = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('refreshing');
export const isUserLoaded = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('userLoaded');
export const currentToken = (snapshot: SessionSnapshot): string | null => snapshot.context.token;
/** The api client may use the token without refreshing first. */
export const isTokenFresh = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches({ signedIn: { token: 'fresh' } });
/** The header badge: unread notifications of the loaded user, 0 before the summary arrives. */
export const unreadNotificationsCount = (snapshot: SessionSnapshot): number =>
  snapshot.context.user?.notificationsCount ?? 0;
/** Counters are on their way (first load or a reload after 180 s / refresh-counters). */
export const areCountersLoading = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches({ signedIn: { counters: 'loading' } });
