import type { StaffRole } from '../../src/contract/call';
import type { Gateway } from '../../server/app';
import { base32Decode, totpAt } from '../../server/staff/totp';
import { call, type CallResult, type Clock } from './helpers';

/** Staff members for the gateway tests: created, set up, enrolled and signed in through the calls, codes worked out here. */

export const OPERATOR_KEY = 'test-operator-key-for-the-staff-tests-only';
export const STAFF_PASSWORD = 'staff-password-12345';

export interface StaffPerson { id: number; email: string; role: StaffRole; secret: string; token: string }

export const staffCall = (gateway: Gateway, path: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
  call(gateway, 'POST', path, { body, ...(token ? { token } : {}), headers });

export const operatorCall = (gateway: Gateway, path: string, body: unknown) =>
  call(gateway, 'POST', path, { body, headers: { authorization: `Operator ${OPERATOR_KEY}` } });

/** The code an authenticator app shows now for `secret` (base32), as the gateway's clock reads now. */
export const codeOf = (secret: string, clock: Clock, offsetSeconds = 0) =>
  totpAt(base32Decode(secret), new Date(clock.now().getTime() + offsetSeconds * 1000));

export const setupTokenOf = (answer: CallResult): string => {
  const url = answer.json.setupUrl;
  if (typeof url !== 'string') throw new Error(`no set-up link: ${answer.status} ${JSON.stringify(answer.body)}`);
  return url.slice(url.indexOf('#token=') + '#token='.length);
};

function ok(answer: CallResult, what: string): Record<string, unknown> {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.json;
}

/** The password step and then the code step (the clock moves on a step first, as a used code is not taken again). */
export async function staffSignIn(gateway: Gateway, clock: Clock, email: string, secret: string): Promise<string> {
  clock.advance(30);
  const started = ok(await staffCall(gateway, '/staff/auth/SignIn', { email, password: STAFF_PASSWORD }), 'SignIn');
  const confirmed = ok(await staffCall(gateway, '/staff/auth/ConfirmCode', { challengeId: started.challengeId, code: codeOf(secret, clock) }), 'ConfirmCode');
  return String(confirmed.token);
}

/**
 * A member made by `by` (an admin's token) or by the command line's operator call, who sets the password with the
 * link, enrols with the secret the first sign-in gives and ends up signed in.
 */
export async function enrolledStaff(
  gateway: Gateway, clock: Clock, email: string, role: StaffRole, by: string | 'cli', name = `Сотрудник ${role}`,
): Promise<StaffPerson> {
  const body = { email, name, role };
  const created = by === 'cli' ? await operatorCall(gateway, '/ops/staff/Create', body) : await staffCall(gateway, '/staff/members/Create', body, by);
  const member = ok(created, 'Create').member as { id: number };
  ok(await staffCall(gateway, '/staff/auth/SetUp', { setupToken: setupTokenOf(created), password: STAFF_PASSWORD }), 'SetUp');
  clock.advance(30);
  const started = ok(await staffCall(gateway, '/staff/auth/SignIn', { email, password: STAFF_PASSWORD }), 'SignIn');
  const secret = String(started.secret);
  const confirmed = ok(await staffCall(gateway, '/staff/auth/ConfirmCode', { challengeId: started.challengeId, code: codeOf(secret, clock) }), 'ConfirmCode');
  return { id: member.id, email, role, secret, token: String(confirmed.token) };
}
