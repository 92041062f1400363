import { createRequire } from 'node:module';
import type { StreamingMessage } from '../../src/contract/board-files';

/** The part of the `ws` client these tests use (the package ships no types). */
interface WsClient {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number) => void): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  send(data: string): void;
  close(): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WsClient;

export type Received = StreamingMessage | { error: string; uploadId: string | null };

/** A /streaming socket whose messages queue up until a test takes them; `base` is ws://host:port. */
export function openStream(base: string, token: string | null) {
  const socket = new WebSocket(`${base}/streaming${token === null ? '' : `?token=${encodeURIComponent(token)}`}`);
  const inbox: Received[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    inbox.push(JSON.parse(data.toString('utf8')) as Received);
    waiters.splice(0).forEach((wake) => wake());
  });
  const closed = new Promise<number>((resolve) => socket.on('close', resolve));
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  void opened.catch(() => undefined);
  async function next(timeoutMs = 30_000): Promise<Received> {
    const until = Date.now() + timeoutMs;
    while (inbox.length === 0) {
      if (Date.now() > until) throw new Error('no message');
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    const message = inbox.shift();
    if (!message) throw new Error('no message');
    return message;
  }
  /** Messages of one upload up to and including its final one; those of other uploads are kept for later. */
  async function untilFinal(uploadId: string, timeoutMs = 30_000): Promise<StreamingMessage[]> {
    const until = Date.now() + timeoutMs;
    const got: StreamingMessage[] = [];
    const others: Received[] = [];
    try {
      for (;;) {
        const message = await next(Math.max(1, until - Date.now()));
        if ('error' in message) throw new Error(`unexpected ${JSON.stringify(message)}`);
        if (message.uploadId !== uploadId) {
          others.push(message);
          continue;
        }
        got.push(message);
        if (message.final) return got;
      }
    } finally {
      inbox.unshift(...others);
    }
  }
  const subscribe = (uploadId: string) => socket.send(JSON.stringify({ subscribe: uploadId }));
  return { socket, opened, closed, next, untilFinal, subscribe, send: (text: string) => socket.send(text) };
}
