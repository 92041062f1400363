import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { StaffRole } from '../../src/contract/call';
import { randomSecret, sha256 } from '../auth/crypto';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { staffMembers } from '../db/schema';
import { staffSessions } from './schema';
import type { StaffAuth } from '../http/callers';
import { ApiError, unauthorized } from '../http/errors';
import { systemOfKey } from './api-keys';

/** Staff tokens are opaque and say what they are: no customer's JWT can be taken for one, nor one for a JWT. */
const TOKEN_PREFIX = 'staff_';
const TOKEN = /^Bearer\s+(staff_[A-Za-z0-9_-]{43})$/i;
const API_KEY = /^Bearer\s+(pcbkey_[A-Za-z0-9_-]{43})$/i;

/** A fresh session for the member; `db` may be the transaction that claimed the code. */
export async function openStaffSession(
  ctx: GatewayContext, db: Db, staffId: number, meta: { ip: string; deviceInfo: string },
): Promise<{ id: string; token: string }> {
  const token = `${TOKEN_PREFIX}${randomSecret(32)}`;
  const id = randomUUID();
  const now = ctx.now();
  await db.insert(staffSessions).values({
    id, staffId, tokenHash: sha256(token), ip: meta.ip, deviceInfo: meta.deviceInfo, createdAt: now, lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ctx.config.staffSessions.maxHours * 3600_000),
  });
  return { id, token };
}

const LAST_SEEN_STEP_MS = 5000;

/**
 * A live session of an enabled member: not ended, not past its end, used within the idle time. Every call reads the
 * database (no cache), so an ended session or a disabled member is refused at the next call, on every gateway.
 */
export async function authenticateStaff(ctx: GatewayContext, header: string | undefined, roles?: readonly StaffRole[]): Promise<StaffAuth> {
  if (!header) throw unauthorized('tokenMissing');
  const key = API_KEY.exec(header)?.[1];
  if (key) {
    const system = await systemOfKey(ctx, key);
    if (!system) throw unauthorized();
    requireRole(system.role, roles);
    return { staffId: system.staffId, sessionId: `apikey:${system.keyId}`, role: system.role, via: 'apiKey' };
  }
  const token = TOKEN.exec(header)?.[1];
  if (!token) throw unauthorized();
  const now = ctx.now();
  const idleSince = new Date(now.getTime() - ctx.config.staffSessions.idleMinutes * 60_000);
  const [row] = await ctx.db.select({
    sessionId: staffSessions.id, staffId: staffSessions.staffId, lastSeenAt: staffSessions.lastSeenAt, role: staffMembers.role,
  }).from(staffSessions).innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, sha256(token)), isNull(staffSessions.endedAt), gt(staffSessions.expiresAt, now),
      gt(staffSessions.lastSeenAt, idleSince), isNull(staffMembers.disabledAt)));
  if (!row) throw unauthorized();
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_STEP_MS) {
    await ctx.db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, row.sessionId));
  }
  requireRole(row.role, roles);
  return { staffId: row.staffId, sessionId: row.sessionId, role: row.role, via: 'session' };
}

function requireRole(role: StaffRole, roles: readonly StaffRole[] | undefined): void {
  if (roles && !roles.includes(role)) throw new ApiError(403, 'staffRoleForbidden', { roles: roles.join(', ') }, { code: 'forbidden' });
}

/** Ends the live sessions `where` picks; returns their ids. */
export async function endStaffSessions(ctx: GatewayContext, db: Db, where: ReturnType<typeof and>): Promise<string[]> {
  const ended = await db.update(staffSessions).set({ endedAt: ctx.now() })
    .where(and(where, isNull(staffSessions.endedAt))).returning({ id: staffSessions.id });
  return ended.map((row) => row.id);
}
