import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { StaffRole } from '../../src/contract/call';
import type { StaffMember } from '../../src/contract/staff';
import { randomSecret, sha256 } from '../auth/crypto';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { staffMembers } from '../db/schema';
import { staffSessions } from './schema';
import { ApiError, uniqueViolation } from '../http/errors';
import { recordAudit, type Change } from '../audit/log';
import { endStaffSessions } from './sessions';

export type MemberRow = typeof staffMembers.$inferSelect;

/** How long a set-up link works: long enough for a new colleague's first working day after a weekend. */
const SETUP_LINK_HOURS = 72;

export const memberView = (row: MemberRow): StaffMember => ({
  id: row.id, email: row.email ?? '', name: row.name, role: row.role, passwordSet: row.passwordHash !== null,
  secondFactorEnrolled: row.totpEnrolledAt !== null, disabled: row.disabledAt !== null, createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
});

/** What the audit log keeps of a member: what an admin sees, never a secret or a hash. */
const audited = (row: MemberRow): Record<string, unknown> => {
  const { id, email, name, role, passwordSet, secondFactorEnrolled, disabled } = memberView(row);
  return { id, email, name, role, passwordSet, secondFactorEnrolled, disabled };
};

const memberNotFound = () => new ApiError(404, 'staffMemberNotFound', {}, { field: 'id', code: 'not_found' });

/** Who is acting, and for which request: every change below writes an audit row with them. */
/** A one-time link (its token in the fragment, which no server log sees) and the columns that let it be used once. */
function newSetupLink(ctx: GatewayContext) {
  const token = randomSecret(32);
  const expiresAt = new Date(ctx.now().getTime() + SETUP_LINK_HOURS * 3600_000);
  return {
    columns: { setupTokenHash: sha256(token), setupExpiresAt: expiresAt },
    answer: { setupUrl: `${ctx.config.publicUrl}/staff/setup#token=${token}`, setupExpiresAt: expiresAt.toISOString() },
  };
}

export async function listMembers(db: Db, includeDisabled: boolean): Promise<StaffMember[]> {
  // Systems are listed with their keys (server/staff/api-keys.ts).
  const rows = await db.select().from(staffMembers)
    .where(and(eq(staffMembers.kind, 'person'), includeDisabled ? undefined : isNull(staffMembers.disabledAt))).orderBy(asc(staffMembers.id));
  return rows.map(memberView);
}

export async function createMember(
  ctx: GatewayContext, input: { email: string; name: string; role: StaffRole }, change: Change,
): Promise<{ member: StaffMember; setupUrl: string; setupExpiresAt: string }> {
  const link = newSetupLink(ctx);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(staffMembers).values({
        email: input.email.trim().toLowerCase(), name: input.name.trim(), role: input.role, ...link.columns,
        createdBy: change.actor === 'cli' ? null : change.actor.staffId, createdAt: ctx.now(),
      }).returning();
      if (!row) throw new Error('staff member not created');
      await recordAudit(tx, { ...change, at: ctx.now(), action: 'member.create', targetType: 'member', targetId: row.id, after: audited(row) });
      return { member: memberView(row), ...link.answer };
    });
  } catch (error) {
    if (uniqueViolation(error) === 'staff_members_email_unique') {
      throw new ApiError(409, 'staffEmailTaken', {}, { field: 'email', code: 'email_taken' });
    }
    throw error;
  }
}

/** Refuses a change that would leave no enabled admin (nobody could then manage staff but the command line). */
async function keepAnAdmin(db: Db, row: MemberRow): Promise<void> {
  if (row.role !== 'admin' || row.disabledAt || row.kind === 'system') return;
  const [other] = await db.select({ id: staffMembers.id }).from(staffMembers)
    .where(and(eq(staffMembers.role, 'admin'), eq(staffMembers.kind, 'person'), isNull(staffMembers.disabledAt), ne(staffMembers.id, row.id))).limit(1);
  if (!other) throw new ApiError(409, 'staffLastAdmin', {}, { field: 'id', code: 'last_admin' });
}

export interface MemberUpdate { id: number; name?: string; role?: StaffRole; resetSecondFactor?: boolean; resetPassword?: boolean }

/**
 * Name and role, and the two resets an admin gives a member who lost a phone or a password: each reset ends the
 * member's sessions. One audit row per kind of change.
 */
export async function updateMember(ctx: GatewayContext, update: MemberUpdate, change: Change) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffMembers).where(eq(staffMembers.id, update.id)).for('update');
    if (!before) throw memberNotFound();
    if (before.disabledAt) throw new ApiError(409, 'staffMemberDisabled', {}, { field: 'id', code: 'disabled' });
    // A system has neither a password nor a second factor: it calls with its API key.
    if (before.kind === 'system' && (update.resetPassword || update.resetSecondFactor)) {
      throw new ApiError(409, 'staffSystemNoSignIn', {}, { field: 'id', code: 'system' });
    }
    if (update.role !== undefined && update.role !== 'admin') await keepAnAdmin(tx, before);
    const link = update.resetPassword ? newSetupLink(ctx) : null;
    const [after] = await tx.update(staffMembers).set({
      ...(update.name === undefined ? {} : { name: update.name.trim() }),
      ...(update.role === undefined ? {} : { role: update.role }),
      ...(update.resetSecondFactor ? { totpSecret: null, totpEnrolledAt: null } : {}),
      ...(link ? { passwordHash: null, ...link.columns } : {}),
    }).where(eq(staffMembers.id, update.id)).returning();
    if (!after) throw memberNotFound();
    const at = ctx.now();
    const audit = (action: 'member.update' | 'member.reset_password' | 'member.reset_second_factor') =>
      recordAudit(tx, { ...change, at, action, targetType: 'member', targetId: after.id, before: audited(before), after: audited(after) });
    if (update.name !== undefined || update.role !== undefined) await audit('member.update');
    if (update.resetSecondFactor) await audit('member.reset_second_factor');
    if (link) await audit('member.reset_password');
    if (update.resetSecondFactor || link) await endSessionsOf(ctx, tx, after.id, change);
    return { member: memberView(after), setupUrl: link?.answer.setupUrl ?? null, setupExpiresAt: link?.answer.setupExpiresAt ?? null };
  });
}

export async function disableMember(ctx: GatewayContext, id: number, change: Change): Promise<StaffMember> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffMembers).where(eq(staffMembers.id, id)).for('update');
    if (!before) throw memberNotFound();
    if (before.disabledAt) return memberView(before);
    await keepAnAdmin(tx, before);
    const [after] = await tx.update(staffMembers).set({ disabledAt: ctx.now(), setupTokenHash: null, setupExpiresAt: null })
      .where(eq(staffMembers.id, id)).returning();
    if (!after) throw memberNotFound();
    await recordAudit(tx, {
      ...change,
      at: ctx.now(),
      action: 'member.disable',
      targetType: 'member',
      targetId: id,
      before: audited(before),
      after: audited(after),
    });
    await endSessionsOf(ctx, tx, id, change);
    return memberView(after);
  });
}

/** Ends every live session of the member, one audit row each. */
async function endSessionsOf(ctx: GatewayContext, db: Db, staffId: number, change: Change): Promise<void> {
  const ended = await endStaffSessions(ctx, db, eq(staffSessions.staffId, staffId));
  for (const sessionId of ended) {
    await recordAudit(db, {
      ...change, at: ctx.now(), action: 'session.end', targetType: 'session', targetId: sessionId,
      before: { staffId, ended: false }, after: { staffId, ended: true },
    });
  }
}
