/** Locale key parts per second-factor method, indexed like the contract's SECOND_FACTOR_TYPES (0 SMS, 1 call, 2 e-mail). */
export const METHOD_KEYS = ['sms', 'call', 'email'] as const;
