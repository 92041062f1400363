import { ApiError, apiAuth } from './api';
import { t } from './i18n';

/** What one attempt answered: its HTTP status and whatever the caller made of the body. */
export interface Attempt<T> {
  status: number;
  value: T;
}

/**
 * Runs a request `callApi` cannot make (an upload with progress, a picture as a blob) with the session's token,
 * under the same rules: a fresh token first, and on a 401 one refresh and one retry.
 */
export async function withSessionToken<T>(send: (token: string) => Promise<Attempt<T>>): Promise<Attempt<T>> {
  const auth = apiAuth();
  const token = await auth.getFreshToken();
  if (!token) {
    auth.onUnauthorized(null);
    throw new ApiError(401, t('errors.unauthorized'), undefined, 'signed_out');
  }
  const first = await send(token);
  if (first.status !== 401) return first;
  auth.onUnauthorized(token);
  const fresh = await auth.getFreshToken();
  // The refresh failed: the session has signed out and sent the user to /auth already.
  if (!fresh) return first;
  const retry = await send(fresh);
  if (retry.status === 401) auth.onRetryRejected();
  return retry;
}
