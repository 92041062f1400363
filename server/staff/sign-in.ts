import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { hashPassword, sha256, verifyPassword } from '../auth/crypto';
import { admitLogin, recordLoginFailure, type LoginAttempt } from '../auth/login-guard';
import { spend } from '../auth/rate-limit';
import type { GatewayContext } from '../context';
import { staffMembers } from '../db/schema';
import { staffSignIns } from './schema';
import { ApiError, secondsUntil, tooManyRequests } from '../http/errors';
import { recordAudit } from '../audit/log';
import { memberView } from './members';
import { openStaffSession } from './sessions';
import { matchTotp, newTotpSecret, otpauthUri } from './totp';

/** Wrong codes one sign-in may take; then the password is asked again. */
const STAFF_CODE_ATTEMPTS = 5;
/** Codes checked per member in a window, over all their sign-ins: a stolen password buys no more guesses than this. */
const CODES_PER_MEMBER = 20;
/** Time from the password to the code: enough to install an app and scan the secret on a first sign-in. */
const SIGN_IN_TTL_SECONDS = 10 * 60;
const ISSUER = 'PCB Portal';

const failed = () => new ApiError(401, 'loginFailed', {}, { code: 'login_failed' });
const signInNotFound = () => new ApiError(404, 'staffSignInNotFound', {}, { field: 'challengeId', code: 'process_not_found' });
const codeUsed = () => new ApiError(400, 'staffCodeUsed', {}, { field: 'code', code: 'code_used' });

export interface Meta { ip: string; deviceInfo: string }

/**
 * The password step. An unknown e-mail, a disabled member, one who has not set a password yet and a wrong password
 * get the same answer after the same work, so the call does not tell who is staff.
 */
export async function startSignIn(ctx: GatewayContext, input: { email: string; password: string }, meta: Meta) {
  const email = input.email.trim().toLowerCase();
  const attempt: LoginAttempt = { call: '/staff/auth/SignIn', login: email, ip: meta.ip, knownDevice: null };
  await admitLogin(ctx, attempt);
  const [member] = await ctx.db.select().from(staffMembers).where(eq(staffMembers.email, email));
  const usable = member && !member.disabledAt && member.kind === 'person' ? member : null;
  const passwordOk = await verifyPassword(input.password, usable?.passwordHash ?? null);
  if (!usable || !passwordOk) {
    await recordLoginFailure(ctx, attempt);
    throw failed();
  }
  const now = ctx.now();
  const pendingSecret = usable.totpEnrolledAt ? null : newTotpSecret();
  const id = randomUUID();
  await ctx.db.insert(staffSignIns).values({
    id,
    staffId: usable.id,
    pendingSecret: pendingSecret === null ? null : ctx.staffSecrets.close(pendingSecret),
    ip: meta.ip,
    deviceInfo: meta.deviceInfo,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SIGN_IN_TTL_SECONDS * 1000),
  });
  if (!pendingSecret) return { step: 'code' as const, challengeId: id };
  return { step: 'enrol' as const, challengeId: id, secret: pendingSecret, otpauthUri: otpauthUri(pendingSecret, usable.email ?? email, ISSUER) };
}

/**
 * The code step: each check takes one of the sign-in's attempts first (atomically), and one of the member's; a right
 * code opens a session, and on a first sign-in makes the enrolled secret the member's. The member's last used step
 * moves forward in the same statement that accepts the code, so two sign-ins cannot both use one code.
 */
export async function confirmSignIn(ctx: GatewayContext, input: { challengeId: string; code: string }, ip: string, requestId: string) {
  const now = ctx.now();
  const [taken] = await ctx.db.update(staffSignIns).set({ attempts: sql`${staffSignIns.attempts} + 1` })
    .where(and(eq(staffSignIns.id, input.challengeId), isNull(staffSignIns.usedAt), gt(staffSignIns.expiresAt, now),
      lt(staffSignIns.attempts, STAFF_CODE_ATTEMPTS)))
    .returning();
  if (!taken) {
    const [row] = await ctx.db.select().from(staffSignIns).where(eq(staffSignIns.id, input.challengeId));
    if (!row || row.usedAt || row.expiresAt <= now) throw signInNotFound();
    throw tooManyRequests('staffCodeAttemptsExceeded', secondsUntil(row.expiresAt, now), {}, { field: 'code', code: 'too_many_attempts' });
  }
  const [member] = await ctx.db.select().from(staffMembers).where(eq(staffMembers.id, taken.staffId));
  const stored = taken.pendingSecret ?? member?.totpSecret ?? null;
  if (!member || member.disabledAt || !stored) throw signInNotFound();
  const secret = openSecret(ctx, stored);
  await spend(ctx, [{
    key: `staff-code:${member.id}`, limit: CODES_PER_MEMBER, windowSeconds: ctx.config.rateLimits.windowSeconds,
    message: 'staffCodeAttemptsExceeded', code: 'too_many_attempts',
  }]);
  const step = matchTotp(secret, input.code, now, member.totpLastStep);
  if (step === null) {
    if (matchTotp(secret, input.code, now, -1) !== null) throw codeUsed();
    throw new ApiError(400, 'staffCodeWrong', { left: STAFF_CODE_ATTEMPTS - taken.attempts }, { field: 'code', code: 'code_wrong' });
  }
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx.update(staffSignIns).set({ usedAt: now })
      .where(and(eq(staffSignIns.id, taken.id), isNull(staffSignIns.usedAt))).returning({ id: staffSignIns.id });
    if (!claimed) throw signInNotFound();
    const enrolling = taken.pendingSecret !== null;
    const [after] = await tx.update(staffMembers).set({
      totpLastStep: step, ...(enrolling ? { totpSecret: taken.pendingSecret, totpEnrolledAt: now } : {}),
    }).where(and(eq(staffMembers.id, member.id), lt(staffMembers.totpLastStep, step), isNull(staffMembers.disabledAt),
      enrolling ? isNull(staffMembers.totpEnrolledAt) : eq(staffMembers.totpSecret, stored)))
      .returning();
    if (!after) throw codeUsed();
    const actor = { staffId: member.id };
    const meta = { ip, deviceInfo: taken.deviceInfo };
    if (enrolling) {
      await recordAudit(tx, {
        actor, requestId, at: now, action: 'member.enrol_second_factor', targetType: 'member', targetId: member.id,
        before: { secondFactorEnrolled: false }, after: { secondFactorEnrolled: true },
      });
    }
    const session = await openStaffSession(ctx, tx, member.id, meta);
    await recordAudit(tx, {
      actor, requestId, at: now, action: 'session.open', targetType: 'session', targetId: session.id,
      after: { staffId: member.id, ip: meta.ip, deviceInfo: meta.deviceInfo },
    });
    return { token: session.token, member: memberView(after) };
  });
}

/**
 * A second factor's secret as stored: sealed, or plain as the first staff accounts kept it. Sealed under a signing
 * secret since rotated, it cannot be read: the member is told to have it reset rather than given a failure.
 */
function openSecret(ctx: GatewayContext, stored: string): string {
  if (!stored.startsWith('sealed:')) return stored;
  try {
    return ctx.staffSecrets.open(stored);
  } catch {
    throw new ApiError(409, 'staffSecondFactorUnreadable', {}, { field: 'code', code: 'second_factor_unreadable' });
  }
}

/** The set-up link: sets the password once; the link is spent whatever follows. */
export async function setUpPassword(ctx: GatewayContext, input: { setupToken: string; password: string }, requestId: string) {
  const now = ctx.now();
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const [member] = await tx.update(staffMembers).set({ passwordHash, setupTokenHash: null, setupExpiresAt: null })
      .where(and(eq(staffMembers.setupTokenHash, sha256(input.setupToken)), gt(staffMembers.setupExpiresAt, now),
        isNull(staffMembers.disabledAt)))
      .returning({ id: staffMembers.id });
    if (!member) throw new ApiError(400, 'staffSetupLinkInvalid', {}, { field: 'setupToken', code: 'setup_link_invalid' });
    await recordAudit(tx, {
      actor: { staffId: member.id }, requestId, at: now, action: 'member.set_password', targetType: 'member', targetId: member.id,
      before: { passwordSet: false }, after: { passwordSet: true },
    });
  });
  return { ok: true as const };
}
