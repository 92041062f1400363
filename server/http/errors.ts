import { translate, typeNames, type Lang, type MessageKey } from './messages';

type Params = Record<string, string | number>;

/** An answer the gateway means to give: status, message key (translated per request) and the field at fault. */
export class ApiError extends Error {
  readonly field: string | undefined;
  readonly code: string | undefined;
  /** More members of the error body, for answers the app acts on (e.g. the existing client's id). */
  readonly data: Record<string, string | number | readonly Record<string, string>[]>;
  /** Sent as `Retry-After`: whole seconds until the refused call can succeed. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params: Params = {},
    extra: {
      field?: string; code?: string; data?: Record<string, string | number | readonly Record<string, string>[]>;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(key);
    this.field = extra.field;
    this.code = extra.code;
    this.data = extra.data ?? {};
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }

  body(lang: Lang): { error: string; field?: string; code?: string } {
    const params = { ...this.params };
    if (typeof params.expected === 'string') params.expected = typeNames[lang][params.expected] ?? params.expected;
    const answer: { error: string; field?: string; code?: string } = { error: translate(lang, this.key, params) };
    if (this.field !== undefined) answer.field = this.field;
    if (this.code !== undefined) answer.code = this.code;
    return { ...this.data, ...answer };
  }
}

/** Whole seconds from `now` until `at`, rounded up and at least 1: what `Retry-After` may say. */
export const secondsUntil = (at: Date | number, now: Date): number =>
  Math.max(1, Math.ceil((new Date(at).getTime() - now.getTime()) / 1000));

/** A 429: every one names when to come back, in `Retry-After` (docs/decisions.md "Retry-After on every 429"). */
export const tooManyRequests = (key: MessageKey, retryAfterSeconds: number, params: Params = {}, extra: { field?: string; code?: string } = {}) =>
  new ApiError(429, key, params, { ...extra, retryAfterSeconds });

export const unauthorized = (key: MessageKey = 'tokenInvalid') => new ApiError(401, key, {}, { code: 'unauthorized' });

/** Name of the unique index a PostgreSQL error (possibly wrapped by Drizzle) violated; null for other errors. */
export function uniqueViolation(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const { code, constraint, cause } = error as { code?: unknown; constraint?: unknown; cause?: unknown };
  if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  return cause !== undefined && cause !== error ? uniqueViolation(cause) : null;
}
