import { setTimeout as sleep } from 'node:timers/promises';
import type { GatewayContext } from '../context';
import { addressBucket, hit, peek, spend } from './rate-limit';

/**
 * Who may try a password, and how fast (docs/decisions.md "Spec payloads and sign-in abuse"). Nothing here refuses
 * a login for everyone: an attacker's failures slow every unknown device down, but refuse only the attacker's own
 * address, and a browser that signed in to the account before skips them all.
 */
export interface LoginAttempt {
  /** The call whose attempts are counted (Login, GetStrangerToken). */
  call: string;
  /** The login as the user is looked up by (lower-cased e-mail, normalised phone). */
  login: string;
  ip: string;
  /** From server/auth/devices.ts: set when this browser signed in to the account before. */
  knownDevice: string | null;
}

/** Failures on a login before its answers start to slow down: a person mistyping is not held up. */
const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 250;

/** No pause for the first failures, then 250 ms doubling with each further failure, up to the configured maximum. */
export const loginDelayMs = (failures: number, maxMs: number): number =>
  failures < FREE_FAILURES ? 0 : Math.min(maxMs, FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES));

const failuresKey = (attempt: LoginAttempt) => `${attempt.call}:failures:${attempt.login}`;
const deviceKey = (attempt: LoginAttempt) => `${attempt.call}:device:${attempt.knownDevice ?? ''}`;

/**
 * Lets the attempt through or answers 429. A known device is let through at once while its own failures stay
 * under the per-login limit (a stolen note buys no more than that). Any other attempt counts against its address
 * (all limited calls) and against this login from this address, and then waits for as long as the login's
 * failures from everywhere say.
 */
export async function admitLogin(ctx: GatewayContext, attempt: LoginAttempt): Promise<void> {
  const { perLogin, windowSeconds, loginDelayMaxMs } = ctx.config.rateLimits;
  if (attempt.knownDevice !== null && (await peek(ctx, deviceKey(attempt), windowSeconds)) < perLogin) return;
  await spend(ctx, [
    addressBucket(ctx, attempt.ip),
    { key: `${attempt.call}:${attempt.login}|${attempt.ip}`, limit: perLogin, windowSeconds },
  ]);
  const delay = loginDelayMs(await peek(ctx, failuresKey(attempt), windowSeconds), loginDelayMaxMs);
  if (delay > 0) await sleep(delay);
}

/** A wrong password: counted for the login from everywhere, and for the device when it was a known one. */
export async function recordLoginFailure(ctx: GatewayContext, attempt: LoginAttempt): Promise<void> {
  const { windowSeconds } = ctx.config.rateLimits;
  await hit(ctx, failuresKey(attempt), windowSeconds);
  if (attempt.knownDevice !== null) await hit(ctx, deviceKey(attempt), windowSeconds);
}
