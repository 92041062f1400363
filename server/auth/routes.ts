import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as auth from '../../src/contract/auth';
import { confirmCode, loadProcess, PROCESS_TTL_SECONDS, sendCode } from './codes';
import { sha256, verifyPassword } from './crypto';
import { knownDeviceOf, rememberDevice } from './devices';
import { admitLogin, recordLoginFailure, type LoginAttempt } from './login-guard';
import { findUserByLogin, loginKey, parseLogin } from './login-id';
import { openSession, rotateSession, type SessionMeta } from './sessions';
import type { GatewayContext } from '../context';
import { authProcesses, strangerKeys } from './schema';
import type { Channel } from '../delivery/delivery';
import { ApiError } from '../http/errors';
import { registerCall, signedIn } from '../http/register-call';
import { findUserById, rememberLang, secondFactorTypesOf } from '../users/users';

const CHANNEL_OF_TYPE: Record<auth.SecondFactorType, Channel> = { 0: 'sms', 1: 'flashcall', 2: 'email' };

export function registerAuthRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  // Per login and address: nobody elsewhere can use up the attempts of the account's owner.
  const byLoginAndAddress = ({ body, ip }: { body: { login: string }; ip: string }) => `${loginKey(parseLogin(body.login))}|${ip}`;

  registerCall(app, ctx, auth.login, async ({ body, ip, userAgent, request, reply, lang }) => {
    const id = parseLogin(body.login);
    const user = await findUserByLogin(ctx.db, id);
    const attempt: LoginAttempt = {
      call: auth.login.path, login: loginKey(id), ip, knownDevice: knownDeviceOf(ctx, request, user?.id ?? null),
    };
    await admitLogin(ctx, attempt);
    // The hash is checked even for an unknown login, so timing does not tell which logins exist.
    const passwordOk = await verifyPassword(body.password, user?.passwordHash ?? null);
    if (!user || !passwordOk) {
      await recordLoginFailure(ctx, attempt);
      throw new ApiError(401, 'loginFailed', {}, { code: 'login_failed' });
    }
    const meta: SessionMeta = {
      fingerprint: body.fingerprint, deviceInfo: body.deviceInfo || userAgent, location: body.location ?? '', ip,
    };
    const factorTypes = secondFactorTypesOf(user);
    if (factorTypes.length > 0) {
      const now = ctx.now();
      const id = randomUUID();
      await ctx.db.insert(authProcesses).values({
        id, kind: 'second_factor', userId: user.id, step: 'secondFactor', ...meta, createdAt: now,
        expiresAt: new Date(now.getTime() + PROCESS_TTL_SECONDS * 1000),
      });
      return { result: 1 as const, secondFactorId: id, secondFactorTypes: factorTypes };
    }
    const accessToken = await openSession(ctx, ctx.db, user.id, meta);
    await rememberLang(ctx.db, user, lang);
    rememberDevice(ctx, { request, reply }, user.id);
    return user.isFilled ? { result: 0 as const, accessToken } : { result: 2 as const, accessToken };
  });

  registerCall(app, ctx, auth.sendCode, async ({ body, lang }) => {
    const process = await loadProcess(ctx, body.secondFactorId, 'second_factor', 'secondFactorId');
    const user = process.userId === null || process.step === 'done' ? null : await findUserById(ctx.db, process.userId);
    if (!user) throw new ApiError(404, 'processNotFound', {}, { field: 'secondFactorId', code: 'process_not_found' });
    const channel = CHANNEL_OF_TYPE[body.secondFactorType];
    const recipient = channel === 'email' ? user.email : user.phone;
    if (!secondFactorTypesOf(user).includes(body.secondFactorType) || !recipient) {
      throw new ApiError(400, 'factorUnavailable', {}, { field: 'secondFactorType', code: 'factor_unavailable' });
    }
    return sendCode(ctx, process, { channel, recipient, lang, field: 'secondFactorType', fixBy: 'method' });
  }, { rateLimitKey: ({ body }) => body.secondFactorId });

  registerCall(app, ctx, auth.confirmSecondFactor, async ({ body, request, reply, lang }) => {
    await loadProcess(ctx, body.secondFactorId, 'second_factor', 'secondFactorId');
    const confirmed = await confirmCode(ctx, body.secondFactorId, body.code, async (tx, process) => {
      const user = process.userId === null ? null : await findUserById(tx, process.userId);
      if (!user) throw new ApiError(404, 'processNotFound', {}, { field: 'secondFactorId', code: 'process_not_found' });
      await tx.update(authProcesses).set({ step: 'done' }).where(eq(authProcesses.id, process.id));
      const accessToken = await openSession(ctx, tx, user.id, process);
      await rememberLang(tx, user, lang);
      return { userId: user.id, answer: { result: user.isFilled ? (0 as const) : (2 as const), accessToken } };
    });
    rememberDevice(ctx, { request, reply }, confirmed.userId);
    return confirmed.answer;
  }, { rateLimitKey: ({ body }) => body.secondFactorId });

  registerCall(app, ctx, auth.getStrangerToken, async ({ body, ip, userAgent }) => {
    const user = await findUserByLogin(ctx.db, parseLogin(body.login));
    const failed = new ApiError(401, 'strangerFailed', {}, { code: 'stranger_failed' });
    if (!user) throw failed;
    return ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const [key] = await tx.update(strangerKeys).set({ usedAt: now })
        .where(and(eq(strangerKeys.keyHash, sha256(body.key)), eq(strangerKeys.userId, user.id),
          isNull(strangerKeys.usedAt), gt(strangerKeys.expiresAt, now)))
        .returning({ id: strangerKeys.id });
      if (!key) throw failed;
      const meta: SessionMeta = { deviceInfo: userAgent, location: '', ip, isStranger: true };
      return { accessToken: await openSession(ctx, tx, user.id, meta) };
    });
  }, { rateLimitKey: byLoginAndAddress });

  registerCall(app, ctx, auth.refresh, async (input) => ({ accessToken: await rotateSession(ctx, signedIn(input)) }));
}
