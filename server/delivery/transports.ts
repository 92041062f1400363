import { createTransport } from 'nodemailer';
import type { OutboxAttachment } from './schema';
import { DeliveryFailure } from './failure';
import type { OutboxRow } from './outbox-queue';
import type { SmsProvider } from './sms/provider';

/** A message as a transport sends it: the row with its text opened. */
export type OpenMessage = Pick<OutboxRow, 'id' | 'channel' | 'recipient' | 'subject' | 'body' | 'html' | 'attachments' | 'code'>;

export interface SentReceipt { providerMessageId: string | null; providerStatus: string | null; final: boolean }

export interface Transports {
  send(message: OpenMessage): Promise<SentReceipt>;
  /** The SMS provider, when one is configured (statuses are asked of it). */
  sms: SmsProvider | null;
  close(): void;
}

interface TransportOptions {
  smtpUrl: string | null;
  mailFrom: string;
  sms: SmsProvider | null;
  /** The host part of Message-IDs: the portal's own name. */
  messageIdHost: string;
  timeoutMs: number;
  /** The PDF of an invoice a letter attaches, drawn when it is sent; null when the invoice no longer exists. */
  invoicePdf(invoiceId: number): Promise<Buffer | null>;
  /** Production counts nothing as sent that no server took; elsewhere the dev outbox is where it ends. */
  production: boolean;
}

/**
 * A 5xx answer to the recipient or to the letter itself (no such mailbox, refused content) is final: no retry changes
 * it. A 5xx to the connection, the sign-in or the sender is the server's setup, which an operator fixes, and 4xx and
 * dropped connections pass: those are retried until the give-up time.
 */
function smtpFailure(error: unknown): DeliveryFailure {
  const { responseCode, command } = error as { responseCode?: unknown; command?: unknown };
  const message = error instanceof Error ? error.message : String(error);
  const refused = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && (command === 'RCPT TO' || command === 'DATA');
  return new DeliveryFailure(`SMTP: ${message}`, refused ? 'permanent' : 'retry');
}

/** nodemailer reads its timeouts from the URL's query as well: a silent server fails the send instead of holding it. */
function withTimeouts(smtpUrl: string, timeoutMs: number): string {
  const url = new URL(smtpUrl);
  for (const name of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(timeoutMs));
  }
  return url.toString();
}

const OUTBOX_ONLY: SentReceipt = { providerMessageId: null, providerStatus: null, final: true };

/**
 * Where each channel goes: e-mail over SMTP, SMS and calls to the provider. Outside production, a channel with
 * nothing configured ends in the outbox (the dev outbox page shows it); production starts only with both configured
 * (server/delivery/settings.ts), or with phone codes off, and then fails a stray phone message rather than pretend.
 */
export function createTransports(options: TransportOptions): Transports {
  const mailer = options.smtpUrl ? createTransport(withTimeouts(options.smtpUrl, options.timeoutMs)) : null;
  const provider = options.sms;
  async function attachmentBytes(file: OutboxAttachment): Promise<Buffer> {
    if ('base64' in file) return Buffer.from(file.base64, 'base64');
    const pdf = await options.invoicePdf(file.invoiceId);
    if (!pdf) throw new DeliveryFailure(`the invoice ${file.invoiceId} it attaches no longer exists`, 'permanent');
    return pdf;
  }
  return {
    sms: provider,
    async send(message) {
      if (message.channel === 'email') {
        if (!mailer) {
          if (options.production) throw new DeliveryFailure('no mail server is configured (SMTP_URL)', 'permanent');
          return OUTBOX_ONLY;
        }
        await mailer.sendMail({
          from: options.mailFrom, to: message.recipient, subject: message.subject, text: message.body,
          ...(message.html ? { html: message.html } : {}),
          // One id per outbox row: a letter sent twice (a gateway died after the server took it) is one letter to a
          // mail client that drops duplicates.
          messageId: `<outbox-${message.id}@${options.messageIdHost}>`,
          attachments: await Promise.all((message.attachments ?? []).map(async (file) => ({
            filename: file.filename, contentType: file.contentType, content: await attachmentBytes(file),
          }))),
        }).catch((error: unknown) => { throw smtpFailure(error); });
        return OUTBOX_ONLY;
      }
      if (!provider) {
        if (options.production) throw new DeliveryFailure('no SMS provider is configured (SMS_PROVIDER)', 'permanent');
        return OUTBOX_ONLY;
      }
      if (message.channel === 'flashcall') {
        if (!message.code) throw new DeliveryFailure('a flash call without its code', 'cannotCall');
        return provider.flashCall(message.recipient, message.code);
      }
      return provider.sendSms(message.recipient, message.body);
    },
    close() {
      mailer?.close();
    },
  };
}
