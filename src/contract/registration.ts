import { boolean, enums, nullable, object, optional, type Infer } from 'superstruct';
import { defineCall } from './call';
import { accessTokenResponse, codeSentResponse } from './auth';
import { code, email, password, phone, uuid } from './fields';

/** Registration steps of the product spec's states, in order. */
export const REGISTRATION_STEPS = ['phone', 'confirmPhone', 'email', 'confirmEmail', 'userData'] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

/** A null process id starts a new registration; a known one sends a new code for the same process. */
export const enterPhoneRequest = object({ registrationProcessId: nullable(uuid), usingFlashcall: boolean(), phone });
export type EnterPhoneRequest = Infer<typeof enterPhoneRequest>;
export const enterPhoneResponse = object({ registrationProcessId: uuid, code: codeSentResponse });
export type EnterPhoneResponse = Infer<typeof enterPhoneResponse>;

export const enterPhone = defineCall({
  method: 'POST', path: '/Registration/EnterPhone', access: 'anonymous',
  body: enterPhoneRequest, response: enterPhoneResponse,
});

/**
 * The spec's {email}. The process it belongs to (one whose phone is confirmed) is the one EnterPhone started in this
 * browser, remembered in a cookie; `registrationProcessId`, our addition, names it explicitly.
 */
export const enterEmailRequest = object({ email, registrationProcessId: optional(uuid) });
export type EnterEmailRequest = Infer<typeof enterEmailRequest>;
export const enterEmailResponse = object({ registrationProcessId: uuid, code: codeSentResponse });
export type EnterEmailResponse = Infer<typeof enterEmailResponse>;

export const enterEmail = defineCall({
  method: 'POST', path: '/Registration/EnterEmail', access: 'anonymous',
  body: enterEmailRequest, response: enterEmailResponse,
});

export const confirmCredentialRequest = object({ registrationProcessId: uuid, code });
export type ConfirmCredentialRequest = Infer<typeof confirmCredentialRequest>;
/** Which credential the code confirmed; the process moves on to the next step. */
export const confirmCredentialResponse = object({ confirmed: enums(['phone', 'email']) });
export type ConfirmCredentialResponse = Infer<typeof confirmCredentialResponse>;

export const confirmCredential = defineCall({
  method: 'POST', path: '/Registration/ConfirmCredential', access: 'anonymous',
  body: confirmCredentialRequest, response: confirmCredentialResponse,
});

/**
 * The user-data step sets the password and creates the account with both credentials confirmed; names and gender
 * are asked next, on /auth/filling-profile. Without an id the process is this browser's, as for EnterEmail.
 */
export const createProfileRequest = object({ password, registrationProcessId: optional(uuid) });
export type CreateProfileRequest = Infer<typeof createProfileRequest>;

export const createProfile = defineCall({
  method: 'POST', path: '/Registration/CreateProfile', access: 'anonymous',
  body: createProfileRequest, response: accessTokenResponse,
});
