/** How codes and letters leave the gateway (docs/decisions.md "Delivery"); read once at start by server/config.ts. */

import { envNumber, envText, type Env } from '../env';
import { isSmsProviderName, SMS_ADAPTERS } from './sms/provider';
import type { SmsProviderSettings } from './sms/types';

export type { SmsProviderSettings } from './sms/types';

export interface DeliverySettings {
  /** null: no SMS or call leaves the gateway (development: the dev outbox shows them). */
  sms: SmsProviderSettings | null;
  /** Messages a gateway sends at once. */
  concurrency: number;
  /**
   * How long a claim lasts without renewal: the sending gateway renews it every third of this while a send goes on,
   * so a gateway that dies mid-send leaves its message to another this long after its last renewal.
   */
  leaseSeconds: number;
  /** The first retry's pause; each next one doubles it, up to `retryMaxSeconds`. */
  retryBaseSeconds: number;
  retryMaxSeconds: number;
  /** A letter still unsent after this is failed with its last reason; a code gives up when it expires. */
  letterGiveUpHours: number;
  /** One provider or mail-server call longer than this counts as failed (and is retried). */
  sendTimeoutSeconds: number;
  /** How often an idle worker looks for due retries, run-out leases and letters queued in a transaction. */
  pollMs: number;
  /** The provider's delivery status is first asked this long after the send, then at doubling pauses for a day. */
  statusCheckSeconds: number;
  /** Sent and failed messages are kept this long for the record, then dropped (server/housekeeping.ts). */
  keepDays: number;
}

export type DeliveryOptions = Partial<Omit<DeliverySettings, 'sms'>> & { sms?: SmsProviderSettings | null };

/** SMS_PROVIDER and its settings; a provider named without its key is a mistake said at start, not at the first SMS. */
function smsSettings(env: Env): SmsProviderSettings | null {
  const name = envText(env, 'SMS_PROVIDER');
  if (name === null) return null;
  if (!isSmsProviderName(name)) throw new Error(`SMS_PROVIDER must be one of ${Object.keys(SMS_ADAPTERS).join(', ')}, got "${name}"`);
  const login = envText(env, 'SMS_LOGIN');
  const apiKey = envText(env, 'SMS_API_KEY');
  const missing = [login === null ? 'SMS_LOGIN' : null, apiKey === null ? 'SMS_API_KEY' : null].filter((item) => item !== null);
  if (login === null || apiKey === null) throw new Error(`SMS_PROVIDER=${name} needs ${missing.join(' and ')}`);
  return {
    name, login, apiKey, sender: envText(env, 'SMS_SENDER') ?? 'SMS Aero', url: envText(env, 'SMS_API_URL') ?? SMS_ADAPTERS[name].defaultUrl,
  };
}

export function deliverySettings(options: DeliveryOptions = {}, env: Env): DeliverySettings {
  return {
    sms: options.sms === undefined ? smsSettings(env) : options.sms,
    concurrency: options.concurrency ?? envNumber(env, 'DELIVERY_CONCURRENCY', 4),
    leaseSeconds: options.leaseSeconds ?? envNumber(env, 'DELIVERY_LEASE_SECONDS', 30),
    retryBaseSeconds: options.retryBaseSeconds ?? envNumber(env, 'DELIVERY_RETRY_BASE_SECONDS', 5),
    retryMaxSeconds: options.retryMaxSeconds ?? envNumber(env, 'DELIVERY_RETRY_MAX_SECONDS', 600),
    letterGiveUpHours: options.letterGiveUpHours ?? envNumber(env, 'DELIVERY_GIVE_UP_HOURS', 48),
    sendTimeoutSeconds: options.sendTimeoutSeconds ?? envNumber(env, 'DELIVERY_SEND_TIMEOUT_SECONDS', 20),
    pollMs: options.pollMs ?? envNumber(env, 'DELIVERY_POLL_SECONDS', 2) * 1000,
    statusCheckSeconds: options.statusCheckSeconds ?? envNumber(env, 'DELIVERY_STATUS_CHECK_SECONDS', 30),
    keepDays: options.keepDays ?? envNumber(env, 'DELIVERY_KEEP_DAYS', 30),
  };
}

/**
 * What production cannot run without: registration starts with a phone code and second factors may be SMS or calls,
 * so an SMS provider; letters and e-mail codes need a mail server. Returns the problems, each naming its setting.
 */
export function deliveryProblems(settings: DeliverySettings, smtpUrl: string | null): string[] {
  const problems: string[] = [];
  if (smtpUrl === null) problems.push('SMTP_URL is missing (e-mail codes, password resets and order letters go by e-mail)');
  if (settings.sms === null) {
    problems.push('SMS_PROVIDER is missing (registration and SMS or call second factors send phone codes): ' +
      'set SMS_PROVIDER=smsaero with SMS_LOGIN and SMS_API_KEY');
  }
  return problems;
}
