import { DeliveryFailure } from '../failure';
import type { SmsProviderSettings } from '../settings';
import type { ProviderOptions, ProviderReceipt, SmsProvider } from './provider';

/**
 * SMS Aero's HTTP API v2 (smsaero.ru, docs/decisions.md "Delivery"): JSON over POST with HTTP Basic auth (the
 * account's e-mail and API key); every answer is `{success, data, message}`. SMS by `sms/send`, flash calls by
 * `flashcall/send` with our own code (the last digits of the calling number), statuses by `sms/status` and
 * `flashcall/status`.
 */

/** The status numbers of SMS Aero's messages and calls, in its words. */
const STATUS_WORDS: Record<number, string> = {
  0: 'queue', 1: 'delivered', 2: 'delivery error', 3: 'transmitted', 4: 'waiting status', 6: 'rejected', 8: 'moderation',
};
const FINAL_STATUSES = new Set([1, 2, 6]);

interface AeroAnswer {
  success?: unknown;
  message?: unknown;
  result?: unknown;
  data?: { id?: unknown; status?: unknown; extendStatus?: unknown } | null;
}

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

function statusOf(data: AeroAnswer['data']): { providerStatus: string; final: boolean } {
  const status = typeof data?.status === 'number' ? data.status : Number(data?.status);
  const words = typeof data?.extendStatus === 'string' ? data.extendStatus : STATUS_WORDS[status] ?? `status ${String(data?.status)}`;
  return { providerStatus: words, final: FINAL_STATUSES.has(status) };
}

export function createSmsAero(settings: SmsProviderSettings, options: ProviderOptions): SmsProvider {
  const base = settings.url.endsWith('/') ? settings.url : `${settings.url}/`;
  const authorization = `Basic ${Buffer.from(`${settings.login}:${settings.apiKey}`).toString('base64')}`;

  /** One call; `refused` is the failure kind of an answer that says no (not the network, not the server, not the key). */
  async function call(path: string, body: Record<string, unknown>, refused: 'permanent' | 'cannotCall'): Promise<NonNullable<AeroAnswer['data']>> {
    let response: Response;
    try {
      response = await fetch(new URL(path, base), {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new DeliveryFailure(`SMS Aero ${path}: ${error instanceof Error ? error.message : String(error)}`, 'retry');
    }
    const answer = await response.json().catch(() => null) as AeroAnswer | null;
    const said = typeof answer?.message === 'string' ? answer.message : typeof answer?.result === 'string' ? answer.result : '';
    const reason = `SMS Aero ${path}: HTTP ${response.status}${said ? ` ${said}` : ''}`;
    // The server, too many calls, or the key: none is about this message, and each may pass.
    if (response.status >= 500 || response.status === 429 || response.status === 401 || response.status === 403) {
      throw new DeliveryFailure(reason, 'retry');
    }
    if (answer === null) throw new DeliveryFailure(`${reason} (not JSON)`, 'retry');
    // No money on the account: the operator tops it up and the message goes.
    if (answer.result === 'no credits') throw new DeliveryFailure(reason, refused === 'cannotCall' ? 'cannotCall' : 'retry');
    if (answer.success !== true || !answer.data) throw new DeliveryFailure(reason, refused);
    return answer.data;
  }

  const receipt = (data: NonNullable<AeroAnswer['data']>): ProviderReceipt => ({ providerMessageId: String(data.id), ...statusOf(data) });

  return {
    name: 'smsaero',
    async sendSms(to, text) {
      return receipt(await call('sms/send', { number: digitsOf(to), text, sign: settings.sender }, 'permanent'));
    },
    async flashCall(to, code) {
      // As the four-digit string: a leading zero is part of the caller's number.
      return receipt(await call('flashcall/send', { phone: digitsOf(to), code }, 'cannotCall'));
    },
    async status(channel, providerMessageId) {
      const path = channel === 'sms' ? 'sms/status' : 'flashcall/status';
      return statusOf(await call(path, { id: Number(providerMessageId) }, 'permanent'));
    },
  };
}
