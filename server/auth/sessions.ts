import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { sessions } from './schema';
import type { AuthContext } from '../http/callers';
import { unauthorized } from '../http/errors';
import { randomSecret, sameHash, sha256 } from './crypto';

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
 * How long after a rotation a refresh with the previous Secret still gets that rotation's Secret: concurrent
 * refreshes of one token (tabs, a retry, gateways racing) and a page that left before storing the answer.
 * Afterwards the previous Secret is a replay and ends the session.
 */
export const ROTATION_GRACE_MS = 60_000;

const LAST_SEEN_STEP_MS = 5000;

/**
 * The Secret that follows `secret` in its session: keyed by the signing key, so every gateway derives the same one
 * and concurrent refreshes of one token all land on one rotation without anybody storing a Secret.
 */
const nextSecret = (ctx: GatewayContext, sessionId: string, secret: string): string =>
  ctx.tokens.mac('session-rotation', `${sessionId}\n${secret}`);

type RowState = { secretHash: string; previousSecretHash: string | null; rotatedAt: Date | null };

/** A presented Secret that is not the current one: the previous one within the grace whose rotation is `next`, or a replay. */
function staleSecret(ctx: GatewayContext, row: RowState, presented: string, next: string): 'same rotation' | 'replay' | 'unknown' {
  if (!sameHash(presented, row.previousSecretHash)) return 'unknown';
  const inGrace = row.rotatedAt !== null && ctx.now().getTime() - row.rotatedAt.getTime() <= ROTATION_GRACE_MS;
  return inGrace && sameHash(sha256(next), row.secretHash) ? 'same rotation' : 'replay';
}

/**
 * 'user': an unexpired token whose session is alive and whose Secret is the current one.
 * 'refresh': the token may have expired within the refresh window. The previous Secret within the grace gets the
 * rotation already made from it; later, someone replays a rotated token, so the session is ended.
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
  const auth: AuthContext = { userId: row.userId, sessionId: row.id, isStranger: row.isStranger, secretHash: presented };
  const next = mode === 'refresh' ? nextSecret(ctx, row.id, payload.Secret) : null;
  if (!sameHash(presented, row.secretHash)) {
    const state = next === null ? 'unknown' : staleSecret(ctx, row, presented, next);
    if (next !== null && state === 'same rotation') return { ...auth, rotation: { next, done: true } };
    // Rows rotated by an older gateway may still hold a Secret abandoned by a lost answer: whoever presents it replays.
    if (state === 'replay' || sameHash(presented, row.abandonedSecretHash)) {
      await endSessions(ctx, eq(sessions.id, row.id));
      throw unauthorized('tokenReused');
    }
    throw unauthorized();
  }
  if (next !== null) auth.rotation = { next, done: false };
  const now = ctx.now();
  // One write per few seconds is enough for "last seen": a burst of requests costs one read each, no write.
  if (row.secretSeen && now.getTime() - row.lastSeenAt.getTime() < LAST_SEEN_STEP_MS) return auth;
  // Only while the presented Secret is still the current one: a request read before a rotation must not mark the
  // rotation's new Secret as seen.
  await ctx.db.update(sessions).set({ lastSeenAt: now, secretSeen: true })
    .where(and(eq(sessions.id, row.id), eq(sessions.secretHash, presented), or(
      lt(sessions.lastSeenAt, new Date(now.getTime() - LAST_SEEN_STEP_MS)), eq(sessions.secretSeen, false),
    )));
  ctx.sessionCache.forget([row.id]);
  return auth;
}

/**
 * Rotates the Secret with one conditional UPDATE (the database's row lock decides between gateways). Refreshes that
 * found the same Secret current and lose that race meet the winner's rotation, which is their own (the next Secret
 * is derived, not drawn), so they answer with it; only a Secret that is no longer the previous one within the grace
 * is a replay.
 */
export async function rotateSession(ctx: GatewayContext, auth: AuthContext): Promise<string> {
  if (!auth.rotation) throw new Error('rotateSession() needs an authentication for refresh');
  const { next, done } = auth.rotation;
  if (!done && await rotate(ctx, auth, sha256(next), ctx.now()) === 0) {
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, auth.sessionId));
    if (!row || row.endedAt) throw unauthorized();
    const state = staleSecret(ctx, row, auth.secretHash, next);
    if (state !== 'same rotation') {
      if (state === 'replay') {
        await endSessions(ctx, and(eq(sessions.id, auth.sessionId), eq(sessions.previousSecretHash, auth.secretHash)));
      }
      throw unauthorized(state === 'replay' ? 'tokenReused' : undefined);
    }
  }
  return ctx.tokens.issue({ userId: auth.userId, sessionId: auth.sessionId, secret: next });
}

async function rotate(ctx: GatewayContext, auth: AuthContext, secretHash: string, now: Date): Promise<number> {
  const rows = await ctx.db.update(sessions)
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
