import type { $Fetch, FetchError } from 'ofetch';
import { StructError, create } from 'superstruct';
import { API_BASE, type CallDefinition } from '../contract/call';
import { getLocale, t } from './i18n';

/** What a failed call tells its caller; `message` is the gateway's text, ready to show. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Supplied by the session service; kept as a registration so this module never imports the session (no cycle). */
export interface ApiAuth {
  /** A token that is not expired, refreshing first when needed; null when signed out. */
  getFreshToken(): Promise<string | null>;
  currentToken(): string | null;
  /** A 401 for this token (null: a user call without any token, which the product spec's route guards send to /auth). */
  onUnauthorized(token: string | null): void;
  onRetryRejected(): void;
}

const signedOut: ApiAuth = {
  getFreshToken: () => Promise.resolve(null),
  currentToken: () => null,
  onUnauthorized: () => undefined,
  onRetryRejected: () => undefined,
};
let auth: ApiAuth = signedOut;

export function configureApiAuth(next: ApiAuth | null): void {
  auth = next ?? signedOut;
}

/** The same token handling for requests `callApi` cannot make (uploads with progress, pictures). */
export const apiAuth = (): ApiAuth => auth;

export interface CallOptions<Body, Query> {
  body?: Body;
  query?: Query;
  signal?: AbortSignal;
  /** Overrides the session's token: the refresh actor passes the token it refreshes. */
  token?: string;
  /** Further request headers (the instant quote's key). */
  headers?: Record<string, string>;
}

let client: Promise<$Fetch> | undefined;

/**
 * ofetch arrives with the first call (or the first key press or click, see `warmUpApiClient`): a first visit
 * to /auth sends no request until the form is submitted, so it need not carry the client.
 * ofetch retries some statuses by itself; the only retry we want is the one after a refresh.
 */
function loadClient(): Promise<$Fetch> {
  client ??= import('ofetch').then(
    ({ ofetch }) => ofetch.create({ baseURL: API_BASE, retry: 0 }),
    (error: unknown) => {
      // Offline while the chunk loads: the call fails as a network error and the next one tries again.
      client = undefined;
      throw error;
    },
  );
  return client;
}

export function warmUpApiClient(): void {
  void loadClient();
}

const isFetchError = (error: unknown): error is FetchError => error instanceof Error && error.name === 'FetchError';

function errorBody(data: unknown): { error?: string; field?: string; code?: string } {
  if (typeof data !== 'object' || data === null) return {};
  const { error, field, code } = data as Record<string, unknown>;
  return {
    error: typeof error === 'string' ? error : undefined,
    field: typeof field === 'string' ? field : undefined,
    code: typeof code === 'string' ? code : undefined,
  };
}

function toApiError(error: unknown, path: string): unknown {
  if (error instanceof ApiError) return error;
  if (isFetchError(error) && error.response) {
    const body = errorBody(error.data);
    return new ApiError(error.response.status, body.error ?? t('errors.generic'), body.field, body.code);
  }
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  if (isFetchError(error) && error.cause instanceof DOMException && error.cause.name === 'AbortError') return error.cause;
  // A network error without a response is only logged; the caller gets a generic message.
  console.error(`[api] ${path}: no response`, error);
  return new ApiError(0, t('errors.network'), undefined, 'network');
}

/** Set once the page starts to unload (reload, navigation away); a page back from the back-forward cache lives again. */
let pageLeaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => { pageLeaving = true; });
  window.addEventListener('pageshow', () => { pageLeaving = false; });
}

/**
 * A gateway at its limit answers 503 `busy` before running the call, so sending it again is safe, writes included:
 * after the pause it asks for (Retry-After, 1 s by default), stretched a little so a crowd of shed calls does not
 * come back at the same instant. After three tries the user sees the gateway's message.
 */
const BUSY_RETRIES = 3;
const BUSY_PAUSE_CAP_MS = 5000;

function busyPauseMs(error: unknown): number | null {
  if (!isFetchError(error) || error.response?.status !== 503 || errorBody(error.data).code !== 'busy') return null;
  const seconds = Number(error.response.headers.get('retry-after'));
  const pauseMs = Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, BUSY_PAUSE_CAP_MS) : 1000;
  return pauseMs * (1 + Math.random() / 2);
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => {
      clearTimeout(timer);
      reject(new DOMException('The call was aborted while it waited to be sent again', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    if (signal?.aborted) aborted();
    else signal?.addEventListener('abort', aborted, { once: true });
  });
}

/** One request with this token or none, nothing else: the staff client (services/staff/staff-api.ts) sends through it too. */
export async function sendCall<Body, Query, Response>(
  call: CallDefinition<Body, Query, Response>,
  options: CallOptions<Body, Query>,
  token: string | null,
): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, 'Accept-Language': getLocale() };
  if (token) headers.Authorization = `Bearer ${token}`;
  let data: unknown;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const fetcher = await loadClient();
      data = await fetcher(call.path, {
        method: call.method,
        headers,
        body: options.body === undefined ? undefined : (options.body as Record<string, unknown>),
        query: options.query === undefined ? undefined : (options.query as Record<string, unknown>),
        signal: options.signal,
      });
      break;
    } catch (error) {
      // A request the browser cut because the page is leaving has no answer to act on: a refresh taken as failed would
      // sign out and delete the token the next page needs (the gateway may already have rotated it).
      if (pageLeaving) await new Promise<never>(() => undefined);
      const pauseMs = attempt <= BUSY_RETRIES ? busyPauseMs(error) : null;
      if (pauseMs === null) throw toApiError(error, call.path);
      await pause(pauseMs, options.signal);
    }
  }
  try {
    return create(data, call.response);
  } catch (error) {
    if (!(error instanceof StructError)) throw error;
    console.error(`[api] ${call.path}: unexpected response`, error.message);
    throw new ApiError(200, t('errors.badResponse'), error.path.join('.') || undefined, 'invalid_response');
  }
}

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * The session's rule for a signed-in request, whatever makes it (a contract call, an upload, a picture): a fresh
 * token first; a 401 (an ApiError with status 401) refreshes once and retries once; a second 401 signs out.
 */
export async function withFreshToken<T>(send: (token: string) => Promise<T>, givenToken?: string): Promise<T> {
  const token = givenToken ?? (await auth.getFreshToken());
  if (!token) {
    auth.onUnauthorized(null);
    throw new ApiError(401, t('errors.unauthorized'), undefined, 'signed_out');
  }
  try {
    return await send(token);
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
    auth.onUnauthorized(token);
    const fresh = await auth.getFreshToken();
    // The refresh failed: the session has already signed out and sent the user to /auth.
    if (!fresh) throw error;
    try {
      return await send(fresh);
    } catch (retryError) {
      if (isUnauthorized(retryError)) auth.onRetryRejected();
      throw retryError;
    }
  }
}

/** Calls the gateway as the contract describes; a 'user' call refreshes once on 401 and retries once. */
export async function callApi<Body, Query, Response>(
  call: CallDefinition<Body, Query, Response>,
  options: CallOptions<Body, Query> = {},
): Promise<Response> {
  // A customer's token never goes to a staff call: those go through the staff client with the staff token.
  if (call.access === 'staff') throw new Error(`[api] ${call.path} is a staff call`);
  if (call.access === 'anonymous') return sendCall(call, options, null);
  if (call.access === 'refresh') return sendCall(call, options, options.token ?? auth.currentToken());

  return withFreshToken((token) => sendCall(call, options, token), options.token);
}

/** A call that takes a body, as a function of that body (the form listCallsOf takes a list's two calls in). */
export const sendingBody = <Body, Response>(call: CallDefinition<Body, undefined, Response>) =>
  (body: Body, signal?: AbortSignal): Promise<Response> => callApi(call, { body, signal });
