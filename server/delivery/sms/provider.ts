import { createSmsAero } from './sms-aero';
import type { ProviderOptions, SmsProvider, SmsProviderSettings } from './types';

export type { ProviderOptions, ProviderReceipt, SmsProvider, SmsProviderSettings } from './types';

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

export function createSmsProvider(settings: SmsProviderSettings, options: ProviderOptions): SmsProvider {
  if (!isSmsProviderName(settings.name)) throw new Error(`no SMS provider is called "${settings.name}"`);
  return SMS_ADAPTERS[settings.name].create(settings, options);
}
