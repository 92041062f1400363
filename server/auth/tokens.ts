import { createHmac } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { is } from 'superstruct';
import { tokenPayload, type TokenPayload } from '../../src/contract/auth';
import type { Db } from '../db/connect';
import { settings } from '../db/schema';
import { randomSecret } from './crypto';

const SECRET_KEY = 'jwt_secret';

/** A configured key wins; otherwise the first process to start generates one and every later process reads it. */
export async function loadSigningSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db.insert(settings).values({ key: SECRET_KEY, value: randomSecret(48) }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, SECRET_KEY));
  if (!row) throw new Error('The JWT signing secret could not be stored');
  return row.value;
}

export interface TokenService {
  issue(payload: { userId: number; sessionId: string; secret: string }): Promise<string>;
  /** Checks the signature; `graceSeconds` lets an expired token through (refresh). Null when invalid. */
  verify(token: string, graceSeconds?: number): Promise<TokenPayload | null>;
  /** A keyed digest (base64url) of `purpose` and `data`, for values the gateway hands out and must recognise later. */
  mac(purpose: string, data: string): string;
}

/** Tokens whose signature has been checked, kept until this many are known (each session holds one at a time). */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenService(secret: string, ttlSeconds: number, now: () => Date): TokenService {
  const key = new TextEncoder().encode(secret);
  // A signature that checked out once always will: a session's every request then costs a lookup, not an HMAC on
  // the thread pool. Expiry is still judged at each use, the way jwtVerify judges it.
  const verified = new Map<string, TokenPayload>();
  const remember = (token: string, payload: TokenPayload) => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value ?? '');
    verified.set(token, payload);
  };
  return {
    mac: (purpose, data) => createHmac('sha256', key).update(`${purpose}\n${data}`).digest('base64url'),
    async issue({ userId, sessionId, secret: sessionSecret }) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ sid: sessionId, Secret: sessionSecret })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    async verify(token, graceSeconds = 0) {
      const known = verified.get(token);
      if (known) return known.exp > Math.floor(now().getTime() / 1000) - graceSeconds ? known : null;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'], currentDate: now(), clockTolerance: graceSeconds, requiredClaims: ['exp', 'sub'],
        });
        if (!is(payload, tokenPayload)) return null;
        remember(token, payload);
        return payload;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
