import { and, asc, eq, isNull } from 'drizzle-orm';
import { API_KEY_PREFIX, type ApiSystem } from '../../src/contract/api-keys';
import type { StaffRole } from '../../src/contract/call';
import { randomSecret, sha256 } from '../auth/crypto';
import type { GatewayContext } from '../context';
import { staffApiKeys } from './schema';
import { staffMembers } from '../db/schema';
import { ApiError } from '../http/errors';
import { recordAudit } from '../audit/log';
import type { Change } from '../audit/log';

/** Characters of a key shown in the list: the prefix and four of the secret, too few to guess the rest by. */
const SHOWN_CHARS = API_KEY_PREFIX.length + 4;

type KeyRow = typeof staffApiKeys.$inferSelect;
type MemberRow = typeof staffMembers.$inferSelect;

const systemView = (member: MemberRow, key: KeyRow): ApiSystem => ({
  id: member.id, name: member.name, role: member.role, keyPrefix: key.keyPrefix, createdAt: member.createdAt.toISOString(),
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null, revoked: key.revokedAt !== null || member.disabledAt !== null,
});

const audited = (system: ApiSystem): Record<string, unknown> =>
  ({ id: system.id, name: system.name, role: system.role, keyPrefix: system.keyPrefix, revoked: system.revoked });

const systemNotFound = () => new ApiError(404, 'apiSystemNotFound', {}, { field: 'id', code: 'not_found' });

/** A system (a staff member of kind 'system') and its key, which is returned this once and kept as a hash. */
export async function createSystem(ctx: GatewayContext, input: { name: string; role: StaffRole }, change: Change) {
  const key = `${API_KEY_PREFIX}${randomSecret(32)}`;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [member] = await tx.insert(staffMembers).values({
      email: null, name: input.name.trim(), role: input.role, kind: 'system',
      createdBy: change.actor === 'cli' ? null : change.actor.staffId, createdAt: now,
    }).returning();
    if (!member) throw new Error('system not created');
    const [row] = await tx.insert(staffApiKeys).values({
      staffId: member.id, keyHash: sha256(key), keyPrefix: key.slice(0, SHOWN_CHARS),
      createdBy: change.actor === 'cli' ? null : change.actor.staffId, createdAt: now,
    }).returning();
    if (!row) throw new Error('API key not created');
    const system = systemView(member, row);
    await recordAudit(tx, { ...change, at: now, action: 'apikey.create', targetType: 'apikey', targetId: member.id, after: audited(system) });
    return { system, key };
  });
}

export async function listSystems(ctx: GatewayContext, includeRevoked: boolean): Promise<ApiSystem[]> {
  const rows = await ctx.db.select({ member: staffMembers, key: staffApiKeys }).from(staffApiKeys)
    .innerJoin(staffMembers, eq(staffMembers.id, staffApiKeys.staffId)).orderBy(asc(staffApiKeys.id));
  return rows.map((row) => systemView(row.member, row.key)).filter((system) => includeRevoked || !system.revoked);
}

/** Revokes the system's key and disables the system: its next call gets 401 on every gateway (no cache). */
export async function revokeSystem(ctx: GatewayContext, id: number, change: Change): Promise<ApiSystem> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx.select({ member: staffMembers, key: staffApiKeys }).from(staffApiKeys)
      .innerJoin(staffMembers, eq(staffMembers.id, staffApiKeys.staffId)).where(eq(staffMembers.id, id)).for('update');
    if (!found) throw systemNotFound();
    const before = systemView(found.member, found.key);
    if (before.revoked) return before;
    const [key] = await tx.update(staffApiKeys).set({ revokedAt: now }).where(eq(staffApiKeys.id, found.key.id)).returning();
    const [member] = await tx.update(staffMembers).set({ disabledAt: now }).where(eq(staffMembers.id, id)).returning();
    if (!key || !member) throw systemNotFound();
    const after = systemView(member, key);
    await recordAudit(tx, { ...change, at: now, action: 'apikey.revoke', targetType: 'apikey', targetId: id, before: audited(before), after: audited(after) });
    return after;
  });
}

const LAST_USED_STEP_MS = 60_000;

/** The system a live key belongs to, or null: a revoked key, a disabled system and an unknown key alike. */
export async function systemOfKey(ctx: GatewayContext, key: string): Promise<{ staffId: number; keyId: number; role: StaffRole } | null> {
  const [row] = await ctx.db.select({ keyId: staffApiKeys.id, staffId: staffMembers.id, role: staffMembers.role, lastUsedAt: staffApiKeys.lastUsedAt })
    .from(staffApiKeys).innerJoin(staffMembers, eq(staffMembers.id, staffApiKeys.staffId))
    .where(and(eq(staffApiKeys.keyHash, sha256(key)), isNull(staffApiKeys.revokedAt), isNull(staffMembers.disabledAt),
      eq(staffMembers.kind, 'system')));
  if (!row) return null;
  const now = ctx.now();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_STEP_MS) {
    await ctx.db.update(staffApiKeys).set({ lastUsedAt: now }).where(eq(staffApiKeys.id, row.keyId));
  }
  return { staffId: row.staffId, keyId: row.keyId, role: row.role };
}
