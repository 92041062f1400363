import type { LightMyRequestResponse } from 'fastify';
import { createGateway, type Gateway, type GatewayOptions } from '../../server/app';
import { migratedDatabase } from './migrated-database';

/** A clock the tests move forward; every gateway timestamp and token expiry reads it. */
export function createClock(start = new Date('2025-09-01T09:00:00Z')) {
  let offsetMs = 0;
  return {
    now: () => new Date(start.getTime() + offsetMs),
    advance(seconds: number) {
      offsetMs += seconds * 1000;
    },
  };
}

export type Clock = ReturnType<typeof createClock>;

/**
 * One in-memory gateway per test file: limits high enough that only the rate-limit tests meet them. It starts from a
 * migrated copy of the empty database rather than running initdb and the migrations again (seconds per gateway).
 */
/** Port 9 (discard) is closed on a test machine: a connection there is refused at once. */
const UNREACHABLE_SMTP = 'smtp://127.0.0.1:9';
const UNREACHABLE_SMS = 'http://127.0.0.1:9/v2/';

export async function startGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const gateway = await createGateway({
    dataDir: 'memory://',
    memoryStart: await migratedDatabase(),
    logger: false,
    staticDir: null,
    production: false,
    jwtSecret: 'test-secret-for-the-gateway-tests-only',
    rateLimits: { perLogin: 100_000, perAddress: 1_000_000 },
    // Production starts only with an operator key, an SMS provider and a mail server given (server/config.ts). Tests
    // of other things name addresses where nothing listens: their messages wait in the outbox, retried.
    ...(options.production ? {
      operatorKey: 'test-operator-key-for-the-gateway-tests-only', smtpUrl: UNREACHABLE_SMTP,
      delivery: { sms: { name: 'smsaero' as const, login: 'nobody@example.ru', apiKey: 'none', sender: 'PCB Portal', url: UNREACHABLE_SMS } },
    } : {}),
    ...options,
  });
  // As a balancer would: tests start once /api/ready would answer 200 (server/health/warm-up.ts), unless they hold it.
  if (!options.warmUpGate) await gateway.warmedUp;
  return gateway;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  lang?: 'ru' | 'en';
  headers?: Record<string, string>;
  rawBody?: string;
}

export interface CallResult {
  status: number;
  body: unknown;
  json: Record<string, unknown>;
  response: LightMyRequestResponse;
}

type Method = 'GET' | 'POST' | 'DELETE';

export async function call(gateway: Gateway, method: Method, url: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lang) headers['accept-language'] = options.lang;
  const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const response = await gateway.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload }) });
  let body: unknown = null;
  try {
    body = response.body ? JSON.parse(response.body) : null;
  } catch {
    body = response.body;
  }
  const json = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  return { status: response.statusCode, body, json, response };
}

export const post = (gateway: Gateway, url: string, body?: unknown, options: CallOptions = {}) =>
  call(gateway, 'POST', url, { ...options, body });
export const get = (gateway: Gateway, url: string, token?: string, options: CallOptions = {}) =>
  call(gateway, 'GET', url, { ...options, ...(token ? { token } : {}) });

export const DEMO = { email: 'demo@example.ru', phone: '+79990000000', password: 'demo12345' };
export const DEMO_2FA = { email: 'demo2fa@example.ru', phone: '+79990000001', password: 'demo12345' };

export async function login(gateway: Gateway, loginName = DEMO.email, password = DEMO.password): Promise<string> {
  const answer = await post(gateway, '/Authentification/Login', { fingerprint: 'test', login: loginName, password });
  const token = answer.json.accessToken;
  if (answer.status !== 200 || typeof token !== 'string') throw new Error(`login failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return token;
}

interface OutboxItem { id: number; channel: string; recipient: string; code: string | null; body: string; subject: string }

export async function outbox(gateway: Gateway): Promise<OutboxItem[]> {
  const answer = await get(gateway, '/dev/outbox');
  if (answer.status !== 200) throw new Error(`outbox: ${answer.status}`);
  return answer.body as OutboxItem[];
}

/** The newest code delivered to `recipient`. */
export async function lastCode(gateway: Gateway, recipient: string): Promise<string> {
  const message = (await outbox(gateway)).find((item) => item.recipient === recipient);
  if (!message?.code) throw new Error(`no code for ${recipient}`);
  return message.code;
}

/** A code guaranteed to differ from `code`, with the same length. */
export const wrongCode = (code: string) => code.split('').map((digit) => String((Number(digit) + 1) % 10)).join('');

export function decodeToken(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A throw-away account straight in the database, for tests that change passwords or end sessions. */
export async function createUser(gateway: Gateway, email: string, phone: string, password = 'password-123'): Promise<number> {
  const [{ hashPassword }, { users }] = await Promise.all([import('../../server/auth/crypto'), import('../../server/db/schema')]);
  const [row] = await gateway.db.insert(users)
    .values({ email, phone, passwordHash: await hashPassword(password), firstName: 'Тест', lastName: 'Тестов', isFilled: true })
    .returning({ id: users.id });
  if (!row) throw new Error('user not created');
  return row.id;
}

/** A contract call with its body and query as an authz table row gives them, as `token`'s user (none: anonymous). */
export function callContract(
  gateway: Gateway,
  contract: { method: Method; path: string },
  input: { body?: unknown; query?: Record<string, string | number> },
  token: string | undefined,
): Promise<CallResult> {
  const { body, query } = input;
  const search = query ? `?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}` : '';
  return call(gateway, contract.method, `${contract.path}${search}`, { ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) });
}
