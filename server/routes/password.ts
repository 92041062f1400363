import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as auth from '../../src/contract/auth';
import { resetPasswordWithOld } from '../../src/contract/user';
import { confirmCode, PROCESS_TTL_SECONDS, RESEND_AFTER_SECONDS, sendCode } from '../auth/codes';
import { hashPassword, verifyPassword } from '../auth/crypto';
import { normalizeEmail } from '../auth/login-id';
import { endSessions, otherSessionsOf } from '../auth/sessions';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { authProcesses, users } from '../db/schema';
import { ApiError } from '../http/errors';
import { registerCall, signedIn } from '../http/register-call';
import { findUserById, findUserByLogin } from '../users/users';

const OK = { ok: true as const };

async function activeReset(ctx: GatewayContext, userId: number) {
  const [row] = await ctx.db.select().from(authProcesses)
    .where(and(eq(authProcesses.userId, userId), eq(authProcesses.kind, 'password_reset'),
      eq(authProcesses.step, 'active'), gt(authProcesses.expiresAt, ctx.now())))
    .orderBy(desc(authProcesses.createdAt)).limit(1);
  return row ?? null;
}

async function setPassword(tx: Db, userId: number, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export function registerPasswordRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const byEmail = ({ body }: { body: { email: string } }) => normalizeEmail(body.email);

  registerCall(app, ctx, auth.sendPasswordResettingLink, async ({ body, lang }) => {
    const email = normalizeEmail(body.email);
    const user = await findUserByLogin(ctx.db, { kind: 'email', email });
    if (!user) return OK;
    const now = ctx.now();
    const current = await activeReset(ctx, user.id);
    // A repeated click within the resend pause keeps the code already sent; the answer stays the same.
    if (current?.codeSentAt && now.getTime() - current.codeSentAt.getTime() < RESEND_AFTER_SECONDS * 1000) return OK;
    const process = await ctx.db.transaction(async (tx) => {
      await tx.update(authProcesses).set({ step: 'done' })
        .where(and(eq(authProcesses.userId, user.id), eq(authProcesses.kind, 'password_reset')));
      const [row] = await tx.insert(authProcesses).values({
        id: randomUUID(), kind: 'password_reset', userId: user.id, step: 'active', email, createdAt: now,
        expiresAt: new Date(now.getTime() + PROCESS_TTL_SECONDS * 1000),
      }).returning();
      return row;
    });
    if (!process) throw new Error('reset process was not stored');
    const resetLink = (code: string) =>
      `${ctx.config.publicUrl}${lang === 'en' ? '/en' : ''}/auth?reset=1&email=${encodeURIComponent(email)}&code=${code}`;
    await sendCode(ctx, process, { channel: 'email', recipient: email, lang, resetLink });
    return OK;
  }, { rateLimitKey: byEmail });

  registerCall(app, ctx, auth.resetPassword, async ({ body }) => {
    const invalid = new ApiError(400, 'resetCodeInvalid', {}, { field: 'code', code: 'reset_code_invalid' });
    const user = await findUserByLogin(ctx.db, { kind: 'email', email: normalizeEmail(body.email) });
    const process = user ? await activeReset(ctx, user.id) : null;
    if (!user || !process) throw invalid;
    const passwordHash = await hashPassword(body.newPassword);
    await confirmCode(ctx, process.id, body.code, async (tx) => {
      await tx.update(authProcesses).set({ step: 'done' }).where(eq(authProcesses.id, process.id));
      await setPassword(tx, user.id, passwordHash);
      await endSessions(ctx, otherSessionsOf(user.id, null), tx);
    });
    return OK;
  }, { rateLimitKey: byEmail });

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
