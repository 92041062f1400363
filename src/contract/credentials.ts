import { array, boolean, enums, nullable, object, optional, string, type Infer } from 'superstruct';
import { codeSentResponse } from './auth';
import { defineCall } from './call';
import { code, email, okResponse, phone, requiredText, text, uuid } from './fields';

/** The product spec's credential kinds: the sign-in phone and e-mail. Reserve contacts are ReservePhone and ReserveEmail. */
export const CREDENTIAL_TYPES = ['RegistrationPhone', 'RegistrationEmail'] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];
export const credentialType = enums(CREDENTIAL_TYPES);

export const credentialTypeInfo = object({
  code: credentialType,
  /** The current value, masked as in code messages; null when the user has none. */
  maskedValue: nullable(string()),
  /** Whether a code can be sent to it, i.e. it may confirm a change (spec: choose confirmation method). */
  canConfirm: boolean(),
});
export const getCredentialTypes = defineCall({
  method: 'GET', path: '/account/Credentials/GetCredentialTypes', access: 'user', response: array(credentialTypeInfo),
});

/**
 * Start: change `credentialTypeCode` to `newCredentialValue` (a phone +7… or an e-mail, by type), confirming
 * the user by a code sent to their current `oldCredentialType`. Steps: confirm old → confirm new → changed.
 * The new value must not belong to another user (409 naming newCredentialValue).
 */
export const startCredentialChangingRequest = object({
  credentialTypeCode: credentialType,
  oldCredentialType: credentialType,
  newCredentialValue: requiredText(254),
});
export const credentialCodeSent = object({ changingProcessId: uuid, code: codeSentResponse });
export type CredentialCodeSent = Infer<typeof credentialCodeSent>;

export const startCredentialChanging = defineCall({
  method: 'POST', path: '/account/Credentials/StartCredentialChanging', access: 'user',
  body: startCredentialChangingRequest, response: credentialCodeSent,
});
const changingCode = object({ changingProcessId: uuid, code });
/** Confirms the old value and sends a code to the new one. */
export const confirmOldCredential = defineCall({
  method: 'POST', path: '/account/Credentials/ConfirmOldCredential', access: 'user', body: changingCode, response: credentialCodeSent,
});
/** Confirms the new value and stores it; the answer is the updated phone and e-mail. */
export const confirmNewCredential = defineCall({
  method: 'POST', path: '/account/Credentials/ConfirmNewCredential', access: 'user', body: changingCode,
  response: object({ phone: nullable(string()), email: nullable(string()) }),
});
/** Sends a fresh code for the current step (after RESEND_AFTER_SECONDS). */
export const resendCredentialCode = defineCall({
  method: 'POST', path: '/account/Credentials/ResendCredentialCode', access: 'user',
  body: object({ changingProcessId: uuid }), response: credentialCodeSent,
});

/**
 * The product spec's list of calls shows no body for the Start calls. The body is optional: with a value it confirms a new reserve contact,
 * without one it re-confirms the stored one. The value is stored only when its code is confirmed.
 */
export const reserveStarted = object({ confirmationId: uuid, code: codeSentResponse });
export type ReserveStarted = Infer<typeof reserveStarted>;
export const startReservePhoneConfirmation = defineCall({
  method: 'POST', path: '/account/Credentials/StartReservePhoneConfirmation', access: 'user',
  body: optional(object({ phone: optional(phone) })), response: reserveStarted,
});
export const startReserveEmailConfirmation = defineCall({
  method: 'POST', path: '/account/Credentials/StartReserveEmailConfirmation', access: 'user',
  body: optional(object({ email: optional(email) })), response: reserveStarted,
});
const reserveCode = object({ confirmationId: uuid, code });
export const reserveConfirmed = object({ reservePhone: nullable(string()), reserveEmail: nullable(string()) });
export const confirmReservePhone = defineCall({
  method: 'POST', path: '/account/Credentials/ConfirmReservePhone', access: 'user', body: reserveCode, response: reserveConfirmed,
});
export const confirmReserveEmail = defineCall({
  method: 'POST', path: '/account/Credentials/ConfirmReserveEmail', access: 'user', body: reserveCode, response: reserveConfirmed,
});
export const removeReserveContact = defineCall({
  method: 'POST', path: '/account/Credentials/RemoveReserveContact', access: 'user',
  body: object({ kind: enums(['ReservePhone', 'ReserveEmail']) }), response: reserveConfirmed,
});

// Profile main info. The e-mail is a credential: it changes only through the flow above.

export const updateMainInfoRequest = object({
  firstName: requiredText(100),
  patronymic: text(100),
  lastName: requiredText(100),
  isMale: nullable(boolean()),
});
export const updateMainInfo = defineCall({
  method: 'POST', path: '/account/user/UpdateMainInfo', access: 'user', body: updateMainInfoRequest, response: okResponse,
});

/** PNG, JPEG or WebP as a data URL, at most AVATAR_MAX_BYTES; the gateway checks the bytes, not the declared type. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const uploadAvatarRequest = object({ dataUrl: requiredText(Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 64) });
/** `avatar` is the image URL under /files/images/, or null after removal (the male/female default shows). */
export const avatarResponse = object({ avatar: nullable(string()) });
export const uploadAvatar = defineCall({
  method: 'POST', path: '/account/user/UploadAvatar', access: 'user', body: uploadAvatarRequest, response: avatarResponse,
});
export const removeAvatar = defineCall({
  method: 'POST', path: '/account/user/RemoveAvatar', access: 'user', response: avatarResponse,
});
