import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server (the `smtp-server` package) that keeps every letter it accepts, parsed. It can refuse (answer
 * 421 to every connection, as a server going down does), hold a letter's DATA until released, and stop and start
 * again on the same port.
 */
export interface SmtpCatcher {
  url: string;
  port: number;
  letters: ParsedMail[];
  /** Raw letters as received, for counting duplicates by Message-ID. */
  raw: string[];
  /** While true every new connection is refused with 421. */
  refusing: boolean;
  /** Connections refused while `refusing`: the tries a sender made during an outage. */
  refused: number;
  /** Recipients answered 550 at RCPT TO, as a server without such a mailbox does. */
  unknownMailboxes: string[];
  /** While true every sender is answered 553 at MAIL FROM, as a server set up to refuse ours does. */
  refusingSender: boolean;
  /** While true the server takes a letter's data but answers only when `release()` is called. */
  holding: boolean;
  /** Resolves when a letter is being held. */
  held(): Promise<void>;
  release(): void;
  /** Letters sent to `to`, oldest first. */
  to(address: string): ParsedMail[];
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startSmtpCatcher(port = 0): Promise<SmtpCatcher> {
  let server: SMTPServer;
  let waitingHeld: Array<() => void> = [];
  let releases: Array<() => void> = [];
  const catcher: SmtpCatcher = {
    url: '', port, letters: [], raw: [], refusing: false, refused: 0, unknownMailboxes: [], refusingSender: false, holding: false,
    held: () => new Promise((resolve) => { waitingHeld.push(resolve); }),
    release() {
      const now = releases;
      releases = [];
      for (const release of now) release();
    },
    to: (address) => catcher.letters.filter((letter) => [letter.to].flat().some((item) => item?.text.includes(address))),
    stop: () => new Promise((resolve) => { server.close(() => resolve()); }),
    start: () => listen(catcher.port),
  };

  function create(): SMTPServer {
    return new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
      onConnect(_session, callback) {
        if (catcher.refusing) {
          catcher.refused += 1;
          const error = Object.assign(new Error('Service not available, try later'), { responseCode: 421 });
          callback(error);
          return;
        }
        callback();
      },
      onMailFrom(_address, _session, callback) {
        callback(catcher.refusingSender ? Object.assign(new Error('Sender address rejected'), { responseCode: 553 }) : undefined);
      },
      onRcptTo(address, _session, callback) {
        const unknown = catcher.unknownMailboxes.includes(address.address);
        callback(unknown ? Object.assign(new Error('No such user here'), { responseCode: 550 }) : undefined);
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const accept = () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            void simpleParser(raw).then((letter) => {
              catcher.raw.push(raw);
              catcher.letters.push(letter);
              callback();
            }, (error: Error) => callback(error));
          };
          if (!catcher.holding) { accept(); return; }
          releases.push(accept);
          const waiting = waitingHeld;
          waitingHeld = [];
          for (const resolve of waiting) resolve();
        });
      },
    });
  }

  async function listen(at: number): Promise<void> {
    server = create();
    server.on('error', () => undefined);
    await new Promise<void>((resolve) => server.listen(at, '127.0.0.1', resolve));
    const address = server.server.address();
    catcher.port = typeof address === 'object' && address ? address.port : at;
    catcher.url = `smtp://127.0.0.1:${catcher.port}`;
  }

  await listen(port);
  return catcher;
}
