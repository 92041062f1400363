import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import { asFailure, DeliveryFailure } from './failure';
import type { Lease } from '../db/leased-queue';
import { markFailed, markSent, renewLease, retryLater, switchToSms, type OutboxRow } from './outbox-queue';
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

export interface AttemptOptions {
  db: Db;
  settings: DeliverySettings;
  transports: Transports;
  seal: Seal;
  /** Production forgets a message's text once it is sent or failed. */
  forget: boolean;
  log: FastifyBaseLogger;
  now: () => Date;
  lease: Lease;
}

export interface Attempts {
  /** Sends a claimed message once, holding its lease meanwhile, and records what came of it. */
  run(row: OutboxRow): Promise<AttemptOutcome>;
  /** The gateway is going: leases are no longer renewed nor writes retried; what is unrecorded waits for its lease. */
  abandon(): void;
}

/** Pauses between tries of a write that records an outcome while the database is away (about 16 s in all). */
const RECORD_RETRY_MS = [250, 500, 1000, 2000, 4000, 8000];

const pause = (ms: number) => new Promise((resolve) => { setTimeout(resolve, ms); });

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DeliveryFailure(`${what} took longer than ${ms} ms`, 'retry')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

type SendResult = { receipt: SentReceipt } | { failure: DeliveryFailure };

export function createAttempts({ db, settings, transports, seal, forget, log, now, lease }: AttemptOptions): Attempts {
  const sendTimeoutMs = settings.sendTimeoutSeconds * 1000;
  let abandoned = false;
  const heartbeats = new Set<ReturnType<typeof setInterval>>();

  const open = (row: OutboxRow): OpenMessage => {
    const text = (value: string | null) => (row.sealed && value !== null ? seal.open(value) : value);
    return { ...row, body: text(row.body) ?? '', html: text(row.html), code: text(row.code) };
  };

  const send = (message: OpenMessage): Promise<SendResult> =>
    withTimeout(transports.send(message), sendTimeoutMs, `sending by ${message.channel}`)
      .then((receipt) => ({ receipt }), (error: unknown) => ({ failure: asFailure(error) }));

  const retryDelayMs = (attempts: number) => {
    const base = Math.min(settings.retryMaxSeconds, settings.retryBaseSeconds * 2 ** Math.max(0, attempts - 1)) * 1000;
    return base * (0.8 + Math.random() * 0.4);
  };

  /**
   * Renews the lease every third of it while the message is sent and recorded, so a slow server never lets another
   * gateway take a message this one is still sending; a gateway that dies stops renewing, and its lease runs out.
   */
  async function holding<T>(row: OutboxRow, work: () => Promise<T>): Promise<T> {
    const heartbeat = setInterval(() => {
      if (abandoned) return;
      renewLease(db, row.id, lease, now()).then((held) => {
        if (!held) log.warn({ outboxId: row.id }, 'message lease lost while sending: another gateway may send it too');
      }, (error: unknown) => log.warn({ err: error, outboxId: row.id }, 'message lease not renewed'));
    }, Math.max(100, lease.leaseMs / 3));
    heartbeats.add(heartbeat);
    try {
      return await work();
    } finally {
      clearInterval(heartbeat);
      heartbeats.delete(heartbeat);
    }
  }

  /** Records an outcome, trying again while the database is away: a sent message left unmarked is sent again. */
  async function record<T>(what: string, row: OutboxRow, write: () => Promise<T>): Promise<T | undefined> {
    for (const wait of [...RECORD_RETRY_MS, null]) {
      try {
        return await write();
      } catch (error) {
        if (abandoned || wait === null) {
          log.error({ err: error, outboxId: row.id }, `${what} not recorded: the message is taken up again when its lease runs out`);
          return undefined;
        }
        await pause(wait);
      }
    }
    return undefined;
  }

  async function sent(row: OutboxRow, channel: Channel, receipt: SentReceipt, startedMs: number, note: string | null = null): Promise<AttemptOutcome> {
    const at = now();
    const statusCheckAt = receipt.final || receipt.providerMessageId === null ? null : new Date(at.getTime() + settings.statusCheckSeconds * 1000);
    const ours = await record('a sent message', row, () => markSent(db, row.id, lease.owner, {
      sentVia: channel, providerMessageId: receipt.providerMessageId, providerStatus: receipt.providerStatus, statusCheckAt, note,
    }, forget, at));
    // Never the text or the code: the id and the channel say enough to follow a message.
    log.info({
      outboxId: row.id, channel, attempts: row.attempts, sendMs: Math.round(performance.now() - startedMs),
      waitedSeconds: Math.round((at.getTime() - row.createdAt.getTime()) / 1000), providerStatus: receipt.providerStatus,
    }, ours === false ? 'message sent after its lease was lost' : 'message sent');
    return { state: 'sent', channel };
  }

  async function failed(row: OutboxRow, channel: Channel, failure: DeliveryFailure): Promise<AttemptOutcome> {
    const at = now();
    if (failure.kind === 'retry' && at < row.giveUpAt) {
      const next = new Date(at.getTime() + retryDelayMs(row.attempts));
      const runAfter = next < row.giveUpAt ? next : row.giveUpAt;
      await record('a retry', row, () => retryLater(db, row.id, lease.owner, failure.message, runAfter));
      log.warn({ outboxId: row.id, channel, attempts: row.attempts, retryAt: runAfter.toISOString(), reason: failure.message }, 'message not sent, will retry');
      return { state: 'queued', channel };
    }
    const reason = failure.kind === 'retry' ? `gave up after ${row.attempts} attempts: ${failure.message}` : failure.message;
    await record('a failure', row, () => markFailed(db, row.id, lease.owner, reason, forget));
    log.error({ outboxId: row.id, channel, attempts: row.attempts, reason }, 'message failed for good');
    return { state: 'failed', channel };
  }

  async function attempt(row: OutboxRow): Promise<AttemptOutcome> {
    // A code that expired is no use to anyone; a late letter still is, so it gets its last try.
    if (row.code !== null && now() >= row.giveUpAt) {
      return failed(row, row.channel, new DeliveryFailure('the code expired before it could be sent', 'permanent'));
    }
    let message: OpenMessage;
    try {
      message = open(row);
    } catch (error) {
      return failed(
        row,
        row.channel,
        new DeliveryFailure(`its sealed text cannot be opened (was JWT_SECRET changed?): ${asFailure(error).message}`, 'permanent'),
      );
    }
    const startedMs = performance.now();
    const first = await send(message);
    if ('receipt' in first) return sent(row, message.channel, first.receipt, startedMs);
    if (first.failure.kind !== 'cannotCall') return failed(row, message.channel, first.failure);
    // The provider cannot call this number: the code goes by SMS, in this same attempt.
    const note = `flash call refused (${first.failure.message}); sent by SMS`;
    await record('the switch to SMS', row, () => switchToSms(db, row.id, lease.owner, note));
    const bySms = await send({ ...message, channel: 'sms' });
    return 'receipt' in bySms ? sent(row, 'sms', bySms.receipt, startedMs, note) : failed(row, 'sms', bySms.failure);
  }

  return {
    run: (row) => holding(row, () => attempt(row)),
    abandon() {
      abandoned = true;
      for (const heartbeat of heartbeats) clearInterval(heartbeat);
      heartbeats.clear();
    },
  };
}
