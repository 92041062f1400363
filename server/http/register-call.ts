import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validate } from 'superstruct';
import { API_BASE, type CallDefinition } from '../../src/contract/call';
import type { GatewayContext } from '../context';
import type { AuthContext, StaffAuth } from './callers';
import { ApiError } from './errors';
import { pickLang, type Lang } from './messages';
import { validateInput } from './validation';

export interface CallInput<Body, Query> {
  body: Body;
  query: Query;
  /** The signed-in session; null for anonymous, operator and staff calls. */
  auth: AuthContext | null;
  /** The staff member's session; set for staff calls only. */
  staff: StaffAuth | null;
  lang: Lang;
  ip: string;
  userAgent: string;
  request: FastifyRequest;
  /** For headers of a successful answer (cookies); the handler's result is still what is sent. */
  reply: FastifyReply;
}

export interface CallOptions<Body, Query> {
  /** Key of the login, phone, e-mail or process the attempt is counted against (spec of the limited calls). */
  rateLimitKey?: (input: CallInput<Body, Query>) => string;
  /** Bytes this call's body may take instead of the gateway-wide limit (avatars need more). */
  bodyLimit?: number;
  /** Reference data: the answer carries an ETag and a repeated ask with it is answered 304 (etag.ts). */
  reference?: boolean;
}

type Handler<Body, Query, Response> = (input: CallInput<Body, Query>) => Promise<Response>;

/** For handlers of 'user' and 'refresh' calls, where registerCall has already authenticated. */
export function signedIn(input: { auth: AuthContext | null }): AuthContext {
  if (!input.auth) throw new Error('signedIn() used in an anonymous call');
  return input.auth;
}

/** For handlers of 'staff' calls, where registerCall has already authenticated the member and checked the role. */
export function staffOf(input: { staff: StaffAuth | null }): StaffAuth {
  if (!input.staff) throw new Error('staffOf() used outside a staff call');
  return input.staff;
}

/** The calls each gateway serves, in the order registered: the API document (server/api-docs) is made from them. */
const servedCalls = new WeakMap<GatewayContext, CallDefinition<unknown, unknown, unknown>[]>();

export const callsServedBy = (ctx: GatewayContext): readonly CallDefinition<unknown, unknown, unknown>[] => servedCalls.get(ctx) ?? [];

/**
 * Registers one contract call: access check, input validation with the contract's struct, optional rate limit,
 * the handler, and outside production a check of the answer against the contract (a mismatch is a bug → 500).
 */
export function registerCall<Body, Query, Response>(
  app: FastifyInstance,
  ctx: GatewayContext,
  call: CallDefinition<Body, Query, Response>,
  handler: Handler<Body, Query, Response>,
  options: CallOptions<Body, Query> = {},
): void {
  const served = servedCalls.get(ctx) ?? [];
  served.push(call as CallDefinition<unknown, unknown, unknown>);
  servedCalls.set(ctx, served);
  app.route({
    method: call.method,
    url: `${API_BASE}${call.path}`,
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    config: { reference: options.reference === true },
    handler: async (request, reply) => {
      const header = request.headers.authorization;
      const { guards } = ctx;
      const staff = call.access === 'staff' ? await guards.authenticateStaff(ctx, header, call.roles) : null;
      const auth = call.access === 'anonymous' || call.access === 'staff' ? null
        : call.access === 'operator' ? await guards.requireOperator(ctx, header) : await guards.authenticate(ctx, header, call.access);
      const body = (call.body ? validateInput(request.body ?? undefined, call.body, 'body') : undefined) as Body;
      const query = (call.query ? validateInput({ ...(request.query as object) }, call.query, 'query') : undefined) as Query;
      const input: CallInput<Body, Query> = {
        body, query, auth, staff, request, reply, ip: request.ip,
        lang: pickLang(request.headers['accept-language']),
        userAgent: (request.headers['user-agent'] ?? '').slice(0, 256),
      };
      if (options.rateLimitKey) await guards.enforceRateLimit(ctx, call.path, options.rateLimitKey(input), input.ip);
      const result = await handler(input);
      if (ctx.config.validateResponses) {
        const [failure] = validate(result, call.response);
        if (failure) {
          request.log.error({ path: call.path, failure: failure.message, at: failure.path }, 'response breaks the contract');
          throw new ApiError(500, 'internal', {}, { code: 'contract_violation' });
        }
      }
      return reply.header('cache-control', 'no-store').send(result);
    },
  });
}
