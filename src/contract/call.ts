import type { Struct } from 'superstruct';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/**
 * Who may make a call: anyone, a signed-in user, the refresh call, which accepts
 * a token that has expired but whose session is still alive, the manufacturer's operator (`npm run ops`), or a
 * signed-in staff member of the manufacturer (whose token opens no other call, as a user's opens no staff call).
 */
export type CallAccess = 'anonymous' | 'user' | 'refresh' | 'operator' | 'staff';

/** Roles of the manufacturer's staff: the engineering check, the orders, the staff accounts and settings. */
export const STAFF_ROLES = ['engineer', 'manager', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** One gateway call, shared by the app (which validates responses) and the gateway (which validates requests). */
export interface CallDefinition<Body, Query, Response> {
  readonly method: HttpMethod;
  /** Path below `/api`, exactly as the product spec's list of calls names it. */
  readonly path: string;
  readonly access: CallAccess;
  /** A staff call: the roles that may make it (every role when absent). */
  readonly roles?: readonly StaffRole[];
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
