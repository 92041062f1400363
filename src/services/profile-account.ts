import { fromPromise } from 'xstate';
import {
  confirmNewCredential, confirmOldCredential, confirmReserveEmail, confirmReservePhone,
  getCredentialTypes, removeAvatar, removeReserveContact, resendCredentialCode, startCredentialChanging,
  startReserveEmailConfirmation, startReservePhoneConfirmation, updateMainInfo, uploadAvatar, type CredentialCodeSent,
  type ReserveStarted,
} from '../contract/credentials';
import type { OkResponse } from '../contract/fields';
import { getLetterSettings, setLetterSettings, type LetterSettings, type OrderLetter } from '../contract/letters';
import {
  getMyDetailedInfo, getSessions, resetPasswordWithOld, terminateSession, type ResetPasswordWithOldRequest,
  type Session, type UserDetailedInfo,
} from '../contract/user';
import { credentialChangeMachine } from '../machines/credential-change/credential-change';
import type {
  ChangingCodeInput, CredentialChangeResult, CredentialMethod, StartChangingInput,
} from '../machines/credential-change/credential-change-types';
import {
  FIELD_ERROR, fieldErrors, isFilled, isPasswordLongEnough, type FieldErrors,
} from '../machines/shared/form-checks';
import {
  reserveConfirmationMachine, type ConfirmReserveInput, type ReserveContacts, type ReserveKind, type StartReserveInput,
} from '../machines/reserve-confirmation/reserve-confirmation';
import { callApi } from './api';
import { t } from './i18n';
import { showToast } from './toasts';
import { swappableCalls } from './swappable-calls';

/** The profile tab's calls (/account/profile); tests replace them with `provideProfileAccountCalls`. */
export interface ProfileAccountCalls {
  detailedInfo(signal?: AbortSignal): Promise<UserDetailedInfo>;
  updateMainInfo(body: MainInfoBody): Promise<OkResponse>;
  uploadAvatar(dataUrl: string): Promise<{ avatar: string | null }>;
  removeAvatar(): Promise<{ avatar: string | null }>;
  changePassword(body: ResetPasswordWithOldRequest): Promise<OkResponse>;
  sessions(signal?: AbortSignal): Promise<Session[]>;
  terminateSession(sessionId: string): Promise<OkResponse>;
  credentialTypes(signal?: AbortSignal): Promise<CredentialMethod[]>;
  startCredentialChanging(body: StartChangingInput, signal?: AbortSignal): Promise<CredentialCodeSent>;
  confirmOldCredential(body: ChangingCodeInput, signal?: AbortSignal): Promise<CredentialCodeSent>;
  confirmNewCredential(body: ChangingCodeInput, signal?: AbortSignal): Promise<CredentialChangeResult>;
  resendCredentialCode(changingProcessId: string, signal?: AbortSignal): Promise<CredentialCodeSent>;
  startReserve(input: StartReserveInput, signal?: AbortSignal): Promise<ReserveStarted>;
  confirmReserve(input: ConfirmReserveInput, signal?: AbortSignal): Promise<ReserveContacts>;
  removeReserve(kind: ReserveKind, signal?: AbortSignal): Promise<ReserveContacts>;
  letterSettings(signal?: AbortSignal): Promise<LetterSettings>;
  setMutedLetters(mutedLetters: OrderLetter[]): Promise<LetterSettings>;
}

export interface MainInfoBody {
  firstName: string;
  patronymic: string;
  lastName: string;
  isMale: boolean | null;
}

const realCalls: ProfileAccountCalls = {
  detailedInfo: (signal) => callApi(getMyDetailedInfo, { signal }),
  updateMainInfo: (body) => callApi(updateMainInfo, { body }),
  uploadAvatar: (dataUrl) => callApi(uploadAvatar, { body: { dataUrl } }),
  removeAvatar: () => callApi(removeAvatar),
  changePassword: (body) => callApi(resetPasswordWithOld, { body }),
  sessions: (signal) => callApi(getSessions, { signal }),
  terminateSession: (sessionId) => callApi(terminateSession, { query: { sessionId } }),
  credentialTypes: (signal) => callApi(getCredentialTypes, { signal }),
  startCredentialChanging: (body, signal) => callApi(startCredentialChanging, { body, signal }),
  confirmOldCredential: (body, signal) => callApi(confirmOldCredential, { body, signal }),
  confirmNewCredential: (body, signal) => callApi(confirmNewCredential, { body, signal }),
  resendCredentialCode: (changingProcessId, signal) => callApi(resendCredentialCode, { body: { changingProcessId }, signal }),
  // Without a value the stored contact is re-confirmed (the Start calls' body is optional).
  startReserve: ({ kind, value }, signal) =>
    kind === 'ReservePhone'
      ? callApi(startReservePhoneConfirmation, { body: value === null ? {} : { phone: value }, signal })
      : callApi(startReserveEmailConfirmation, { body: value === null ? {} : { email: value }, signal }),
  confirmReserve: ({ kind, confirmationId, code }, signal) =>
    callApi(kind === 'ReservePhone' ? confirmReservePhone : confirmReserveEmail, { body: { confirmationId, code }, signal }),
  removeReserve: (kind, signal) => callApi(removeReserveContact, { body: { kind }, signal }),
  letterSettings: (signal) => callApi(getLetterSettings, { signal }),
  setMutedLetters: (mutedLetters) => callApi(setLetterSettings, { body: { mutedLetters } }),
};

const callsSlot = swappableCalls<ProfileAccountCalls>(realCalls);
/** Swaps the calls (tests); returns the undo. */
export const provideProfileAccountCalls = callsSlot.provide;
export const profileAccountCalls = callsSlot.current;

// The actors read `profileAccountCalls()` when they run, so a test's calls reach the machines too.

export const credentialChangeFlow = credentialChangeMachine.provide({
  actors: {
    loadCredentialTypes: fromPromise(({ signal }) => profileAccountCalls().credentialTypes(signal)),
    startChanging: fromPromise(({ input, signal }) => profileAccountCalls().startCredentialChanging(input, signal)),
    confirmOld: fromPromise(({ input, signal }) => profileAccountCalls().confirmOldCredential(input, signal)),
    confirmNew: fromPromise(({ input, signal }) => profileAccountCalls().confirmNewCredential(input, signal)),
    resendCode: fromPromise(({ input, signal }) => profileAccountCalls().resendCredentialCode(input.changingProcessId, signal)),
  },
});

export const reserveConfirmationFlow = reserveConfirmationMachine.provide({
  actors: {
    startConfirmation: fromPromise(({ input, signal }) => profileAccountCalls().startReserve(input, signal)),
    confirmCode: fromPromise(({ input, signal }) => profileAccountCalls().confirmReserve(input, signal)),
    removeContact: fromPromise(({ input, signal }) => profileAccountCalls().removeReserve(input.kind, signal)),
  },
  actions: {
    notifyConfirmed: (_, { kind }) => showToast({ text: t(`account.profile.reserve.confirmedToast.${kind}`), kind: 'success' }),
    notifyRemoved: (_, { kind }) => showToast({ text: t(`account.profile.reserve.removed.${kind}`), kind: 'success' }),
  },
});

/** First and last name are required, the patronymic is not (as on /auth/filling-profile). */
export function mainInfoErrors(form: MainInfoBody): FieldErrors {
  return fieldErrors({
    firstName: isFilled(form.firstName) ? null : FIELD_ERROR.required,
    lastName: isFilled(form.lastName) ? null : FIELD_ERROR.required,
  });
}

export const trimmedMainInfo = (form: MainInfoBody): MainInfoBody => ({
  firstName: form.firstName.trim(),
  patronymic: form.patronymic.trim(),
  lastName: form.lastName.trim(),
  isMale: form.isMale,
});

export interface PasswordChangeForm {
  oldPassword: string;
  newPassword: string;
  newPasswordRepeat: string;
}

export function passwordChangeErrors(form: PasswordChangeForm): FieldErrors {
  return fieldErrors({
    oldPassword: isFilled(form.oldPassword) ? null : FIELD_ERROR.required,
    newPassword: isPasswordLongEnough(form.newPassword) ? null : FIELD_ERROR.passwordShort,
    newPasswordRepeat: form.newPassword === form.newPasswordRepeat ? null : FIELD_ERROR.passwordMismatch,
  });
}

