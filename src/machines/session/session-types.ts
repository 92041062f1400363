import type { Counters } from '../../contract/counters';
import type { UserSummary } from '../../contract/user';

/** What the session service reads from storage before the actor starts. */
export interface SessionInput {
  token: string | null;
  /** How long ago the token was stored; the service computes it so the machine needs no clock. */
  tokenAgeMs: number;
  online: boolean;
}

export interface SessionContext {
  token: string | null;
  /** Age of the token when the current `fresh` period began: 0 after sign-in or refresh. */
  tokenAgeMs: number;
  user: UserSummary | null;
  counters: Counters | null;
  online: boolean;
}

export type SessionEvent =
  | { type: 'session.signedIn'; token: string }
  | { type: 'session.tokenNeeded' }
  | { type: 'session.unauthorized'; token: string | null }
  | { type: 'session.retryRejected' }
  | { type: 'session.logout' }
  | { type: 'session.refreshCounters' }
  | { type: 'session.reloadUser' }
  /** The notifications popup changed a read state: the badge follows at once, the next user reload confirms it. */
  | { type: 'session.adjustNotifications'; delta: number }
  | { type: 'session.setNotifications'; count: number }
  | { type: 'session.online' }
  | { type: 'session.offline' };

export type SessionTag = 'signedIn' | 'anonymous' | 'refreshing' | 'userLoaded' | 'signingOut';
