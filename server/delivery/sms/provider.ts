import type { SmsProviderSettings } from '../settings';
import { createSmsAero } from './sms-aero';

/** The provider's own id of a message and its status in the provider's words. */
export interface ProviderReceipt {
  /** null when the provider took the message without naming it (then there is no status to ask for). */
  providerMessageId: string | null;
  providerStatus: string;
  /** No later status will come (delivered, or finally not). */
  final: boolean;
}

/**
 * An SMS and flash-call provider, one adapter file each. Every call throws a DeliveryFailure saying whether to
 * retry, give up, or (for a call) fall back to SMS.
 */
export interface SmsProvider {
  readonly name: SmsProviderName;
  /** `to` is a phone in E.164 (`+79991234567`). */
  sendSms(to: string, text: string): Promise<ProviderReceipt>;
  /** Places a call whose caller's number ends in `code`. */
  flashCall(to: string, code: string): Promise<ProviderReceipt>;
  /** The current status of a message this provider took. */
  status(channel: 'sms' | 'flashcall', providerMessageId: string): Promise<Omit<ProviderReceipt, 'providerMessageId'>>;
}

export interface ProviderOptions { timeoutMs: number }

interface Adapter {
  create(settings: SmsProviderSettings, options: ProviderOptions): SmsProvider;
  /** The API's address when SMS_API_URL does not name another. */
  defaultUrl: string;
}

/** Every provider SMS_PROVIDER may name: a second one is its adapter file and one line here. */
export const SMS_ADAPTERS = {
  smsaero: { create: createSmsAero, defaultUrl: 'https://gate.smsaero.ru/v2/' },
} satisfies Record<string, Adapter>;

export type SmsProviderName = keyof typeof SMS_ADAPTERS;

export const isSmsProviderName = (name: string): name is SmsProviderName => Object.hasOwn(SMS_ADAPTERS, name);

export const createSmsProvider = (settings: SmsProviderSettings, options: ProviderOptions): SmsProvider =>
  SMS_ADAPTERS[settings.name].create(settings, options);
