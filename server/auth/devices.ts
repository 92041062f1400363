import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context';
import { isSecureOrigin, readCookie, setCookie } from '../http/cookies';
import { randomSecret } from './crypto';

/**
 * A browser that has signed in to an account before keeps a signed note of it in an HttpOnly cookie; a sign-in
 * from there is not held up by limits an attacker elsewhere has run into (server/auth/login-guard.ts). The note
 * opens nothing by itself: the password is still checked.
 */
const COOKIE = 'pcb_device';
/** Only the sign-in calls read it. */
const PATH = '/api/Authentification';
const MAX_AGE_SECONDS = 365 * 24 * 3600;
/** Accounts one browser remembers (a shared office computer); the most recent first. */
const MAX_ACCOUNTS = 5;
const PURPOSE = 'known-device';

interface Entry {
  userId: number;
  deviceId: string;
  mac: string;
}

function parse(value: string | null): Entry[] {
  if (!value) return [];
  return value.split(',').slice(0, MAX_ACCOUNTS).flatMap((item) => {
    const match = /^(\d{1,10})\.([\w-]{16,64})\.([\w-]{43})$/.exec(item);
    return match ? [{ userId: Number(match[1]), deviceId: match[2] ?? '', mac: match[3] ?? '' }] : [];
  });
}

const macOf = (ctx: GatewayContext, userId: number, deviceId: string) => ctx.tokens.mac(PURPOSE, `${userId}.${deviceId}`);

function genuine(ctx: GatewayContext, entry: Entry): boolean {
  const expected = Buffer.from(macOf(ctx, entry.userId, entry.deviceId));
  const presented = Buffer.from(entry.mac);
  return expected.length === presented.length && timingSafeEqual(expected, presented);
}

/** A key naming this browser and account when the browser signed in to `userId` before (and the note is ours), else null. */
export function knownDeviceOf(ctx: GatewayContext, request: FastifyRequest, userId: number | null): string | null {
  if (userId === null) return null;
  const entry = parse(readCookie(request, COOKIE)).find((item) => item.userId === userId && genuine(ctx, item));
  return entry ? `${entry.userId}.${entry.deviceId}` : null;
}

/** After a successful sign-in: notes the account first in the browser's cookie, keeping its device id if it had one. */
export function rememberDevice(
  ctx: GatewayContext, io: { request: FastifyRequest; reply: FastifyReply }, userId: number,
): void {
  const entries = parse(readCookie(io.request, COOKIE)).filter((item) => genuine(ctx, item));
  const deviceId = entries.find((item) => item.userId === userId)?.deviceId ?? entries[0]?.deviceId ?? randomSecret(16);
  const others = entries.filter((item) => item.userId !== userId).slice(0, MAX_ACCOUNTS - 1);
  const value = [{ userId, deviceId, mac: macOf(ctx, userId, deviceId) }, ...others]
    .map((item) => `${item.userId}.${item.deviceId}.${item.mac}`).join(',');
  setCookie(io.reply, COOKIE, value, { path: PATH, maxAgeSeconds: MAX_AGE_SECONDS, secure: isSecureOrigin(ctx.config.publicUrl) });
}
