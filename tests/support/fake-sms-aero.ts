import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A local HTTP server that answers as SMS Aero's API v2 does (server/delivery/sms/sms-aero.ts): HTTP Basic auth,
 * JSON bodies, `{success, data, message}` answers, `sms/send`, `flashcall/send`, `sms/status`, `flashcall/status`.
 * Tests make it fail the ways the real one can: down (503), too slow, out of money, refusing calls, or refusing a
 * number as invalid; and read what it received.
 */
export interface AeroMessage {
  id: number;
  kind: 'sms' | 'flashcall';
  number: string;
  /** The SMS text, or for a call the code its caller's number ends in. */
  text: string;
  sign: string | null;
  /** The number the call comes from: the last digits are the code. */
  caller: string | null;
}

export type AeroMode = 'ok' | 'down' | 'slow' | 'noCredits' | 'refuseCalls' | 'badAuth';

export interface FakeSmsAero {
  /** The base URL to give as SMS_API_URL. */
  url: string;
  login: string;
  apiKey: string;
  received: AeroMessage[];
  /** Requests of any kind, including refused ones. */
  requests: Array<{ path: string; body: unknown }>;
  mode: AeroMode;
  /** The status `sms/status` and `flashcall/status` answer (1: delivered). */
  statusAnswer: number;
  /** The last message to `phone` (digits or +digits). */
  last(phone: string, kind?: AeroMessage['kind']): AeroMessage | undefined;
  /** The six or four digits a message to `phone` carries: the SMS's code, or the caller's last four digits. */
  codeFor(phone: string): string | undefined;
  /** Settings for the gateway (GatewayOptions.delivery.sms). */
  settings(): { name: 'smsaero'; login: string; apiKey: string; sender: string; url: string };
  close(): Promise<void>;
}

const STATUS_WORDS: Record<number, string> = { 0: 'queue', 1: 'delivery', 2: 'delivery error', 3: 'transmitted', 6: 'rejected' };

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  return JSON.parse(text) as Record<string, unknown>;
}

export async function startFakeSmsAero(): Promise<FakeSmsAero> {
  const login = 'portal@example.ru';
  const apiKey = 'aero-test-key-0123456789abcdef0123';
  const expectedAuth = `Basic ${Buffer.from(`${login}:${apiKey}`).toString('base64')}`;
  let nextId = 1000;
  const fake: FakeSmsAero = {
    url: '', login, apiKey, received: [], requests: [], mode: 'ok', statusAnswer: 1,
    last: (phone, kind) => [...fake.received].reverse()
      .find((item) => item.number === phone.replace(/\D/g, '') && (kind === undefined || item.kind === kind)),
    codeFor(phone) {
      const message = fake.last(phone);
      if (!message) return undefined;
      if (message.kind === 'flashcall') return message.caller?.replace(/\D/g, '').slice(-4);
      return /\b(\d{4,6})\b/.exec(message.text)?.[1];
    },
    settings: () => ({ name: 'smsaero', login, apiKey, sender: 'PCB Portal', url: fake.url }),
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').replace(/^\/v2\//, '').replace(/\?.*$/, '');
    let body: Record<string, unknown>;
    try {
      body = await readJson(request);
    } catch {
      answer(response, 400, { success: false, data: null, message: 'Invalid JSON' });
      return;
    }
    fake.requests.push({ path, body });
    if (fake.mode === 'down') { answer(response, 503, { success: false, data: null, message: 'Service Unavailable' }); return; }
    if (fake.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 60_000));
    if (fake.mode === 'badAuth' || request.headers.authorization !== expectedAuth) {
      answer(response, 401, { success: false, data: null, message: 'Your credentials are incorrect' });
      return;
    }
    if (fake.mode === 'noCredits') { answer(response, 200, { success: false, result: 'no credits', data: null, message: null }); return; }
    const number = String(body.number ?? body.phone ?? '');
    if ((path === 'sms/send' || path === 'flashcall/send') && !/^\d{11,15}$/.test(number)) {
      answer(response, 400, { success: false, data: { number: ['Number is invalid'] }, message: 'Validation error.' });
      return;
    }
    const now = Math.floor(Date.now() / 1000);
    if (path === 'sms/send') {
      const text = String(body.text ?? '');
      const message: AeroMessage = { id: nextId += 1, kind: 'sms', number, text, sign: typeof body.sign === 'string' ? body.sign : null, caller: null };
      fake.received.push(message);
      answer(response, 200, { success: true, message: null, data: {
        id: message.id, from: message.sign, number, text, status: 0, extendStatus: 'queue', channel: 'DIRECT', cost: 5.49, dateCreate: now, dateSend: now,
      } });
      return;
    }
    if (path === 'flashcall/send') {
      if (fake.mode === 'refuseCalls') { answer(response, 200, { success: false, data: null, message: 'Flash call is not available for this number' }); return; }
      const code = String(body.code ?? '');
      if (!/^\d{4}$/.test(code)) { answer(response, 400, { success: false, data: { code: ['Code must be 4 digits'] }, message: 'Validation error.' }); return; }
      const caller = `+7 (495) ${String(100 + (nextId % 900))}-${code.slice(0, 2)}-${code.slice(2)}`;
      const message: AeroMessage = { id: nextId += 1, kind: 'flashcall', number, text: code, sign: null, caller };
      fake.received.push(message);
      answer(response, 200, { success: true, message: null, data: { id: message.id, status: 0, extendStatus: 'queue', code, phone: number, cost: 0.39, dateCreate: now } });
      return;
    }
    if (path === 'sms/status' || path === 'flashcall/status') {
      const found = fake.received.find((item) => item.id === Number(body.id));
      if (!found) { answer(response, 404, { success: false, data: null, message: 'Not found' }); return; }
      answer(response, 200, { success: true, message: null, data: { id: found.id, number: found.number, status: fake.statusAnswer, extendStatus: STATUS_WORDS[fake.statusAnswer] ?? 'unknown' } });
      return;
    }
    answer(response, 404, { success: false, data: null, message: 'Not found' });
  }

  const server: Server = createServer((request, response) => { void handle(request, response); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  fake.url = `http://127.0.0.1:${port}/v2/`;
  return fake;
}
