import { and, eq, gt, ne } from 'drizzle-orm';
import { object, string, type Infer } from 'superstruct';
import { credentialType, type CredentialCodeSent, type CredentialType } from '../../src/contract/credentials';
import { confirmCode, sendCode, type ProcessRow } from '../auth/codes';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { authProcesses } from '../auth/schema';
import { users } from '../db/schema';
import { ApiError, unauthorized, uniqueViolation } from '../http/errors';
import type { Lang, MessageKey } from '../http/messages';
import { findUserById, type UserRow } from '../users/users';
import { insertProcess, loadOwnProcess, readPayload } from '../auth/user-processes';
import { channelOf, columnOf, currentValue, normalizeCredential, takenError } from './values';

const PID = 'changingProcessId';
const NEW_VALUE = 'newCredentialValue';

/** Steps of the product spec's credential change: a code to the current value, then one to the new value. */
type Step = 'confirmOld' | 'confirmNew' | 'done';

const changePayload = object({ credentialType, oldCredentialType: credentialType, newValue: string() });
type ChangePayload = Infer<typeof changePayload>;

const stepError = (key: MessageKey) => new ApiError(409, key, {}, { field: PID, code: 'wrong_step' });

function refuse(step: string, wanted: Step): ApiError {
  if (step === 'done') return stepError('credentialChangeFinished');
  return stepError(wanted === 'confirmOld' ? 'credentialOldConfirmed' : 'credentialConfirmOldFirst');
}

async function takenByOther(db: Db, type: CredentialType, value: string, userId: number): Promise<boolean> {
  const column = users[columnOf(type)];
  const rows = await db.select({ id: users.id }).from(users).where(and(eq(column, value), ne(users.id, userId))).limit(1);
  return rows.length > 0;
}

async function me(ctx: GatewayContext, userId: number): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  return user;
}

/** Where the code of the process's current step goes, and what the person can change when it cannot get there. */
function destination(user: UserRow, payload: ChangePayload, step: 'confirmOld' | 'confirmNew') {
  if (step === 'confirmOld') {
    const recipient = currentValue(user, payload.oldCredentialType, 'oldCredentialType');
    return { channel: channelOf(columnOf(payload.oldCredentialType)), recipient, field: 'oldCredentialType', fixBy: 'method' as const };
  }
  return { channel: channelOf(columnOf(payload.credentialType)), recipient: payload.newValue, field: NEW_VALUE };
}

async function sendFor(ctx: GatewayContext, process: ProcessRow, user: UserRow, step: 'confirmOld' | 'confirmNew', lang: Lang) {
  const code = await sendCode(ctx, process, { ...destination(user, readPayload(process, changePayload), step), lang });
  return { changingProcessId: process.id, code };
}

export async function startCredentialChange(
  ctx: GatewayContext, userId: number,
  body: { credentialTypeCode: CredentialType; oldCredentialType: CredentialType; newCredentialValue: string }, lang: Lang,
): Promise<CredentialCodeSent> {
  const user = await me(ctx, userId);
  const type = body.credentialTypeCode;
  const newValue = normalizeCredential(type, body.newCredentialValue, NEW_VALUE);
  if (user[columnOf(type)] === newValue) throw new ApiError(400, 'credentialSame', {}, { field: NEW_VALUE, code: 'same_value' });
  if (await takenByOther(ctx.db, type, newValue, userId)) throw takenError(columnOf(type), NEW_VALUE);
  currentValue(user, body.oldCredentialType, 'oldCredentialType');
  const payload: ChangePayload = { credentialType: type, oldCredentialType: body.oldCredentialType, newValue };
  const process = await ctx.db.transaction(async (tx) => {
    // One change at a time: starting again abandons the previous one, whatever step it had reached.
    await tx.update(authProcesses).set({ step: 'done' }).where(and(eq(authProcesses.userId, userId),
      eq(authProcesses.kind, 'credential_change'), ne(authProcesses.step, 'done'), gt(authProcesses.expiresAt, ctx.now())));
    return insertProcess(ctx, tx, { kind: 'credential_change', userId, step: 'confirmOld', payload });
  });
  return sendFor(ctx, process, user, 'confirmOld', lang);
}

export async function confirmOldCredential(
  ctx: GatewayContext, userId: number, body: { changingProcessId: string; code: string }, lang: Lang,
): Promise<CredentialCodeSent> {
  const found = await loadOwnProcess(ctx, userId, body.changingProcessId, 'credential_change', PID);
  if (found.step !== 'confirmOld') throw refuse(found.step, 'confirmOld');
  const moved = await confirmCode(ctx, found.id, body.code, async (tx) => {
    // The new value gets its own send budget and no resend pause.
    const [row] = await tx.update(authProcesses)
      .set({ step: 'confirmNew', codeHash: null, codeSentAt: null, sends: 0, attempts: 0 })
      .where(and(eq(authProcesses.id, found.id), eq(authProcesses.step, 'confirmOld')))
      .returning();
    if (!row) throw new ApiError(400, 'codeUsed', {}, { field: 'code', code: 'code_used' });
    return row;
  });
  return sendFor(ctx, moved, await me(ctx, userId), 'confirmNew', lang);
}

export async function confirmNewCredential(
  ctx: GatewayContext, userId: number, body: { changingProcessId: string; code: string },
): Promise<{ phone: string | null; email: string | null }> {
  const found = await loadOwnProcess(ctx, userId, body.changingProcessId, 'credential_change', PID);
  if (found.step !== 'confirmNew') throw refuse(found.step, 'confirmNew');
  const { credentialType: type, newValue } = readPayload(found, changePayload);
  const column = columnOf(type);
  try {
    return await confirmCode(ctx, found.id, body.code, async (tx) => {
      const [claimed] = await tx.update(authProcesses).set({ step: 'done' })
        .where(and(eq(authProcesses.id, found.id), eq(authProcesses.step, 'confirmNew'))).returning({ id: authProcesses.id });
      if (!claimed) throw new ApiError(400, 'codeUsed', {}, { field: 'code', code: 'code_used' });
      // Someone may have taken the value while the codes were on their way.
      if (await takenByOther(tx, type, newValue, userId)) throw takenError(column, NEW_VALUE);
      const [updated] = await tx.update(users).set(column === 'phone' ? { phone: newValue } : { email: newValue })
        .where(eq(users.id, userId)).returning({ phone: users.phone, email: users.email });
      if (!updated) throw unauthorized();
      return updated;
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw takenError(column, NEW_VALUE);
    throw error;
  }
}

export async function resendCredentialCode(
  ctx: GatewayContext, userId: number, changingProcessId: string, lang: Lang,
): Promise<CredentialCodeSent> {
  const found = await loadOwnProcess(ctx, userId, changingProcessId, 'credential_change', PID);
  if (found.step !== 'confirmOld' && found.step !== 'confirmNew') throw refuse(found.step, 'confirmNew');
  return sendFor(ctx, found, await me(ctx, userId), found.step, lang);
}
