import { createServer } from 'node:http';
import { startSmtpCatcher } from '../../support/smtp-catcher';

/**
 * A browser worker's mail server (tests/e2e/support/test.ts starts one per worker): a real SMTP server
 * (tests/support/smtp-catcher.ts) that the worker's gateway sends its letters to, and `GET /letters` listing what it
 * received as JSON, attachments included, for the tests to read as a mail client would.
 */

export interface CaughtLetter {
  /** The outbox row the letter was sent from, read from its Message-ID (`<outbox-{id}@host>`). */
  outboxId: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string; contentType: string; base64: string }>;
}

export interface MailCatcher { stop(): Promise<void> }

export async function startMailCatcher(smtpPort: number, httpPort: number): Promise<MailCatcher> {
  const catcher = await startSmtpCatcher(smtpPort);
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/letters') {
      response.writeHead(404).end();
      return;
    }
    const letters: CaughtLetter[] = catcher.letters.map((letter) => ({
      outboxId: Number(/^<outbox-(\d+)@/.exec(letter.messageId ?? '')?.[1] ?? 0),
      to: [letter.to].flat().map((address) => address?.text ?? '').join(', '),
      subject: letter.subject ?? '',
      text: letter.text ?? '',
      html: typeof letter.html === 'string' ? letter.html : '',
      attachments: letter.attachments.map((file) => ({
        filename: file.filename ?? '', contentType: file.contentType, base64: file.content.toString('base64'),
      })),
    }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(letters));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(httpPort, '127.0.0.1', resolve);
  });
  return {
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await catcher.stop();
    },
  };
}
