import { and, eq } from 'drizzle-orm';
import { enums, object, string } from 'superstruct';
import type { ReserveStarted } from '../../src/contract/credentials';
import { confirmCode, sendCode } from '../auth/codes';
import { normalizeEmail } from '../auth/login-id';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { authProcesses } from '../auth/schema';
import { users } from '../db/schema';
import { ApiError, unauthorized } from '../http/errors';
import type { Lang } from '../http/messages';
import { findUserById } from '../users/users';
import { insertProcess, loadOwnProcess, processNotFound, readPayload } from '../auth/user-processes';

export const RESERVE_KINDS = ['ReservePhone', 'ReserveEmail'] as const;
export type ReserveKind = (typeof RESERVE_KINDS)[number];

const PID = 'confirmationId';
const reservePayload = object({ kind: enums(RESERVE_KINDS), value: string() });

/** Per kind: the request field, the sign-in column it must differ from, and where the confirmed value is kept. */
const KINDS = {
  ReservePhone: { field: 'phone', main: 'phone', channel: 'sms', isMain: 'reservePhoneIsMain', missing: 'reservePhoneMissing' },
  ReserveEmail: { field: 'email', main: 'email', channel: 'email', isMain: 'reserveEmailIsMain', missing: 'reserveEmailMissing' },
} as const;

export interface ReserveValues { reservePhone: string | null; reserveEmail: string | null }

async function setReserve(db: Db, userId: number, kind: ReserveKind, value: string | null): Promise<ReserveValues> {
  const [row] = await db.update(users).set(kind === 'ReservePhone' ? { reservePhone: value } : { reserveEmail: value })
    .where(eq(users.id, userId)).returning({ reservePhone: users.reservePhone, reserveEmail: users.reserveEmail });
  if (!row) throw unauthorized();
  return row;
}

/**
 * With `given` a new reserve contact is confirmed, without it the stored one is confirmed again; either way the
 * value is stored only when its code comes back, and it may not be the sign-in phone or e-mail.
 */
export async function startReserveConfirmation(
  ctx: GatewayContext, userId: number, kind: ReserveKind, given: string | undefined, lang: Lang,
): Promise<ReserveStarted> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  const info = KINDS[kind];
  const stored = kind === 'ReservePhone' ? user.reservePhone : user.reserveEmail;
  const value = given === undefined ? stored : kind === 'ReserveEmail' ? normalizeEmail(given) : given;
  if (value === null) throw new ApiError(400, info.missing, {}, { field: info.field, code: 'reserve_missing' });
  if (value === user[info.main]) throw new ApiError(400, info.isMain, {}, { field: info.field, code: 'same_as_main' });
  const process = await insertProcess(ctx, ctx.db, { kind: 'reserve_confirmation', userId, step: 'confirm', payload: { kind, value } });
  const code = await sendCode(ctx, process, { channel: info.channel, recipient: value, lang });
  return { confirmationId: process.id, code };
}

export async function confirmReserve(
  ctx: GatewayContext, userId: number, kind: ReserveKind, body: { confirmationId: string; code: string },
): Promise<ReserveValues> {
  const found = await loadOwnProcess(ctx, userId, body.confirmationId, 'reserve_confirmation', PID);
  const payload = readPayload(found, reservePayload);
  // A phone confirmation is no e-mail confirmation: the other call does not know it.
  if (payload.kind !== kind) throw processNotFound(PID);
  if (found.step !== 'confirm') throw new ApiError(409, 'reserveFinished', {}, { field: PID, code: 'wrong_step' });
  return confirmCode(ctx, found.id, body.code, async (tx) => {
    const [claimed] = await tx.update(authProcesses).set({ step: 'done' })
      .where(and(eq(authProcesses.id, found.id), eq(authProcesses.step, 'confirm'))).returning({ id: authProcesses.id });
    if (!claimed) throw new ApiError(400, 'codeUsed', {}, { field: 'code', code: 'code_used' });
    return setReserve(tx, userId, kind, payload.value);
  });
}

export const removeReserve = (ctx: GatewayContext, userId: number, kind: ReserveKind): Promise<ReserveValues> =>
  setReserve(ctx.db, userId, kind, null);
