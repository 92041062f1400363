import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A local HTTP server that answers as SMS Aero's API v2 does (server/delivery/sms/sms-aero.ts, docs/decisions.md
 * "SMS provider"): HTTP Basic auth, JSON bodies, `{success, data, message}` answers with the fields SMS
 * Aero's clients read, `sms/send`, `flashcall/send`, `sms/status`, `flashcall/status`. Tests make it fail the ways
 * the real one does — down (503 from the balancer, not JSON), too slow, a wrong key (401), no money
 * (`{"result": "no credits"}`), a call or a number refused — and read what it received.
 */
export interface AeroMessage {
  id: number;
  kind: 'sms' | 'flashcall';
  number: string;
  /** The SMS text, or for a call the code its caller's number ends in. */
  text: string;
  sign: string | null;
  /** The number the call comes from: the last four digits are the code. */
  caller: string | null;
}

export type AeroMode = 'ok' | 'down' | 'slow' | 'noCredits' | 'refuseCalls' | 'badAuth';

/** An answer a test gives instead of the fake's own. */
export interface AeroAnswer { status: number; body: unknown }

export interface FakeSmsAero {
  /** The base URL to give as SMS_API_URL. */
  url: string;
  login: string;
  apiKey: string;
  received: AeroMessage[];
  /** Requests of any kind, including refused ones. */
  requests: Array<{ path: string; body: Record<string, unknown> }>;
  mode: AeroMode;
  /** Numbers (digits) the provider refuses as invalid, as it does a number no operator serves. */
  refusedNumbers: Set<string>;
  /** The status number `sms/status` and `flashcall/status` answer (1: delivered, the call got through). */
  statusAnswer: number;
  /** A test's own answer to a request, or undefined for the fake's. */
  answerWith: ((path: string, body: Record<string, unknown>) => AeroAnswer | undefined) | null;
  /** The last message to `phone` (digits or +digits). */
  last(phone: string, kind?: AeroMessage['kind']): AeroMessage | undefined;
  /** The code a message to `phone` carries: the SMS's digits, or the caller's last four digits. */
  codeFor(phone: string): string | undefined;
  /** Settings for the gateway (GatewayOptions.delivery.sms). */
  settings(): { name: 'smsaero'; login: string; apiKey: string; sender: string; url: string };
  close(): Promise<void>;
}

/** `extendStatus` of an SMS, in SMS Aero's words; a flash call's answers carry the number only. */
const SMS_STATUS_WORDS: Record<number, string> = {
  0: 'queue', 1: 'delivery', 2: 'delivery error', 3: 'transmitted', 4: 'waiting status', 6: 'rejected', 8: 'moderation',
};

const BALANCER_PAGE =
  '<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n</body>\r\n</html>\r\n';

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
}

const validationError = (field: string, problem: string) => ({ success: false, data: { [field]: [problem] }, message: 'Validation error.' });

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === 'object' && parsed !== null ? parsed as Record<string, unknown> : {};
}

export async function startFakeSmsAero(): Promise<FakeSmsAero> {
  const login = 'portal@example.ru';
  const apiKey = 'aero-test-key-0123456789abcdef0123';
  const expectedAuth = `Basic ${Buffer.from(`${login}:${apiKey}`).toString('base64')}`;
  let nextId = 1000;
  const held = new Set<() => void>();
  const fake: FakeSmsAero = {
    url: '', login, apiKey, received: [], requests: [], mode: 'ok', refusedNumbers: new Set(), statusAnswer: 1, answerWith: null,
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
      for (const release of held) release();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };

  /** A number as SMS Aero checks it: digits only, as long as an international number is, and served by an operator. */
  const numberProblem = (number: string) => (!/^\d{7,15}$/.test(number) ? 'incorrect' : fake.refusedNumbers.has(number) ? 'Number is invalid' : null);

  function sendSms(response: ServerResponse, body: Record<string, unknown>, now: number): void {
    const number = String(body.number ?? '');
    const problem = numberProblem(number);
    if (problem) { answer(response, 400, validationError('number', problem)); return; }
    const text = String(body.text ?? '');
    const sign = typeof body.sign === 'string' ? body.sign : null;
    const message: AeroMessage = { id: nextId += 1, kind: 'sms', number, text, sign, caller: null };
    fake.received.push(message);
    answer(response, 200, { success: true, message: null, data: {
      id: message.id, from: sign, number, text, status: 0, extendStatus: 'queue', channel: 'FREE SIGN', cost: 5.49, dateCreate: now, dateSend: now,
    } });
  }

  function flashCall(response: ServerResponse, body: Record<string, unknown>, now: number): void {
    const number = String(body.phone ?? '');
    const problem = numberProblem(number);
    if (problem) { answer(response, 400, validationError('phone', problem)); return; }
    if (fake.mode === 'refuseCalls') { answer(response, 200, { result: 'reject', reason: 'Flash call is not available for this number' }); return; }
    // Read as given: a code sent as the number 427 is "427", not "0427".
    const code = String(body.code ?? '');
    if (!/^\d{4}$/.test(code)) { answer(response, 400, validationError('code', 'Code must be 4 digits.')); return; }
    const caller = `+7 (495) ${String(100 + (nextId % 900))}-${code.slice(0, 2)}-${code.slice(2)}`;
    const message: AeroMessage = { id: nextId += 1, kind: 'flashcall', number, text: code, sign: null, caller };
    fake.received.push(message);
    answer(response, 200, { success: true, message: null, data: {
      id: message.id, status: 0, code, phone: number, cost: '0.59', timeCreate: now, timeUpdate: now,
    } });
  }

  function status(response: ServerResponse, path: string, body: Record<string, unknown>, now: number): void {
    const found = fake.received.find((item) => item.id === Number(body.id) && path.startsWith(item.kind));
    if (!found) { answer(response, 404, { success: false, data: null, message: 'Not Found' }); return; }
    const status = fake.statusAnswer;
    answer(response, 200, { success: true, message: null, data: found.kind === 'sms'
      ? { id: found.id, from: found.sign, number: found.number, text: found.text, status, extendStatus: SMS_STATUS_WORDS[status] ?? '',
        channel: 'FREE SIGN', cost: '5.49', dateCreate: now, dateSend: now, dateAnswer: now }
      : { id: found.id, status, code: found.text, phone: found.number, cost: '0.59', timeCreate: now, timeUpdate: now, timeSend: now } });
  }

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
    if (fake.mode === 'down') {
      response.writeHead(503, { 'content-type': 'text/html' }).end(BALANCER_PAGE);
      return;
    }
    if (fake.mode === 'slow') await new Promise<void>((resolve) => { held.add(resolve); setTimeout(resolve, 60_000).unref(); });
    if (fake.mode === 'badAuth' || request.headers.authorization !== expectedAuth) {
      answer(response, 401, { success: false, data: null, message: 'Your request was made with invalid credentials.' });
      return;
    }
    const own = fake.answerWith?.(path, body);
    if (own) { answer(response, own.status, own.body); return; }
    if (fake.mode === 'noCredits') { answer(response, 200, { result: 'no credits' }); return; }
    const now = Math.floor(Date.now() / 1000);
    if (path === 'sms/send') sendSms(response, body, now);
    else if (path === 'flashcall/send') flashCall(response, body, now);
    else if (path === 'sms/status' || path === 'flashcall/status') status(response, path, body, now);
    else answer(response, 404, { success: false, data: null, message: 'Not Found' });
  }

  const server: Server = createServer((request, response) => { void handle(request, response); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  fake.url = `http://127.0.0.1:${port}/v2/`;
  return fake;
}
