import { fromPromise } from 'xstate';
import {
  confirmSecondFactor, getStrangerToken, login, resetPassword, sendCode, sendPasswordResettingLink,
  type AccessTokenResponse, type GetStrangerTokenRequest,
} from '../contract/auth';
import { loginMachine } from '../machines/login/login';
import { callApi } from './api';
import { deviceInfo, fingerprint, location } from './device';

/** The sign-in flow with its gateway calls; the login body also names this browser for the session list. */
export const loginFlow = loginMachine.provide({
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

/** Staff sign-in as a customer (/auth/login-ork): one request, so a plain function rather than a machine. */
export function signInAsCustomer(request: GetStrangerTokenRequest): Promise<AccessTokenResponse> {
  return callApi(getStrangerToken, { body: { login: request.login.trim(), key: request.key.trim() } });
}
