import type { Struct } from 'superstruct';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/**
 * Who may make a call: anyone, a signed-in user, the refresh call, which accepts
 * a token that has expired but whose session is still alive, or the manufacturer's operator (`npm run ops`).
 */
export type CallAccess = 'anonymous' | 'user' | 'refresh' | 'operator';

/** One gateway call, shared by the app (which validates responses) and the gateway (which validates requests). */
export interface CallDefinition<Body, Query, Response> {
  readonly method: HttpMethod;
  /** Path below `/api`, exactly as spec section 7 names it. */
  readonly path: string;
  readonly access: CallAccess;
  readonly body?: Struct<Body, unknown>;
  readonly query?: Struct<Query, unknown>;
  readonly response: Struct<Response, unknown>;
}

export function defineCall<Body = undefined, Query = undefined, Response = unknown>(
  definition: CallDefinition<Body, Query, Response>,
): CallDefinition<Body, Query, Response> {
  return definition;
}

export const API_BASE = '/api';
