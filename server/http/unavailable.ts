import { ApiError } from './errors';

/**
 * Errors that say the database is away (a restart, a cut connection, a server refusing connections while it starts
 * or stops) rather than that the request is wrong: they answer 503 and the call can be retried, never 500.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections; class 08: connection exceptions. */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres and pg-pool say these in words, without a code; PGlite says the last one once it is closed. */
const MESSAGES = [
  'Connection terminated', 'Client has encountered a connection error', 'Client was closed and is not queryable',
  'timeout exceeded when trying to connect', 'Cannot use a pool after calling end', 'PGlite is closed',
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof message === 'string' && MESSAGES.some((words) => message.includes(words))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause, depth + 1);
}

export const databaseUnavailable = () => new ApiError(503, 'databaseUnavailable', {}, { code: 'database_unavailable' });
