import { assertEvent, assign, setup } from 'xstate';
import type {
  CodeSentResponse, ConfirmSecondFactorRequest, ConfirmSecondFactorResponse, LoginResponse, ResetPasswordRequest,
  SendCodeRequest, SendPasswordResettingLinkRequest,
} from '../../contract/auth';
import type { OkResponse } from '../../contract/fields';
import {
  FIELD_ERROR, fieldErrors, isCodeWellFormed, isEmailWellFormed, isFilled, isPasswordLongEnough, isResetCodeWellFormed,
  isResetLinkCode, readGatewayError, RESEND_COOLDOWN_MS,
} from '../shared/form-checks';
import { notProvided } from '../shared/not-provided';
import type { LoginContext, LoginEvent, LoginInput, LoginOutput } from './login-types';

/**
 * The words the sign-in chart (login.ts) is written in: its gateway actors, actions, guards and delay, registered
 * by name. The chart reads top-down there; what each name does is here.
 */
export const loginSetup = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    output: {} as LoginOutput,
    tags: {} as 'busy',
  },
  actors: {
    signIn: notProvided<LoginResponse, { login: string; password: string }>('signIn'),
    sendCode: notProvided<CodeSentResponse, SendCodeRequest>('sendCode'),
    confirmSecondFactor: notProvided<ConfirmSecondFactorResponse, ConfirmSecondFactorRequest>('confirmSecondFactor'),
    sendResetLink: notProvided<OkResponse, SendPasswordResettingLinkRequest>('sendResetLink'),
    resetPassword: notProvided<OkResponse, ResetPasswordRequest>('resetPassword'),
  },
  actions: {
    clearErrors: assign({ errorMessage: null, errorField: null, fieldErrors: {} }),
    assignGatewayError: assign((_, params: { error: unknown }) => readGatewayError(params.error)),
    assignCredentialErrors: assign(({ event }) => {
      assertEvent(event, 'login.submit');
      return {
        fieldErrors: fieldErrors({
          login: isFilled(event.login) ? null : FIELD_ERROR.required,
          password: isFilled(event.password) ? null : FIELD_ERROR.required,
        }),
      };
    }),
    assignLogin: assign(({ event }) => {
      assertEvent(event, 'login.submit');
      return { login: event.login.trim() };
    }),
    assignSignInResult: assign((_, params: { response: LoginResponse }) => {
      const { response } = params;
      if (response.result === 1) {
        const types = response.secondFactorTypes;
        return { secondFactorId: response.secondFactorId, secondFactorTypes: types, chosenType: types.length === 1 ? (types[0] ?? null) : null };
      }
      return { accessToken: response.accessToken, profileCompleted: response.result === 0 };
    }),
    assignConfirmedToken: assign((_, params: { response: ConfirmSecondFactorResponse }) => ({
      accessToken: params.response.accessToken,
      profileCompleted: params.response.result === 0,
    })),
    assignChosenType: assign(({ event }) => {
      assertEvent(event, 'secondFactor.choose');
      return { chosenType: event.secondFactorType };
    }),
    assignCodeSent: assign((_, params: { codeSent: CodeSentResponse }) => ({ codeSent: params.codeSent, resendAvailable: false })),
    assignResendAvailable: assign({ resendAvailable: true }),
    assignCodeError: assign({ fieldErrors: { code: FIELD_ERROR.codeFormat } }),
    clearSecondFactor: assign({ secondFactorId: null, secondFactorTypes: [], chosenType: null, codeSent: null, resendAvailable: false }),
    assignRecoveryEmailFromLogin: assign(({ context }) => ({
      recoveryEmail: isEmailWellFormed(context.login) ? context.login : context.recoveryEmail,
    })),
    assignRecoveryEmail: assign(({ event }) => {
      assertEvent(event, 'recovery.submitEmail');
      return { recoveryEmail: event.email.trim() };
    }),
    assignEmailError: assign({ fieldErrors: { email: FIELD_ERROR.emailFormat } }),
    assignResetErrors: assign(({ event }) => {
      assertEvent(event, 'recovery.submitReset');
      return {
        fieldErrors: fieldErrors({
          code: isResetCodeWellFormed(event.code) ? null : FIELD_ERROR.codeFormat,
          newPassword: isPasswordLongEnough(event.newPassword) ? null : FIELD_ERROR.passwordShort,
        }),
      };
    }),
    assignLoginFromRecovery: assign(({ context }) => ({ login: context.recoveryEmail || context.login, recoveryCode: '' })),
  },
  guards: {
    // Older letters linked the address with a typed code; newer ones a code that needs no address.
    hasRecoveryLink: ({ context }) =>
      isResetLinkCode(context.recoveryCode) || (context.recoveryEmail !== '' && context.recoveryCode !== ''),
    isCredentialsComplete: ({ event }) =>
      event.type === 'login.submit' && isFilled(event.login) && isFilled(event.password),
    isSecondFactorNeeded: (_, params: { response: LoginResponse }) => params.response.result === 1,
    hasOneSecondFactorMethod: (_, params: { response: LoginResponse }) =>
      params.response.result === 1 && params.response.secondFactorTypes.length === 1,
    isOfferedMethod: ({ context, event }) =>
      event.type === 'secondFactor.choose' && context.secondFactorTypes.includes(event.secondFactorType),
    hasSeveralMethods: ({ context }) => context.secondFactorTypes.length > 1,
    isCodeWellFormed: ({ event }) => event.type === 'secondFactor.submitCode' && isCodeWellFormed(event.code),
    isResendAvailable: ({ context }) => context.resendAvailable,
    isEmailWellFormed: ({ event }) => event.type === 'recovery.submitEmail' && isEmailWellFormed(event.email),
    isResetWellFormed: ({ event }) =>
      event.type === 'recovery.submitReset' && isResetCodeWellFormed(event.code) && isPasswordLongEnough(event.newPassword),
  },
  delays: {
    resendCooldown: ({ context }) => Math.max(RESEND_COOLDOWN_MS, (context.codeSent?.resendAfterSeconds ?? 0) * 1000),
  },
});
