import type { FastifyBaseLogger } from 'fastify';
import type { GatewayConfig } from '../config';
import type { Db } from '../db/connect';
import type { OutboxAttachment } from './schema';
import { enqueueMessage, waitingMessages, type OutboxDraft } from './outbox-queue';
import { createSeal } from './seal';
import { createSmsProvider } from './sms/provider';
import { createTransports } from './transports';
import { startDeliveryWorkers, type Channel, type DeliveryWorkers } from './workers';

export type { Channel } from './workers';

export interface OutgoingMessage {
  channel: Channel;
  recipient: string;
  subject: string;
  /** The SMS, or the letter's plain-text part; a flash call's is the SMS sent if the call cannot be placed. */
  body: string;
  html?: string | null;
  attachments?: OutboxAttachment[] | null;
  code: string | null;
}

/** How a message went on its first try: a flash call may have become an SMS, a letter may wait for its server. */
export interface DeliveryReceipt {
  channel: Channel;
  state: 'sent' | 'queued' | 'failed';
}

/** Where codes and letters go: always through the outbox (docs/decisions.md "Delivery"). */
export interface Delivery {
  /** Queues a message and tries it at once while the caller waits: codes and security letters. */
  deliver(message: OutgoingMessage): Promise<DeliveryReceipt>;
  /** Queues a letter in the caller's transaction; a gateway's workers send it at their next look after it commits. */
  queue(db: Db, message: OutgoingMessage): Promise<void>;
  /** The state of this gateway's delivery workers, for /api/ready. */
  workers(): ReturnType<DeliveryWorkers['state']>;
  /** What waits in the outbox, all gateways' alike: how many messages, and since when the oldest. */
  waiting(): Promise<{ count: number; oldest: Date | null }>;
  close(): Promise<void>;
}

interface DeliveryOptions {
  config: Pick<GatewayConfig, 'delivery' | 'smtpUrl' | 'mailFrom' | 'publicUrl' | 'production' | 'codeTtlSeconds'>;
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  /** The signing secret: codes waiting in production's outbox are sealed under a key derived from it. */
  secret: string;
  /** Draws the PDF of an invoice a letter attaches, when it is sent. */
  invoicePdf(invoiceId: number): Promise<Buffer | null>;
}

export function createDelivery({ config, db, log, now, secret, invoicePdf }: DeliveryOptions): Delivery {
  const settings = config.delivery;
  const seal = createSeal(secret);
  const timeoutMs = settings.sendTimeoutSeconds * 1000;
  const transports = createTransports({
    smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, production: config.production, timeoutMs,
    sms: settings.sms ? createSmsProvider(settings.sms, { timeoutMs }) : null,
    messageIdHost: new URL(config.publicUrl).hostname, invoicePdf,
  });
  const workers = startDeliveryWorkers({ db, settings, transports, seal, forget: config.production, log, now });

  function draft(message: OutgoingMessage): OutboxDraft {
    const at = now().getTime();
    // A code is worth sending while it can be entered; a letter for as long as the operator allows.
    const giveUpAt = new Date(at + (message.code === null ? settings.letterGiveUpHours * 3600_000 : config.codeTtlSeconds * 1000));
    const sealed = config.production && message.code !== null;
    const text = (value: string | null | undefined) => (value === null || value === undefined ? null : sealed ? seal.close(value) : value);
    return {
      channel: message.channel, recipient: message.recipient, subject: message.subject, giveUpAt, sealed,
      body: text(message.body) ?? '', html: text(message.html), code: text(message.code), attachments: message.attachments ?? null,
    };
  }

  function logQueued(message: OutgoingMessage, id: number): void {
    // Outside production the log names the code, for a developer without the outbox page; production never does.
    const code = config.production ? '' : `: code ${message.code ?? '-'}`;
    log.info({ outboxId: id }, `outbox ${message.channel} to ${message.recipient}${code}`);
  }

  return {
    async deliver(message) {
      const row = await workers.enqueue(draft(message));
      logQueued(message, row.id);
      const outcome = await workers.attempt(row);
      return outcome.state === 'elsewhere' ? { channel: message.channel, state: 'queued' } : outcome;
    },
    async queue(transaction, message) {
      const row = await enqueueMessage(transaction, draft(message), now());
      logQueued(message, row.id);
    },
    workers: () => workers.state(),
    waiting: () => waitingMessages(db),
    close: () => workers.close(),
  };
}
