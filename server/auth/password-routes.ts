import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as auth from '../../src/contract/auth';
import { resetPasswordWithOld } from '../../src/contract/user';
import { confirmCode, freshCode, PROCESS_TTL_SECONDS, RESEND_AFTER_SECONDS, type ProcessRow } from './codes';
import { hashPassword, randomDigits, verifyPassword } from './crypto';
import { findUserByLogin, normalizeEmail } from './login-id';
import { endSessions, otherSessionsOf } from './sessions';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { authProcesses } from './schema';
import { users } from '../db/schema';
import { ApiError } from '../http/errors';
import { registerCall, signedIn } from '../http/register-call';
import { translate, type Lang } from '../http/messages';
import { findUserById } from '../users/users';

const OK = { ok: true as const };

/** The live reset of an address: of its account, or the stand-in an unknown address gets (see below). */
async function activeReset(ctx: GatewayContext, email: string) {
  const [row] = await ctx.db.select().from(authProcesses)
    .where(and(eq(authProcesses.email, email), eq(authProcesses.kind, 'password_reset'),
      eq(authProcesses.step, 'active'), gt(authProcesses.expiresAt, ctx.now())))
    .orderBy(desc(authProcesses.createdAt)).limit(1);
  return row ?? null;
}

/** The process a ResetPassword names: by the link's code alone, or by the address with the code typed from the letter. */
async function namedReset(ctx: GatewayContext, body: auth.ResetPasswordRequest): Promise<{ process: ProcessRow | null; code: string }> {
  const email = body.email === undefined ? null : normalizeEmail(body.email);
  if (!auth.RESET_LINK_CODE.test(body.code)) {
    // Six digits name no account by themselves: tried against every live reset at once, they would soon hit one.
    if (email === null) throw new ApiError(400, 'fieldMissing', { field: 'email' }, { field: 'email', code: 'missing' });
    return { process: await activeReset(ctx, email), code: body.code };
  }
  const hex = body.code.slice(0, 32);
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const [row] = await ctx.db.select().from(authProcesses).where(and(eq(authProcesses.id, id),
    eq(authProcesses.kind, 'password_reset'), eq(authProcesses.step, 'active'), gt(authProcesses.expiresAt, ctx.now())));
  const process = row && (email === null || row.email === email) ? row : null;
  return { process, code: body.code.slice(32) };
}

async function setPassword(tx: Db, userId: number, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/**
 * Whether an address has an account must not show, neither in the answers nor in their time. So an unknown address
 * gets the same process as a known one, with a code nobody can match, and a letter too: it tells whoever asked that
 * no account uses the address. Both then take the same steps, and every later answer about it is the same.
 */
async function startReset(ctx: GatewayContext, email: string, lang: Lang): Promise<void> {
  const user = await findUserByLogin(ctx.db, { kind: 'email', email });
  const now = ctx.now();
  const current = await activeReset(ctx, email);
  // A repeated click within the resend pause keeps the code already sent; the answer stays the same.
  if (current?.codeSentAt && now.getTime() - current.codeSentAt.getTime() < RESEND_AFTER_SECONDS * 1000) return;
  const id = randomUUID();
  const code = randomDigits(6);
  await ctx.db.transaction(async (tx) => {
    await tx.update(authProcesses).set({ step: 'done' })
      .where(and(eq(authProcesses.email, email), eq(authProcesses.kind, 'password_reset'), eq(authProcesses.step, 'active')));
    await tx.insert(authProcesses).values({
      id, kind: 'password_reset', userId: user?.id ?? null, step: 'active', email, createdAt: now,
      expiresAt: new Date(now.getTime() + PROCESS_TTL_SECONDS * 1000), ...freshCode(ctx, id, user ? code : null, 6),
    });
  });
  const page = `${ctx.config.publicUrl}${lang === 'en' ? '/en' : ''}/auth`;
  const minutes = Math.ceil(ctx.config.codeTtlSeconds / 60);
  const link = `${page}?reset=1&code=${id.replaceAll('-', '')}${code}`;
  const body = user ? translate(lang, 'resetBody', { code, minutes, link }) : translate(lang, 'resetNoAccountBody', { email, link: page });
  await ctx.delivery.deliver({ channel: 'email', recipient: email, subject: translate(lang, 'resetSubject'), body, code: user ? code : null });
}

export function registerPasswordRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  registerCall(app, ctx, auth.sendPasswordResettingLink, async ({ body, lang }) => {
    await startReset(ctx, normalizeEmail(body.email), lang);
    return OK;
  }, { rateLimitKey: ({ body }) => normalizeEmail(body.email) });

  registerCall(app, ctx, auth.resetPassword, async ({ body }) => {
    const invalid = new ApiError(400, 'resetCodeInvalid', {}, { field: 'code', code: 'reset_code_invalid' });
    const { process, code } = await namedReset(ctx, body);
    if (!process) throw invalid;
    const passwordHash = await hashPassword(body.newPassword);
    await confirmCode(ctx, process.id, code, async (tx, claimed) => {
      // Unreachable for a stand-in, whose code matches nothing; kept so a user id is never assumed.
      if (claimed.userId === null) throw invalid;
      await tx.update(authProcesses).set({ step: 'done' }).where(eq(authProcesses.id, claimed.id));
      await setPassword(tx, claimed.userId, passwordHash);
      await endSessions(ctx, otherSessionsOf(claimed.userId, null), tx);
    });
    return OK;
  }, {
    // Per address too, so nobody elsewhere can use up the owner's tries; each code still allows only five.
    rateLimitKey: ({ body, ip }) => `${body.email === undefined ? body.code.slice(0, 32) : normalizeEmail(body.email)}|${ip}`,
  });

  registerCall(app, ctx, resetPasswordWithOld, async (input) => {
    const session = signedIn(input);
    const user = await findUserById(ctx.db, session.userId);
    if (!user || !(await verifyPassword(input.body.oldPassword, user.passwordHash))) {
      throw new ApiError(400, 'oldPasswordWrong', {}, { field: 'oldPassword', code: 'old_password_wrong' });
    }
    const passwordHash = await hashPassword(input.body.newPassword);
    await ctx.db.transaction(async (tx) => {
      await setPassword(tx, user.id, passwordHash);
      await endSessions(ctx, otherSessionsOf(user.id, session.sessionId), tx);
    });
    return OK;
  }, { rateLimitKey: ({ auth: session }) => `user:${session?.userId ?? 0}` });
}
