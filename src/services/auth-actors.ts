import { fromPromise } from 'xstate';
import {
  confirmSecondFactor, getStrangerToken, login, resetPassword, sendCode, sendPasswordResettingLink,
  type AccessTokenResponse, type GetStrangerTokenRequest,
} from '../contract/auth';
import { confirmCredential, createProfile, enterEmail, enterPhone } from '../contract/registration';
import { fillProfile } from '../contract/user';
import { loginMachine } from '../machines/login';
import { profileCompletionMachine } from '../machines/profile-completion';
import { registrationMachine } from '../machines/registration';
import { callApi } from './api';
import { deviceInfo, fingerprint, location } from './device';

/** The sign-in flow with its gateway calls; the login body also names this browser for the session list. */
export const gatewayLoginMachine = loginMachine.provide({
  actors: {
    signIn: fromPromise(({ input, signal }: { input: { login: string; password: string }; signal: AbortSignal }) =>
      callApi(login, {
        body: { ...input, fingerprint: fingerprint(), deviceInfo: deviceInfo(), location: location() },
        signal,
      }),
    ),
    sendCode: fromPromise(({ input, signal }) => callApi(sendCode, { body: input, signal })),
    confirmSecondFactor: fromPromise(({ input, signal }) => callApi(confirmSecondFactor, { body: input, signal })),
    sendResetLink: fromPromise(({ input, signal }) => callApi(sendPasswordResettingLink, { body: input, signal })),
    resetPassword: fromPromise(({ input, signal }) => callApi(resetPassword, { body: input, signal })),
  },
});

export const gatewayRegistrationMachine = registrationMachine.provide({
  actors: {
    enterPhone: fromPromise(({ input, signal }) => callApi(enterPhone, { body: input, signal })),
    confirmCredential: fromPromise(({ input, signal }) => callApi(confirmCredential, { body: input, signal })),
    enterEmail: fromPromise(({ input, signal }) => callApi(enterEmail, { body: input, signal })),
    createProfile: fromPromise(({ input, signal }) => callApi(createProfile, { body: input, signal })),
  },
});

export const gatewayProfileCompletionMachine = profileCompletionMachine.provide({
  actors: {
    fillProfile: fromPromise(({ input, signal }) => callApi(fillProfile, { body: input, signal })),
  },
});

/** Staff sign-in as a customer (/auth/login-ork): one request, so a plain function rather than a machine. */
export function signInAsCustomer(request: GetStrangerTokenRequest): Promise<AccessTokenResponse> {
  return callApi(getStrangerToken, { body: { login: request.login.trim(), key: request.key.trim() } });
}
