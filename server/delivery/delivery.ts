import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Db } from '../db/connect';
import { outbox } from '../db/schema';

export type Channel = 'sms' | 'flashcall' | 'email';

export interface OutgoingMessage {
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
  code: string | null;
}

/** Where codes and letters go. The outbox is always written; real providers are added behind this interface. */
export interface Delivery {
  deliver(message: OutgoingMessage): Promise<void>;
}

interface DeliveryOptions {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  smtpUrl: string | null;
  mailFrom: string;
  /** Outside production the log names the code, for a developer without the outbox page; production never does. */
  logCodes: boolean;
}

export function createDelivery({ db, log, now, smtpUrl, mailFrom, logCodes }: DeliveryOptions): Delivery {
  const mailer = smtpUrl ? createTransport(smtpUrl) : null;
  return {
    async deliver(message) {
      await db.insert(outbox).values({ ...message, createdAt: now() });
      log.info(logCodes ? `outbox ${message.channel} to ${message.recipient}: code ${message.code ?? '-'}`
        : `outbox ${message.channel} to ${message.recipient}`);
      if (mailer && message.channel === 'email') {
        // A mail server outage must not fail the request: the outbox still holds the message.
        mailer
          .sendMail({ from: mailFrom, to: message.recipient, subject: message.subject, text: message.body })
          .catch((error: unknown) => log.error({ err: error }, 'SMTP delivery failed'));
      }
    },
  };
}
