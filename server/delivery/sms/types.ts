/** The shapes every SMS provider adapter shares; no adapter or registry here, so adapters import it freely. */

export interface SmsProviderSettings {
  /** One of the registered providers (server/delivery/sms/provider.ts). */
  name: string;
  /** The account's login at the provider (SMS Aero: the e-mail of the account). */
  login: string;
  apiKey: string;
  /** The sender name the provider approved for the account's SMS. */
  sender: string;
  /** The API's base address; a local one in tests. */
  url: string;
}

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
  /** Its name as SMS_PROVIDER says it. */
  readonly name: string;
  /** `to` is a phone in E.164 (`+79991234567`). */
  sendSms(to: string, text: string): Promise<ProviderReceipt>;
  /** Places a call whose caller's number ends in `code`. */
  flashCall(to: string, code: string): Promise<ProviderReceipt>;
  /** The current status of a message this provider took. */
  status(channel: 'sms' | 'flashcall', providerMessageId: string): Promise<Omit<ProviderReceipt, 'providerMessageId'>>;
}

export interface ProviderOptions { timeoutMs: number }
