import { createServer } from 'node:http';
import { startSmtpCatcher } from '../../support/smtp-catcher';

/**
 * The browser tests' mail server, run by Playwright as a web server of its own (playwright.config.ts): a real SMTP
 * server (tests/support/smtp-catcher.ts) that the gateway sends its letters to, and `GET /letters` listing what it
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

const smtpPort = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 8183);
const httpPort = Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 8184);

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
server.listen(httpPort, '127.0.0.1');

const stop = () => {
  server.close();
  void catcher.stop().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
