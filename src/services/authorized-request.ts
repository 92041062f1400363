import { ApiError, withFreshToken } from './api';

/** What one attempt answered: its HTTP status and whatever the caller made of the body. */
export interface Attempt<T> {
  status: number;
  value: T;
}

/** A 401 attempt carried through the session's retry rule as the error that rule recognises. */
class UnauthorizedAttempt<T> extends ApiError {
  constructor(readonly attempt: Attempt<T>) {
    super(401, 'unauthorized');
  }
}

/**
 * Runs a request `callApi` cannot make (an upload with progress, a picture as a blob) under the session's rule of
 * `withFreshToken`; a request that stays 401 answers with that last attempt rather than throwing.
 */
export async function withSessionToken<T>(send: (token: string) => Promise<Attempt<T>>): Promise<Attempt<T>> {
  try {
    return await withFreshToken(async (token) => {
      const attempt = await send(token);
      if (attempt.status === 401) throw new UnauthorizedAttempt(attempt);
      return attempt;
    });
  } catch (error) {
    if (error instanceof UnauthorizedAttempt) return (error as UnauthorizedAttempt<T>).attempt;
    throw error;
  }
}
