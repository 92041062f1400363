import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as reg from '../../src/contract/registration';
import { confirmCode, loadProcess, PROCESS_TTL_SECONDS, sendCode, type ProcessRow } from '../auth/codes';
import { hashPassword } from '../auth/crypto';
import { rememberDevice } from '../auth/devices';
import { normalizeEmail } from '../auth/login-id';
import { openSession } from '../auth/sessions';
import { notifyInvitee } from '../client-access/invitation-notices';
import type { GatewayContext } from '../context';
import { authProcesses } from '../auth/schema';
import { users } from '../db/schema';
import { isSecureOrigin, readCookie, setCookie } from '../http/cookies';
import { ApiError, uniqueViolation } from '../http/errors';
import type { MessageKey } from '../http/messages';
import { registerCall } from '../http/register-call';

const PID = 'registrationProcessId';
/** The process EnterPhone started in this browser, for the spec's EnterEmail {email}, which names none. */
const COOKIE = 'pcb_registration';
const COOKIE_PATH = '/api/Registration';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const stepError = (status: number, key: MessageKey, field: string = PID) =>
  new ApiError(status, key, {}, { field, code: 'wrong_step' });

/** Why a process cannot take the requested step, by the step it is in. */
function refuse(step: string, wanted: 'enterPhone' | 'enterEmail' | 'create'): ApiError {
  if (step === 'done') return stepError(409, 'registrationFinished');
  if (step === 'phone' || step === 'confirmPhone') return stepError(400, 'phoneNotConfirmed');
  if (wanted === 'enterPhone') return stepError(409, 'phoneAlreadyConfirmed');
  if (wanted === 'enterEmail') return stepError(409, 'emailAlreadyConfirmed');
  return stepError(400, 'emailNotConfirmed');
}

async function isTaken(ctx: GatewayContext, column: 'phone' | 'email', value: string): Promise<boolean> {
  const rows = await ctx.db.select({ id: users.id }).from(users).where(eq(users[column], value)).limit(1);
  return rows.length > 0;
}

/** Moves the process to `step` with new contact details; a changed contact voids the code sent to the old one. */
async function advance(
  ctx: GatewayContext, process: ProcessRow, from: string[], values: Partial<ProcessRow> & { step: string },
  changed: boolean,
): Promise<ProcessRow> {
  const [row] = await ctx.db.update(authProcesses)
    .set(changed ? { ...values, codeHash: null, codeUsed: false } : values)
    .where(and(eq(authProcesses.id, process.id), inArray(authProcesses.step, from)))
    .returning();
  if (!row) throw refuse('done', 'enterPhone');
  return row;
}

export function registerRegistrationRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const secure = isSecureOrigin(ctx.config.publicUrl);
  const remember = (reply: FastifyReply, id: string | null) =>
    setCookie(reply, COOKIE, id ?? '', { path: COOKIE_PATH, maxAgeSeconds: id ? PROCESS_TTL_SECONDS : 0, secure });
  /** The named process, else this browser's; neither is 404 like an unknown one. */
  const processOf = (id: string | undefined, request: FastifyRequest) => {
    const remembered = readCookie(request, COOKIE);
    const chosen = id ?? (remembered !== null && UUID.test(remembered) ? remembered : null);
    if (chosen === null) throw new ApiError(404, 'processNotFound', {}, { field: PID, code: 'process_not_found' });
    return loadProcess(ctx, chosen, 'registration', PID);
  };

  registerCall(app, ctx, reg.enterPhone, async ({ body, lang, ip, reply }) => {
    if (await isTaken(ctx, 'phone', body.phone)) {
      throw new ApiError(409, 'phoneTaken', {}, { field: 'phone', code: 'phone_taken' });
    }
    let process: ProcessRow;
    if (body.registrationProcessId === null) {
      const now = ctx.now();
      const [row] = await ctx.db.insert(authProcesses).values({
        id: randomUUID(), kind: 'registration', step: 'confirmPhone', phone: body.phone,
        usingFlashcall: body.usingFlashcall, ip, createdAt: now,
        expiresAt: new Date(now.getTime() + PROCESS_TTL_SECONDS * 1000),
      }).returning();
      if (!row) throw new Error('registration process was not stored');
      process = row;
    } else {
      const found = await loadProcess(ctx, body.registrationProcessId, 'registration', PID);
      if (found.step !== 'phone' && found.step !== 'confirmPhone') throw refuse(found.step, 'enterPhone');
      const changed = found.phone !== body.phone || found.usingFlashcall !== body.usingFlashcall;
      process = await advance(ctx, found, ['phone', 'confirmPhone'],
        { step: 'confirmPhone', phone: body.phone, usingFlashcall: body.usingFlashcall }, changed);
    }
    const channel = body.usingFlashcall ? 'flashcall' : 'sms';
    const code = await sendCode(ctx, process, { channel, recipient: body.phone, lang });
    remember(reply, process.id);
    return { registrationProcessId: process.id, code };
  }, { rateLimitKey: ({ body }) => body.phone });

  registerCall(app, ctx, reg.enterEmail, async ({ body, lang, request }) => {
    const email = normalizeEmail(body.email);
    const found = await processOf(body.registrationProcessId, request);
    if (found.step !== 'email' && found.step !== 'confirmEmail') throw refuse(found.step, 'enterEmail');
    if (await isTaken(ctx, 'email', email)) {
      throw new ApiError(409, 'emailTaken', {}, { field: 'email', code: 'email_taken' });
    }
    const process = await advance(ctx, found, ['email', 'confirmEmail'], { step: 'confirmEmail', email }, found.email !== email);
    const code = await sendCode(ctx, process, { channel: 'email', recipient: email, lang });
    return { registrationProcessId: process.id, code };
  }, { rateLimitKey: ({ body }) => normalizeEmail(body.email) });

  registerCall(app, ctx, reg.confirmCredential, async ({ body }) => {
    const found = await loadProcess(ctx, body.registrationProcessId, 'registration', PID);
    if (found.step === 'done') throw refuse('done', 'create');
    if (found.step !== 'confirmPhone' && found.step !== 'confirmEmail') {
      throw new ApiError(400, 'codeNotRequested', {}, { field: 'code', code: 'code_not_requested' });
    }
    const confirmed = found.step === 'confirmPhone' ? ('phone' as const) : ('email' as const);
    const next = confirmed === 'phone' ? 'email' : 'userData';
    return confirmCode(ctx, found.id, body.code, async (tx) => {
      // The next contact gets its own send budget and no resend pause.
      const [moved] = await tx.update(authProcesses)
        .set({ step: next, codeHash: null, codeSentAt: null, sends: 0, attempts: 0 })
        .where(and(eq(authProcesses.id, found.id), eq(authProcesses.step, found.step)))
        .returning({ id: authProcesses.id });
      if (!moved) throw new ApiError(400, 'codeUsed', {}, { field: 'code', code: 'code_used' });
      return { confirmed };
    });
  }, { rateLimitKey: ({ body }) => body.registrationProcessId });

  registerCall(app, ctx, reg.createProfile, async ({ body, ip, userAgent, request, reply, lang }) => {
    const found = await processOf(body.registrationProcessId, request);
    if (found.step !== 'userData') throw refuse(found.step, 'create');
    const passwordHash = await hashPassword(body.password);
    try {
      const created = await ctx.db.transaction(async (tx) => {
        const [claimed] = await tx.update(authProcesses).set({ step: 'done' })
          .where(and(eq(authProcesses.id, found.id), eq(authProcesses.step, 'userData'))).returning();
        if (!claimed?.phone || !claimed.email) throw refuse('done', 'create');
        const [user] = await tx.insert(users)
          .values({ phone: claimed.phone, email: claimed.email, passwordHash, isFilled: false, lang, createdAt: ctx.now() })
          .returning({ id: users.id });
        if (!user) throw new Error('user was not stored');
        await notifyInvitee(tx, user.id, claimed.email, ctx.now());
        return { userId: user.id, accessToken: await openSession(ctx, tx, user.id, { deviceInfo: userAgent, location: '', ip }) };
      });
      remember(reply, null);
      rememberDevice(ctx, { request, reply }, created.userId);
      return { accessToken: created.accessToken };
    } catch (error) {
      // Someone registered the same phone or e-mail while this process was running.
      const index = uniqueViolation(error);
      if (index?.includes('email')) throw new ApiError(409, 'emailTaken', {}, { field: 'email', code: 'email_taken' });
      if (index !== null) throw new ApiError(409, 'phoneTaken', {}, { field: 'phone', code: 'phone_taken' });
      throw error;
    }
  });
}
