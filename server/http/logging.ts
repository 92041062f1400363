import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { hostname } from 'node:os';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { isBuiltAsset } from './security-headers';

/** Fields that hold a secret wherever they appear: a password, a token or a key. */
const SECRET_FIELDS = ['password', 'newPassword', 'oldPassword', 'token', 'refreshToken', 'accessToken', 'secret', 'operatorKey'];
/** Secrets only inside a request's body or input: `code` and `key` elsewhere are an error's code or a bucket's key. */
const SECRET_INPUT_FIELDS = [...SECRET_FIELDS, 'code', 'key'];

/**
 * Every place a secret could reach a log line through an object: request and response headers (a future serializer
 * or a `log.info({ headers })`), bodies and inputs logged with an error. Censored, not removed, so a reader sees
 * that the field was there.
 */
const REDACTED_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]',
  'headers.authorization', 'headers.cookie', 'headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
  ...SECRET_INPUT_FIELDS.flatMap((field) => [`body.${field}`, `input.${field}`, `query.${field}`, `*.body.${field}`]),
];

const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_INPUT_FIELDS.join('|')})=)[^&#]*`, 'gi');

/** The URL as logged: the streaming socket signs in by `?token=`, and no query secret may reach a log line. */
export const redactUrl = (url: string | undefined): string => (url ?? '').replace(SECRET_QUERY, '$1[redacted]');

/** A request id a client or proxy may choose: short, and nothing a log reader could mistake for structure. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Ids are random UUIDs, so two gateways never hand out the same one (Fastify's default counts from 1 in each
 * process); a proxy's own `X-Request-Id` is kept when it is a sane token, so one id follows a request through both.
 */
export function genReqId(request: IncomingMessage): string {
  const offered = request.headers['x-request-id'];
  return typeof offered === 'string' && SANE_REQUEST_ID.test(offered) ? offered : randomUUID();
}

/** A failed query's error repeats its parameters (drizzle: "Failed query: …\nparams: …"): a code or a hash among them. */
const redactParams = (text: string): string => text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');

interface LoggedError { [key: string]: unknown; type: string; message: string; stack: string }

/** Pino's error shape (type, message, stack, code, cause), with query parameters masked. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactParams(String(error)), stack: '' };
  const { code, statusCode } = error as Error & { code?: unknown; statusCode?: unknown };
  return {
    type: error.name, message: redactParams(error.message), stack: redactParams(error.stack ?? ''), code, statusCode,
    ...(error.cause !== undefined && depth < 5 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

/** Pino options: JSON lines (pino's own format), secrets censored, the URL's query secrets masked. */
export function loggerOptions(level: string): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      err: (error: unknown) => serializeError(error),
      req: (request: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

/** The answer names its request id, so a user's report or a proxy's log finds the gateway's lines. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    // The app's built files are logged by nobody's report: their answers stay small (headers go uncompressed).
    if (isBuiltAsset(request.url)) return;
    void reply.header('x-request-id', request.id);
  });
}

/**
 * A line the process writes before (or without) its Fastify logger: the start banner and a refusal to start. In
 * production these are JSON in pino's shape, so a log collector parses every line; in demo they stay text for a person.
 */
export function printStartupLine(production: boolean, level: 'info' | 'error', message: string): void {
  if (!production) {
    (level === 'error' ? console.error : console.log)(message);
    return;
  }
  const line = { level: level === 'error' ? 50 : 30, time: Date.now(), pid: process.pid, hostname: hostname(), msg: message };
  (level === 'error' ? console.error : console.log)(JSON.stringify(line));
}
