import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import { asFailure, DeliveryFailure } from './failure';
import {
  claimMessage, dueStatusChecks, markFailed, markSent, recordStatus, retryLater, switchToSms, type OutboxRow,
} from './outbox-queue';
import type { Seal } from './seal';
import type { DeliverySettings } from './settings';
import type { OpenMessage, SentReceipt, Transports } from './transports';

export type Channel = OutboxRow['channel'];

/** What became of one attempt: sent (by which channel), queued again for later, failed for good, or not ours to try. */
export type AttemptOutcome =
  | { state: 'sent'; channel: Channel }
  | { state: 'queued'; channel: Channel }
  | { state: 'failed'; channel: Channel }
  | { state: 'elsewhere' };

export interface DeliveryWorkers {
  /** Claims message `id` now and tries it once, on the caller's time (a code while its request waits). */
  attempt(id: number): Promise<AttemptOutcome>;
  /** A message was queued: look now instead of at the next poll. */
  wake(): void;
  state(): 'running' | 'stopped' | 'stuck';
  /** Stops claiming and waits for the sends in flight. */
  close(): Promise<void>;
}

interface WorkerOptions {
  db: Db;
  settings: DeliverySettings;
  transports: Transports;
  seal: Seal;
  /** Production forgets a message's text once it is sent or failed. */
  forget: boolean;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** Provider statuses are asked at growing pauses from the send, and no longer than a day after. */
const FIRST_STATUS_CHECK_MS = 30_000;
const LAST_STATUS_CHECK_MS = 24 * 3600_000;
const STATUS_CHECKS_PER_ROUND = 20;

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DeliveryFailure(`${what} took longer than ${ms} ms`, 'retry')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function startDeliveryWorkers(options: WorkerOptions): DeliveryWorkers {
  const { db, settings, transports, seal, forget, log, now } = options;
  const lease = { owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, leaseMs: settings.leaseSeconds * 1000 };
  const sendTimeoutMs = settings.sendTimeoutSeconds * 1000;
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  let lastTick = Date.now();
  let lastStatusRound = 0;
  let wakeUp: (() => void) | null = null;

  const open = (row: OutboxRow): OpenMessage => {
    const text = (value: string | null) => (row.sealed && value !== null ? seal.open(value) : value);
    return { ...row, body: text(row.body) ?? '', html: text(row.html), code: text(row.code) };
  };

  const retryDelayMs = (attempts: number) => {
    const base = Math.min(settings.retryMaxSeconds, settings.retryBaseSeconds * 2 ** Math.max(0, attempts - 1)) * 1000;
    return base * (0.8 + Math.random() * 0.4);
  };

  async function sent(row: OutboxRow, channel: Channel, receipt: SentReceipt): Promise<AttemptOutcome> {
    const at = now();
    const statusCheckAt = receipt.final || receipt.providerMessageId === null ? null : new Date(at.getTime() + FIRST_STATUS_CHECK_MS);
    const ours = await markSent(db, row.id, lease.owner, {
      sentVia: channel, providerMessageId: receipt.providerMessageId, providerStatus: receipt.providerStatus, statusCheckAt,
    }, forget, at);
    // Never the text or the code: the recipient and the channel say enough to follow a message.
    log.info({ outboxId: row.id, channel, attempts: row.attempts, providerStatus: receipt.providerStatus }, ours
      ? 'message sent' : 'message sent after its lease was lost');
    return { state: 'sent', channel };
  }

  async function failed(row: OutboxRow, channel: Channel, failure: DeliveryFailure): Promise<AttemptOutcome> {
    const at = now();
    const nextAt = new Date(at.getTime() + retryDelayMs(row.attempts));
    if (failure.kind === 'retry' && at < row.giveUpAt) {
      const runAfter = nextAt < row.giveUpAt ? nextAt : row.giveUpAt;
      await retryLater(db, row.id, lease.owner, failure.message, runAfter);
      log.warn({ outboxId: row.id, channel, attempts: row.attempts, retryAt: runAfter.toISOString(), reason: failure.message }, 'message not sent, will retry');
      return { state: 'queued', channel };
    }
    const reason = failure.kind === 'retry' ? `gave up after ${row.attempts} attempts: ${failure.message}` : failure.message;
    await markFailed(db, row.id, lease.owner, reason, forget);
    log.error({ outboxId: row.id, channel, attempts: row.attempts, reason }, 'message failed for good');
    return { state: 'failed', channel };
  }

  async function tryOnce(row: OutboxRow): Promise<AttemptOutcome> {
    // A code that expired is no use to anyone; a late letter still is, so it gets its last try.
    if (row.code !== null && now() >= row.giveUpAt) {
      return failed(row, row.channel, new DeliveryFailure('the code expired before it could be sent', 'permanent'));
    }
    let message: OpenMessage;
    try {
      message = open(row);
    } catch (error) {
      return failed(row, row.channel, new DeliveryFailure(`its sealed text cannot be opened (was JWT_SECRET changed?): ${asFailure(error).message}`, 'permanent'));
    }
    try {
      return await sent(row, message.channel, await withTimeout(transports.send(message), sendTimeoutMs, `sending by ${message.channel}`));
    } catch (error) {
      const failure = asFailure(error);
      if (failure.kind !== 'cannotCall') return failed(row, message.channel, failure);
      // The provider cannot call this number: the code goes by SMS, in this same attempt.
      await switchToSms(db, row.id, lease.owner, `flash call refused (${failure.message}); sent by SMS`);
      try {
        return await sent(row, 'sms', await withTimeout(transports.send({ ...message, channel: 'sms' }), sendTimeoutMs, 'sending by sms'));
      } catch (smsError) {
        return failed(row, 'sms', asFailure(smsError));
      }
    }
  }

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  }

  async function checkStatuses(): Promise<void> {
    const provider = transports.sms;
    if (!provider || Date.now() - lastStatusRound < FIRST_STATUS_CHECK_MS / 3) return;
    lastStatusRound = Date.now();
    for (const row of await dueStatusChecks(db, now(), STATUS_CHECKS_PER_ROUND)) {
      const at = now();
      const sentFor = at.getTime() - (row.sentAt ?? at).getTime();
      const next = sentFor * 2 > LAST_STATUS_CHECK_MS ? null : new Date(at.getTime() + Math.max(FIRST_STATUS_CHECK_MS, sentFor));
      try {
        if (row.channel === 'email' || row.providerMessageId === null) continue;
        const status = await withTimeout(provider.status(row.channel, row.providerMessageId), sendTimeoutMs, 'a status check');
        await recordStatus(db, row.id, status.providerStatus, status.final ? null : next);
      } catch (error) {
        log.warn({ outboxId: row.id, reason: asFailure(error).message }, 'provider status not read');
        await recordStatus(db, row.id, row.providerStatus ?? '', next);
      }
    }
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      lastTick = Date.now();
      let claimed = false;
      try {
        while (!stopped && inFlight.size < settings.concurrency) {
          const row = await claimMessage(db, lease, now());
          if (!row) break;
          claimed = true;
          void track(tryOnce(row)).catch((error: unknown) => log.error({ err: error, outboxId: row.id }, 'delivery attempt broke'));
        }
        await checkStatuses();
      } catch (error) {
        log.error({ err: error }, 'delivery worker: the outbox could not be read');
      }
      if (stopped) break;
      // A full house waits for a send to end; an empty queue for the poll or a wake-up.
      const pause = claimed && inFlight.size >= settings.concurrency ? Promise.race([...inFlight]).catch(() => undefined) : undefined;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, settings.pollMs);
        wakeUp = () => { clearTimeout(timer); resolve(); };
        void pause?.then(() => wakeUp?.());
      });
      wakeUp = null;
    }
  }

  const running = loop();

  return {
    async attempt(id) {
      if (stopped) return { state: 'elsewhere' };
      const row = await claimMessage(db, lease, now(), id);
      if (!row) return { state: 'elsewhere' };
      return track(tryOnce(row));
    },
    wake() {
      wakeUp?.();
    },
    state() {
      if (stopped) return 'stopped';
      const late = Date.now() - lastTick > settings.pollMs * 3 + sendTimeoutMs * 2;
      return late ? 'stuck' : 'running';
    },
    async close() {
      stopped = true;
      wakeUp?.();
      await running;
      await Promise.allSettled([...inFlight]);
      transports.close();
    },
  };
}
