import type { SmsProviderName, SmsProviderSettings } from '../settings';
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

const ADAPTERS: Record<SmsProviderName, (settings: SmsProviderSettings, options: ProviderOptions) => SmsProvider> = {
  smsaero: createSmsAero,
};

export const createSmsProvider = (settings: SmsProviderSettings, options: ProviderOptions): SmsProvider =>
  ADAPTERS[settings.name](settings, options);
