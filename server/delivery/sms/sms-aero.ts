import { DeliveryFailure, type FailureKind } from '../failure';
import type { ProviderOptions, ProviderReceipt, SmsProvider, SmsProviderSettings } from './types';

/**
 * SMS Aero's HTTP API v2 (smsaero.ru/integration/documentation/api, docs/decisions.md "SMS provider"), as
 * its own clients call it: POST JSON to `<base>/<method>` with HTTP Basic auth (the account's e-mail and API key).
 * An answer is `{success, data, message}`; a refused request `success: false` with the reason in `message` and a
 * validation error's fields in `data` (`{"number": ["incorrect"]}`, HTTP 400); a wrong key HTTP 401; an account
 * without money `{"result": "no credits"}`; a rejected message `{"result": "reject", "reason": …}`.
 */

type Channel = 'sms' | 'flashcall';

/**
 * Status numbers by channel, in SMS Aero's words: an SMS answer carries them as `extendStatus`; a flash call's answer
 * carries the number alone (its clients name 0 в очереди, 1 дозвон, 2 не дозвон, 4 передано оператору).
 */
const STATUSES: Record<Channel, { words: Record<number, string>; final: number[]; refused: number[] }> = {
  sms: {
    words: { 0: 'queue', 1: 'delivery', 2: 'delivery error', 3: 'transmitted', 4: 'waiting status', 6: 'rejected', 8: 'moderation' },
    final: [1, 2, 6], refused: [2, 6],
  },
  flashcall: {
    words: { 0: 'queue', 1: 'call delivered', 2: 'call not delivered', 4: 'transmitted to the operator' },
    final: [1, 2], refused: [2],
  },
};

interface AeroData { id?: unknown; status?: unknown; extendStatus?: unknown; code?: unknown }

interface AeroAnswer {
  success?: unknown;
  message?: unknown;
  result?: unknown;
  reason?: unknown;
  data?: unknown;
}

const digitsOf = (phone: string) => phone.replace(/\D/g, '');
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function statusOf(channel: Channel, data: AeroData): { providerStatus: string; final: boolean; status: number } {
  const status = typeof data.status === 'number' ? data.status : Number(data.status);
  const table = STATUSES[channel];
  const words = typeof data.extendStatus === 'string' && data.extendStatus !== ''
    ? data.extendStatus : table.words[status] ?? `status ${String(data.status)}`;
  return { providerStatus: words, final: table.final.includes(status), status };
}

/** What a refusal says: the message, the result ("no credits") or a rejection's reason, a validation error's fields. */
function reasonOf(answer: AeroAnswer | null): string {
  if (answer === null) return '';
  const parts = [answer.message, answer.result === 'reject' ? answer.reason : answer.result].filter((item) => typeof item === 'string' && item !== '');
  if (answer.success === false && isRecord(answer.data)) {
    for (const [field, problems] of Object.entries(answer.data)) parts.push(`${field}: ${[problems].flat().map(String).join(', ')}`);
  }
  return parts.join('; ');
}

export function createSmsAero(settings: SmsProviderSettings, options: ProviderOptions): SmsProvider {
  const base = settings.url.endsWith('/') ? settings.url : `${settings.url}/`;
  const authorization = `Basic ${Buffer.from(`${settings.login}:${settings.apiKey}`).toString('base64')}`;

  /**
   * One call. `refused` is what an answer saying no to this message means: the number or text is refused, or for a
   * call, no call can be placed (the code then goes by SMS). `hide` is kept out of every reason (a flash call's code).
   */
  async function call(path: string, body: Record<string, unknown>, refused: FailureKind, hide = ''): Promise<AeroData> {
    const fail = (reason: string, kind: FailureKind) =>
      new DeliveryFailure(`SMS Aero ${path}: ${hide === '' ? reason : reason.replaceAll(hide, '****')}`, kind);
    let response: Response;
    try {
      response = await fetch(new URL(path, base), {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw fail(error instanceof Error ? error.message : String(error), 'retry');
    }
    const answer = await response.json().catch(() => null) as AeroAnswer | null;
    const said = reasonOf(answer);
    const reason = `HTTP ${response.status}${said ? ` ${said}` : ''}`;
    // The server, too many calls, or the key: none is about this message, and each may pass.
    if (response.status >= 500 || response.status === 429 || response.status === 401 || response.status === 403) throw fail(reason, 'retry');
    // Not SMS Aero's JSON (a proxy's error page): nothing was said about the message.
    if (!isRecord(answer)) throw fail(`${reason} (not JSON)`, 'retry');
    // No money on the account: the operator tops it up and the same message goes, by the same channel.
    if (answer.result === 'no credits') throw fail(reason, 'retry');
    if (answer.result === 'reject' || answer.success !== true) throw fail(reason, refused);
    return isRecord(answer.data) ? answer.data : {};
  }

  /** A send the provider took; one whose first status already says it failed is a refusal. */
  function receipt(channel: Channel, data: AeroData, refused: FailureKind): ProviderReceipt {
    const { status, ...said } = statusOf(channel, data);
    if (STATUSES[channel].refused.includes(status)) {
      throw new DeliveryFailure(`SMS Aero ${channel}: the provider answered ${said.providerStatus}`, refused);
    }
    // Taken without an id: nothing to ask about later, so its status is the last word.
    if (typeof data.id !== 'number' && typeof data.id !== 'string') return { providerMessageId: null, providerStatus: 'accepted', final: true };
    return { providerMessageId: String(data.id), ...said };
  }

  return {
    name: 'smsaero',
    async sendSms(to, text) {
      return receipt('sms', await call('sms/send', { number: digitsOf(to), text, sign: settings.sender }, 'permanent'), 'permanent');
    },
    async flashCall(to, code) {
      // A string, never a number: the code is the caller's last four digits, and a leading zero is one of them.
      if (!/^\d{4}$/.test(code)) throw new DeliveryFailure('SMS Aero flashcall/send: a flash-call code is four digits', 'cannotCall');
      const data = await call('flashcall/send', { phone: digitsOf(to), code }, 'cannotCall', code);
      // The answer names the code the call carries; another one (a code read as a number loses its zero) is no use.
      if (data.code !== undefined && String(data.code) !== code) {
        throw new DeliveryFailure('SMS Aero flashcall/send: the call would not end in the code', 'cannotCall');
      }
      return receipt('flashcall', data, 'cannotCall');
    },
    async status(channel, providerMessageId) {
      const path = channel === 'sms' ? 'sms/status' : 'flashcall/status';
      const { providerStatus, final } = statusOf(channel, await call(path, { id: Number(providerMessageId) }, 'permanent'));
      return { providerStatus, final };
    },
  };
}
