import { array, boolean, enums, literal, number, object, optional, pattern, size, string, type, type Infer } from 'superstruct';
import { union } from './union';
import { defineCall } from './call';
import { code, email, okResponse, password, requiredText, text, uuid } from './fields';

/** Second-factor delivery methods of the product spec's states: 0 SMS, 1 callback (flash call), 2 e-mail. */
export const SECOND_FACTOR_TYPES = [0, 1, 2] as const;
export type SecondFactorType = (typeof SECOND_FACTOR_TYPES)[number];
export const secondFactorType = enums(SECOND_FACTOR_TYPES);

/** Login result codes of the product spec's states. */
export const LOGIN_RESULT = { success: 0, secondFactor: 1, profileNotCompleted: 2 } as const;

export const accessTokenResponse = object({ accessToken: string() });
export type AccessTokenResponse = Infer<typeof accessTokenResponse>;

export const loginRequest = object({
  fingerprint: requiredText(128),
  /** E-mail or phone in international form. */
  login: requiredText(254),
  password: requiredText(128),
  deviceInfo: optional(text(256)),
  location: optional(text(256)),
});
export type LoginRequest = Infer<typeof loginRequest>;

export const loginResponse = union([
  object({ result: literal(0), accessToken: string() }),
  object({
    result: literal(1),
    secondFactorId: uuid,
    /** Methods the user can receive a code by; the first is the preferred one. */
    secondFactorTypes: array(secondFactorType),
  }),
  object({ result: literal(2), accessToken: string() }),
]);
export type LoginResponse = Infer<typeof loginResponse>;

export const login = defineCall({
  method: 'POST', path: '/Authentification/Login', access: 'anonymous',
  body: loginRequest, response: loginResponse,
});

/** How a code reaches a person: an SMS, a flash call (the caller's last four digits), an e-mail. */
export const CODE_CHANNELS = ['sms', 'flashcall', 'email'] as const;

export const sendCodeRequest = object({ secondFactorId: uuid, secondFactorType });
export type SendCodeRequest = Infer<typeof sendCodeRequest>;
export const codeSentResponse = object({
  /** Where the code went, masked: '+7 (999) ***-**-00', 'd***@example.ru'. */
  destination: string(),
  codeLength: enums([4, 6]),
  expiresInSeconds: enums([300]),
  /** Seconds before the same process may ask for another code. */
  resendAfterSeconds: enums([0, 30, 60]),
  /**
   * Our addition: how the code actually went — 'sms' when a flash call was asked but could not be placed (the same
   * code then comes in an SMS, so `codeLength` stays that of the call).
   */
  sentBy: optional(enums(CODE_CHANNELS)),
  /** Our addition: the first try failed and is retried, so the code may come a little later. */
  delayed: optional(boolean()),
});
export type CodeSentResponse = Infer<typeof codeSentResponse>;

export const sendCode = defineCall({
  method: 'POST', path: '/Authentification/SendCode', access: 'anonymous',
  body: sendCodeRequest, response: codeSentResponse,
});

export const confirmSecondFactorRequest = object({ secondFactorId: uuid, code });
export type ConfirmSecondFactorRequest = Infer<typeof confirmSecondFactorRequest>;
export const confirmSecondFactorResponse = object({ result: enums([0, 2]), accessToken: string() });
export type ConfirmSecondFactorResponse = Infer<typeof confirmSecondFactorResponse>;

export const confirmSecondFactor = defineCall({
  method: 'POST', path: '/Authentification/ConfirmSecondFactor', access: 'anonymous',
  body: confirmSecondFactorRequest, response: confirmSecondFactorResponse,
});

export const sendPasswordResettingLinkRequest = object({ email });
export type SendPasswordResettingLinkRequest = Infer<typeof sendPasswordResettingLinkRequest>;

/** Answers ok whether or not the address is known, so the call cannot be used to probe for accounts. */
export const sendPasswordResettingLink = defineCall({
  method: 'POST', path: '/Authentification/SendPasswordResettingLink', access: 'anonymous',
  body: sendPasswordResettingLinkRequest, response: okResponse,
});

/**
 * The code of the recovery letter's link: the reset process's id (32 hex digits) and the letter's six-digit code.
 * It alone names the process, and nobody can guess it (docs/decisions.md "Spec payloads and sign-in abuse").
 */
export const RESET_LINK_CODE = /^[0-9a-f]{32}\d{6}$/;
export const resetCode = pattern(size(string(), 4, 38), /^(\d{4,6}|[0-9a-f]{32}\d{6})$/);

/**
 * The spec's {code, newPassword}, with the link's code. `email` is our addition for the code typed from the
 * letter, which is short and so names the process only together with the address.
 */
export const resetPasswordRequest = object({ code: resetCode, newPassword: password, email: optional(email) });
export type ResetPasswordRequest = Infer<typeof resetPasswordRequest>;

export const resetPassword = defineCall({
  method: 'POST', path: '/Authentification/ResetPassword', access: 'anonymous',
  body: resetPasswordRequest, response: okResponse,
});

export const getStrangerTokenRequest = object({ login: requiredText(254), key: requiredText(128) });
export type GetStrangerTokenRequest = Infer<typeof getStrangerTokenRequest>;

export const getStrangerToken = defineCall({
  method: 'POST', path: '/Authentification/GetStrangerToken', access: 'anonymous',
  body: getStrangerTokenRequest, response: accessTokenResponse,
});

export const refresh = defineCall({
  method: 'POST', path: '/Authentification/Refresh', access: 'refresh',
  response: accessTokenResponse,
});

/** What the gateway signs into every access token; the app treats a token without `exp` and `Secret` as invalid. */
export const tokenPayload = type({
  sub: string(),
  sid: string(),
  Secret: string(),
  exp: number(),
});
export type TokenPayload = Infer<typeof tokenPayload>;
