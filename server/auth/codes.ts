import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { CodeSentResponse } from '../../src/contract/auth';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { authProcesses } from './schema';
import type { Channel } from '../delivery/delivery';
import { ApiError, secondsUntil, tooManyRequests } from '../http/errors';
import { translate, type Lang } from '../http/messages';
import { randomDigits, randomSecret, sameHash, sha256 } from './crypto';
import { maskEmail, maskPhone } from './login-id';
import { peek, spend, type Bucket } from './rate-limit';

export type ProcessRow = typeof authProcesses.$inferSelect;
export type ProcessKind = ProcessRow['kind'];

export const MAX_ATTEMPTS = 5;
export const MAX_SENDS = 5;
export const RESEND_AFTER_SECONDS = 30;
/** How long a login, registration or reset process may be continued. */
export const PROCESS_TTL_SECONDS = 60 * 60;

/**
 * Checks of four-digit flash-call codes per account (the user, or the phone being registered) per fixed day, over
 * every code and process. A day-long span overlaps two windows, so it sees at most 96 guesses, each right with
 * probability at most 1/9996: under 0.97 % a day (docs/decisions.md). Fixed, not a setting: it is the bound.
 */
export const FLASHCALL_GUESSES_PER_DAY = 48;
const DAY_SECONDS = 24 * 3600;

const flashcallBucket = (process: ProcessRow): Bucket => ({
  key: `flashcall:${process.userId === null ? `phone:${process.phone ?? ''}` : `user:${process.userId}`}`,
  limit: FLASHCALL_GUESSES_PER_DAY, windowSeconds: DAY_SECONDS,
  message: 'flashcallGuessesExceeded', code: 'flashcall_guesses_exceeded',
});

const codeHash = (processId: string, code: string) => sha256(`${processId}:${code}`);

/**
 * The code columns of a process whose code goes out now. `code: null` stores a hash no code of any length can
 * match: a stand-in process that answers every check exactly like a real one (password reset of an unknown address).
 */
export function freshCode(ctx: GatewayContext, processId: string, code: string | null, length: 4 | 6) {
  const now = ctx.now();
  return {
    codeHash: code === null ? sha256(randomSecret()) : codeHash(processId, code), codeLength: length, codeSentAt: now,
    codeExpiresAt: new Date(now.getTime() + ctx.config.codeTtlSeconds * 1000), codeUsed: false, attempts: 0, sends: 1,
  };
}
const notFound = (field: string) => new ApiError(404, 'processNotFound', {}, { field, code: 'process_not_found' });

export async function loadProcess(ctx: GatewayContext, id: string, kind: ProcessKind, field: string): Promise<ProcessRow> {
  const [row] = await ctx.db.select().from(authProcesses).where(eq(authProcesses.id, id));
  if (!row || row.kind !== kind || row.expiresAt.getTime() <= ctx.now().getTime()) throw notFound(field);
  return row;
}

const resendAtOf = (process: ProcessRow): number => (process.codeSentAt?.getTime() ?? 0) + RESEND_AFTER_SECONDS * 1000;

/**
 * No more codes for this process: nothing frees before it ends, so `Retry-After` names its end; starting again (a new
 * sign-in, registration or reset, which the message asks for) is not held by it.
 */
const sendsExceeded = (process: ProcessRow, now: Date) =>
  tooManyRequests('sendsExceeded', secondsUntil(process.expiresAt, now), {}, { code: 'sends_exceeded' });

export interface CodeMessage {
  channel: Channel;
  recipient: string;
  lang: Lang;
  /** The request's field that names the recipient, for the answer when no code can reach it: by default phone or email. */
  field?: string;
  /** What the person can do when no code can reach them: correct the value (default) or choose another method. */
  fixBy?: 'value' | 'method';
}

function compose(message: CodeMessage, code: string, minutes: number): { subject: string; body: string } {
  const { lang } = message;
  if (message.channel === 'email') {
    return { subject: translate(lang, 'emailCodeSubject'), body: translate(lang, 'emailCodeBody', { code, minutes }) };
  }
  // A flash call's body is the SMS its code goes in when no call can be placed; the call itself carries only the code.
  return { subject: translate(lang, message.channel === 'sms' ? 'smsSubject' : 'callSubject'), body: translate(lang, 'smsBody', { code }) };
}

/** No code can reach the recipient (the provider or the mail server refused it): the field that named it is wrong. */
function undeliverable(message: CodeMessage, destination: string): ApiError {
  const medium = message.channel === 'email' ? 'email' : 'phone';
  const kind = message.fixBy === 'method' && medium === 'phone' ? 'method' : medium;
  return new ApiError(400, 'codeUndeliverable', { kind, destination }, { field: message.field ?? medium, code: 'code_undeliverable' });
}

/**
 * Replaces the process's code with a fresh one and delivers it. Refused while the previous code is younger
 * than RESEND_AFTER_SECONDS or after MAX_SENDS codes; the conditional update makes concurrent sends safe.
 */
export async function sendCode(
  ctx: GatewayContext, process: ProcessRow, message: CodeMessage, db: Db = ctx.db,
): Promise<CodeSentResponse> {
  const now = ctx.now();
  if (process.sends >= MAX_SENDS) throw sendsExceeded(process, now);
  const resendAt = resendAtOf(process);
  const tooSoon = () => {
    const seconds = secondsUntil(resendAt, now);
    return tooManyRequests('resendTooSoon', seconds, { seconds }, { code: 'resend_too_soon' });
  };
  if (resendAt > now.getTime()) throw tooSoon();
  if (message.channel === 'flashcall') {
    // No call is placed for a code nobody may check any more today; spending once more only answers the refusal.
    const bucket = flashcallBucket(process);
    if ((await peek(ctx, bucket.key, bucket.windowSeconds)) >= bucket.limit) await spend(ctx, [bucket]);
  }
  const length = message.channel === 'flashcall' ? 4 : 6;
  const code = randomDigits(length);
  const ttl = ctx.config.codeTtlSeconds;
  const updated = await db.update(authProcesses).set({
    codeHash: codeHash(process.id, code), codeLength: length, codeSentAt: now,
    codeExpiresAt: new Date(now.getTime() + ttl * 1000), codeUsed: false, attempts: 0, sends: process.sends + 1,
  }).where(and(eq(authProcesses.id, process.id), eq(authProcesses.sends, process.sends))).returning({ id: authProcesses.id });
  if (updated.length === 0) throw tooSoon();
  const minutes = Math.ceil(ttl / 60);
  const destination = message.channel === 'email' ? maskEmail(message.recipient) : maskPhone(message.recipient);
  const sent = await ctx.delivery.deliver({ channel: message.channel, recipient: message.recipient, code, ...compose(message, code, minutes) });
  if (sent.state === 'failed') {
    // Nobody got this code: it is voided and the send given back, so a corrected number or address may go at once.
    await db.update(authProcesses).set({ codeHash: null, codeSentAt: process.codeSentAt, sends: process.sends })
      .where(and(eq(authProcesses.id, process.id), eq(authProcesses.sends, process.sends + 1)));
    throw undeliverable(message, destination);
  }
  return {
    destination, codeLength: length === 4 ? 4 : 6, expiresInSeconds: ttl as CodeSentResponse['expiresInSeconds'],
    resendAfterSeconds: RESEND_AFTER_SECONDS, sentBy: sent.channel, delayed: sent.state === 'queued',
  };
}

/**
 * Checks a code. Each check first takes one of MAX_ATTEMPTS atomically, so the sixth try is refused even with
 * the right code until a new one is sent; the right code is then claimed once, and `onSuccess` runs in the same
 * transaction as the claim.
 */
export async function confirmCode<T>(
  ctx: GatewayContext, processId: string, code: string, onSuccess: (tx: Db, process: ProcessRow) => Promise<T>,
): Promise<T> {
  const field = { field: 'code' };
  const [taken] = await ctx.db.update(authProcesses).set({ attempts: sql`${authProcesses.attempts} + 1` })
    .where(and(eq(authProcesses.id, processId), isNotNull(authProcesses.codeHash), eq(authProcesses.codeUsed, false),
      lt(authProcesses.attempts, MAX_ATTEMPTS)))
    .returning();
  if (!taken) {
    const [row] = await ctx.db.select().from(authProcesses).where(eq(authProcesses.id, processId));
    if (!row?.codeHash) throw new ApiError(400, 'codeNotRequested', {}, { ...field, code: 'code_not_requested' });
    if (row.codeUsed) throw new ApiError(400, 'codeUsed', {}, { ...field, code: 'code_used' });
    // The attempts come back with the next code: once a resend is allowed, or never on this process.
    const now = ctx.now();
    const nextCode = row.sends >= MAX_SENDS ? row.expiresAt : resendAtOf(row);
    throw tooManyRequests('codeAttemptsExceeded', secondsUntil(nextCode, now), {}, { ...field, code: 'too_many_attempts' });
  }
  if ((taken.codeExpiresAt?.getTime() ?? 0) <= ctx.now().getTime()) {
    throw new ApiError(400, 'codeExpired', {}, { ...field, code: 'code_expired' });
  }
  if (taken.codeLength === 4) await spend(ctx, [flashcallBucket(taken)]);
  if (!sameHash(codeHash(processId, code), taken.codeHash)) {
    throw new ApiError(400, 'codeWrong', { left: MAX_ATTEMPTS - taken.attempts }, { ...field, code: 'code_wrong' });
  }
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx.update(authProcesses).set({ codeUsed: true })
      .where(and(eq(authProcesses.id, processId), eq(authProcesses.codeUsed, false),
        eq(authProcesses.codeHash, taken.codeHash ?? ''), gte(authProcesses.expiresAt, ctx.now())))
      .returning();
    if (!claimed) throw new ApiError(400, 'codeUsed', {}, { ...field, code: 'code_used' });
    return onSuccess(tx, claimed);
  });
}
