import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import { asFailure } from './failure';
import { dueStatusChecks, recordStatus, takeStatusCheck } from './outbox-queue';
import type { SmsProvider } from './sms/provider';

/** Statuses are asked for a day after the send at most; a provider keeps them about that long. */
const LAST_STATUS_CHECK_MS = 24 * 3600_000;
const STATUS_CHECKS_PER_ROUND = 20;

interface StatusCheckOptions {
  db: Db;
  provider: SmsProvider;
  log: FastifyBaseLogger;
  now: () => Date;
  /** The pause before the first check; each next one waits as long as the message has been out. */
  firstCheckMs: number;
}

/**
 * One round of reading the provider's delivery statuses back: the due checks, each taken by moving its time on
 * first (so two gateways never ask twice), then asked. It runs beside the sending, never in its way.
 */
export async function checkStatuses({ db, provider, log, now, firstCheckMs }: StatusCheckOptions): Promise<void> {
  for (const row of await dueStatusChecks(db, now(), STATUS_CHECKS_PER_ROUND)) {
    if (row.channel === 'email' || row.providerMessageId === null) continue;
    const at = now();
    const out = at.getTime() - (row.sentAt ?? at).getTime();
    const next = out * 2 > LAST_STATUS_CHECK_MS ? null : new Date(at.getTime() + Math.max(firstCheckMs, out));
    if (!(await takeStatusCheck(db, row, next))) continue;
    try {
      // The adapter's own time limit (DELIVERY_SEND_TIMEOUT_SECONDS) bounds the call.
      const status = await provider.status(row.channel, row.providerMessageId);
      await recordStatus(db, row.id, status.providerStatus, status.final);
      log.info({ outboxId: row.id, channel: row.channel, providerStatus: status.providerStatus, final: status.final }, 'provider status read');
    } catch (error) {
      log.warn({ outboxId: row.id, reason: asFailure(error).message, nextCheck: next?.toISOString() ?? null }, 'provider status not read');
    }
  }
}
