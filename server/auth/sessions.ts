import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { sessions } from '../db/schema';
import { unauthorized } from '../http/errors';
import { randomSecret, sameHash, sha256 } from './crypto';

export interface AuthContext {
  userId: number;
  sessionId: string;
  isStranger: boolean;
  /** Hash of the Secret the request presented. */
  secretHash: string;
  /** Set when a refresh presented the previous Secret of a rotation whose answer was lost: the Secret it replaces. */
  lostRotationOf?: string;
}

export interface SessionMeta {
  fingerprint?: string;
  deviceInfo: string;
  location: string;
  ip: string;
  isStranger?: boolean;
}

/** Opens a session row and signs its first token; `db` may be a transaction so the session lands with the rest. */
export async function openSession(ctx: GatewayContext, db: Db, userId: number, meta: SessionMeta): Promise<string> {
  const id = randomUUID();
  const secret = randomSecret();
  const now = ctx.now();
  await db.insert(sessions).values({
    id, userId, secretHash: sha256(secret), fingerprint: meta.fingerprint ?? '', deviceInfo: meta.deviceInfo,
    location: meta.location, ip: meta.ip, isStranger: meta.isStranger ?? false, createdAt: now, lastSeenAt: now,
  });
  return ctx.tokens.issue({ userId, sessionId: id, secret });
}

const bearer = (header: string | undefined): string | null => {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * How long after a rotation a refresh with the previous Secret counts as a lost answer rather than a replay, as long
 * as the new Secret has not been used: a page left or reloaded while its refresh was in flight never stored it.
 */
export const LOST_ROTATION_GRACE_MS = 60_000;

const LAST_SEEN_STEP_MS = 5000;

/**
 * 'user': an unexpired token whose session is alive and whose Secret is the current one.
 * 'refresh': the token may have expired within the refresh window. Presenting the previous Secret means someone
 * replays a rotated token, so the session is ended — unless the answer of that rotation was evidently lost (the new
 * Secret never seen, within the grace): then the session rotates again from the previous Secret, and the lost one
 * is remembered as abandoned, so whoever later presents it ends the session.
 */
export async function authenticate(
  ctx: GatewayContext, header: string | undefined, mode: 'user' | 'refresh',
): Promise<AuthContext> {
  const token = bearer(header);
  if (!token) throw unauthorized('tokenMissing');
  const grace = mode === 'refresh' ? ctx.config.refreshWindowSeconds : 0;
  const payload = await ctx.tokens.verify(token, grace);
  if (!payload || !UUID.test(payload.sid)) throw unauthorized();
  const row = await ctx.sessionCache.read(payload.sid, async () =>
    (await ctx.db.select().from(sessions).where(eq(sessions.id, payload.sid)))[0]);
  if (!row || row.endedAt || String(row.userId) !== payload.sub) throw unauthorized();
  const presented = sha256(payload.Secret);
  const auth = { userId: row.userId, sessionId: row.id, isStranger: row.isStranger, secretHash: presented };
  if (!sameHash(presented, row.secretHash)) {
    if (mode === 'refresh' && sameHash(presented, row.previousSecretHash) && lostRotation(ctx, row)) {
      return { ...auth, lostRotationOf: row.secretHash };
    }
    const replayed = mode === 'refresh' && sameHash(presented, row.previousSecretHash);
    if (replayed || sameHash(presented, row.abandonedSecretHash)) {
      await endSessions(ctx, eq(sessions.id, row.id));
      throw unauthorized('tokenReused');
    }
    throw unauthorized();
  }
  const now = ctx.now();
  // One write per few seconds is enough for "last seen": a burst of requests costs one read each, no write.
  if (row.secretSeen && now.getTime() - row.lastSeenAt.getTime() < LAST_SEEN_STEP_MS) return auth;
  // Only while the presented Secret is still the current one: a request read before a rotation must not mark the
  // rotation's new Secret as seen, or a page reloaded before storing it would be taken for a replay.
  await ctx.db.update(sessions).set({ lastSeenAt: now, secretSeen: true })
    .where(and(eq(sessions.id, row.id), eq(sessions.secretHash, presented), or(
      lt(sessions.lastSeenAt, new Date(now.getTime() - LAST_SEEN_STEP_MS)), eq(sessions.secretSeen, false),
    )));
  ctx.sessionCache.forget([row.id]);
  return auth;
}

function lostRotation(ctx: GatewayContext, row: { secretSeen: boolean; rotatedAt: Date | null }): boolean {
  return !row.secretSeen && row.rotatedAt !== null && ctx.now().getTime() - row.rotatedAt.getTime() <= LOST_ROTATION_GRACE_MS;
}

/**
 * Rotates the Secret if the presented one is still current (or a lost rotation's previous). Two refreshes with the
 * same Secret can both find it current — a page reloaded while the left page's refresh was still being answered —
 * and the one that loses the race then meets the winner's rotation: it is the same lost answer as one that came
 * later, so it is judged by the same rule; only an evident replay ends the session.
 */
export async function rotateSession(ctx: GatewayContext, auth: AuthContext): Promise<string> {
  const secret = randomSecret();
  const now = ctx.now();
  let rotated = await rotate(ctx, auth, sha256(secret), now);
  if (rotated === 0 && !auth.lostRotationOf) {
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, auth.sessionId));
    if (row && !row.endedAt && sameHash(auth.secretHash, row.previousSecretHash) && lostRotation(ctx, row)) {
      rotated = await rotate(ctx, { ...auth, lostRotationOf: row.secretHash }, sha256(secret), now);
    }
  }
  if (rotated === 0) {
    await endSessions(ctx, and(eq(sessions.id, auth.sessionId), eq(sessions.previousSecretHash, auth.secretHash)));
    throw unauthorized('tokenReused');
  }
  return ctx.tokens.issue({ userId: auth.userId, sessionId: auth.sessionId, secret });
}

async function rotate(ctx: GatewayContext, auth: AuthContext, secretHash: string, now: Date): Promise<number> {
  const rows = auth.lostRotationOf
    ? await ctx.db.update(sessions)
      .set({ secretHash, abandonedSecretHash: auth.lostRotationOf, secretSeen: false, rotatedAt: now, lastSeenAt: now })
      .where(and(eq(sessions.id, auth.sessionId), eq(sessions.secretHash, auth.lostRotationOf), isNull(sessions.endedAt)))
      .returning({ id: sessions.id })
    : await ctx.db.update(sessions)
      .set({ previousSecretHash: auth.secretHash, secretHash, secretSeen: false, rotatedAt: now, lastSeenAt: now })
      .where(and(eq(sessions.id, auth.sessionId), eq(sessions.secretHash, auth.secretHash), isNull(sessions.endedAt)))
      .returning({ id: sessions.id });
  ctx.sessionCache.forget([auth.sessionId]);
  return rows.length;
}

type Where = ReturnType<typeof and>;

export async function endSessions(ctx: GatewayContext, where: Where, db: Db = ctx.db): Promise<number> {
  const ended = await db.update(sessions).set({ endedAt: ctx.now() })
    .where(and(where, isNull(sessions.endedAt))).returning({ id: sessions.id });
  ctx.sessionCache.forget(ended.map((session) => session.id));
  return ended.length;
}

/** Every live session of the user except `keepSessionId` (all of them when it is null). */
export const otherSessionsOf = (userId: number, keepSessionId: string | null): Where =>
  keepSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
    : eq(sessions.userId, userId);
