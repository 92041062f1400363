import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { number, object } from 'superstruct';
import type { RestorationClientData, RestorationStarted } from '../../src/contract/clients';
import { confirmCode, sendCode, type ProcessRow } from '../auth/codes';
import { normalizeEmail } from '../auth/login-id';
import { insertProcess, loadOwnProcess, processNotFound, readPayload } from '../auth/user-processes';
import type { GatewayContext } from '../context';
import type { Db } from '../db/connect';
import { authProcesses } from '../auth/schema';
import { legacyClients, legacyOrders } from './schema';
import { ApiError } from '../http/errors';
import type { Lang } from '../http/messages';
import { checkNewClient, insertClient } from './client-create';

/**
 * Client restoration: the old cabinet's client is found by its e-mail or by an order number with the
 * order's e-mail; a code goes to that e-mail; after the code the caller finishes with the (editable) data and
 * becomes the new client's owner. Steps of the process: 'code' → 'confirmed' → 'done'.
 */
const KIND = 'client_restoration';
const payloadStruct = object({ legacyClientId: number() });

interface Found {
  legacyClientId: number;
  email: string;
}

const alreadyRestored = () => new ApiError(409, 'alreadyRestored', {}, { field: 'restorationId', code: 'already_restored' });

export async function findByOldLkEmail(db: Db, oldLkEmail: string): Promise<Found> {
  const email = normalizeEmail(oldLkEmail);
  const [row] = await db.select({ id: legacyClients.id }).from(legacyClients)
    .where(and(eq(sql`lower(${legacyClients.email})`, email), isNull(legacyClients.restoredClientId)))
    .orderBy(asc(legacyClients.id)).limit(1);
  if (!row) throw new ApiError(404, 'legacyEmailNotFound', {}, { field: 'oldLKEmail', code: 'not_found' });
  return { legacyClientId: row.id, email };
}

/** One answer whether the number or the e-mail was wrong, so neither can be probed on its own. */
export async function findByOrder(db: Db, orderEmail: string, orderNumber: string): Promise<Found> {
  const email = normalizeEmail(orderEmail);
  const [row] = await db.select({ id: legacyClients.id }).from(legacyOrders)
    .innerJoin(legacyClients, eq(legacyClients.id, legacyOrders.legacyClientId))
    .where(and(
      eq(sql`upper(${legacyOrders.number})`, orderNumber.trim().toUpperCase()),
      eq(sql`lower(${legacyOrders.email})`, email),
      isNull(legacyClients.restoredClientId),
    )).limit(1);
  if (!row) throw new ApiError(404, 'legacyOrderNotFound', {}, { field: 'orderNumber', code: 'not_found' });
  return { legacyClientId: row.id, email };
}

const legacyIdOf = (process: ProcessRow): number => readPayload(process, payloadStruct).legacyClientId;

/**
 * Starting again for the same old client continues the user's live process, so the resend pause and the limit of
 * codes per process hold as at sign-in; another old client or e-mail starts a new process.
 */
export async function startRestoration(ctx: GatewayContext, userId: number, lang: Lang, found: Found): Promise<RestorationStarted> {
  const now = ctx.now();
  const live = await ctx.db.select().from(authProcesses)
    .where(and(eq(authProcesses.userId, userId), eq(authProcesses.kind, KIND), eq(authProcesses.step, 'code'),
      eq(authProcesses.email, found.email), gt(authProcesses.expiresAt, now)))
    .orderBy(desc(authProcesses.createdAt));
  let process = live.find((row) => legacyIdOf(row) === found.legacyClientId);
  process ??= await insertProcess(ctx, ctx.db, {
    kind: KIND, userId, step: 'code', email: found.email, payload: { legacyClientId: found.legacyClientId },
  });
  const sent = await sendCode(ctx, process, { channel: 'email', recipient: found.email, lang });
  return { restorationId: process.id, sentTo: sent.destination, codeLength: sent.codeLength, resendAfterSeconds: sent.resendAfterSeconds };
}

/** Only the user who started a restoration can continue it; to anyone else it does not exist. */
async function ownProcess(ctx: GatewayContext, userId: number, restorationId: string): Promise<ProcessRow> {
  const process = await loadOwnProcess(ctx, userId, restorationId, KIND, 'restorationId');
  if (process.step === 'done') throw alreadyRestored();
  return process;
}

async function liveLegacy(db: Db, process: ProcessRow) {
  const [legacy] = await db.select().from(legacyClients).where(eq(legacyClients.id, legacyIdOf(process)));
  if (!legacy) throw processNotFound('restorationId');
  if (legacy.restoredClientId !== null) throw alreadyRestored();
  return legacy;
}

export async function confirmRestoration(
  ctx: GatewayContext, userId: number, restorationId: string, code: string,
): Promise<{ restorationId: string; clientData: RestorationClientData }> {
  const process = await ownProcess(ctx, userId, restorationId);
  return confirmCode(ctx, process.id, code, async (tx) => {
    await tx.update(authProcesses).set({ step: 'confirmed' }).where(eq(authProcesses.id, process.id));
    const legacy = await liveLegacy(tx, process);
    return {
      restorationId: process.id,
      clientData: {
        name: legacy.name, fullName: legacy.fullName, clientType: legacy.clientType,
        inn: legacy.inn, kpp: legacy.kpp, ogrn: legacy.ogrn, countryId: legacy.countryId, regionId: legacy.regionId,
      },
    };
  });
}

/**
 * Creates the client from the edited data, checked like Create (requisites, reference ids, INN unique), with the
 * caller as owner; in the same transaction the process is used up and the old client marked restored.
 */
export async function finishRestoration(
  ctx: GatewayContext, userId: number, restorationId: string, clientData: RestorationClientData,
): Promise<number> {
  const process = await ownProcess(ctx, userId, restorationId);
  if (process.step !== 'confirmed') {
    throw new ApiError(409, 'emailNotConfirmed', {}, { field: 'restorationId', code: 'email_not_confirmed' });
  }
  const legacy = await liveLegacy(ctx.db, process);
  const checked = await checkNewClient(ctx.db, clientData, false);
  return insertClient(ctx.db, userId, checked, ctx.now(), async (tx, clientId) => {
    const usedUp = await tx.update(authProcesses).set({ step: 'done' })
      .where(and(eq(authProcesses.id, process.id), eq(authProcesses.step, 'confirmed'))).returning({ id: authProcesses.id });
    const marked = await tx.update(legacyClients).set({ restoredClientId: clientId })
      .where(and(eq(legacyClients.id, legacy.id), isNull(legacyClients.restoredClientId))).returning({ id: legacyClients.id });
    if (usedUp.length === 0 || marked.length === 0) throw alreadyRestored();
  });
}
