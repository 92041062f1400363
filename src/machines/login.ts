import { assertEvent, assign, setup } from 'xstate';
import type {
  CodeSentResponse, ConfirmSecondFactorRequest, ConfirmSecondFactorResponse, LoginResponse,
  ResetPasswordRequest, SendCodeRequest, SendPasswordResettingLinkRequest,
} from '../contract/auth';
import type { OkResponse } from '../contract/fields';
import {
  FIELD_ERROR, fieldErrors, isCodeWellFormed, isEmailWellFormed, isFilled, isPasswordLongEnough,
  isResetCodeWellFormed, isResetLinkCode, readGatewayError,
} from './form-checks';
import type { LoginContext, LoginEvent, LoginInput, LoginOutput } from './login-types';
import { notProvided } from './not-provided';

/** Spec: a new code may be asked for 30 s after the last one (longer if the gateway says so). */
export const RESEND_COOLDOWN_MS = 30_000;

export type { LoginContext, LoginEvent, LoginInput, LoginOutput } from './login-types';

/** Every failed call shows the gateway's message (and marks its field, when it names one). */
const gatewayError = {
  type: 'assignGatewayError',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;
const signInResponse = ({ event }: { event: { output: LoginResponse } }) => ({ response: event.output });

export const loginMachine = setup({
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
}).createMachine({
  id: 'login',
  initial: 'opening',
  context: ({ input }) => ({
    login: '', errorMessage: null, errorField: null, fieldErrors: {},
    secondFactorId: null, secondFactorTypes: [], chosenType: null, codeSent: null, resendAvailable: false,
    recoveryEmail: input.recoveryEmail?.trim() ?? '', recoveryCode: input.recoveryCode?.trim() ?? '',
    accessToken: null, profileCompleted: false,
  }),
  output: ({ context }) => ({ accessToken: context.accessToken ?? '', profileCompleted: context.profileCompleted }),
  states: {
    opening: {
      always: [{ guard: 'hasRecoveryLink', target: 'recovery.enteringCode' }, { target: 'start' }],
    },
    start: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'login.submit': [
              { guard: 'isCredentialsComplete', target: 'signingIn', actions: ['clearErrors', 'assignLogin'] },
              { actions: ['clearErrors', 'assignCredentialErrors'] },
            ],
            'login.forgotPassword': { target: '#login.recovery', actions: ['clearErrors', 'assignRecoveryEmailFromLogin'] },
          },
        },
        signingIn: {
          tags: 'busy',
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ event }) => {
              assertEvent(event, 'login.submit');
              return { login: event.login.trim(), password: event.password };
            },
            onDone: [
              // One method only: nothing to choose, the code goes out at once.
              { guard: { type: 'hasOneSecondFactorMethod', params: signInResponse }, target: '#login.secondFactor.sendingCode', actions: { type: 'assignSignInResult', params: signInResponse } },
              { guard: { type: 'isSecondFactorNeeded', params: signInResponse }, target: '#login.secondFactor', actions: { type: 'assignSignInResult', params: signInResponse } },
              { target: '#login.done', actions: { type: 'assignSignInResult', params: signInResponse } },
            ],
            onError: { target: 'editing', actions: gatewayError },
          },
        },
      },
    },
    secondFactor: {
      initial: 'choosingMethod',
      on: { 'login.back': { target: 'start', actions: ['clearErrors', 'clearSecondFactor'] } },
      states: {
        choosingMethod: {
          on: { 'secondFactor.choose': { guard: 'isOfferedMethod', target: 'sendingCode', actions: ['clearErrors', 'assignChosenType'] } },
        },
        sendingCode: {
          tags: 'busy',
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ context }) => ({ secondFactorId: context.secondFactorId ?? '', secondFactorType: context.chosenType ?? 0 }),
            onDone: { target: 'enteringCode', actions: { type: 'assignCodeSent', params: ({ event }) => ({ codeSent: event.output }) } },
            onError: { target: 'choosingMethod', actions: gatewayError },
          },
        },
        enteringCode: {
          // Re-entered after a wrong code, the timer restarts; it only ever turns resend on, so the cost is a later button.
          after: { resendCooldown: { actions: 'assignResendAvailable' } },
          on: {
            'secondFactor.submitCode': [
              { guard: 'isCodeWellFormed', target: 'confirming', actions: 'clearErrors' },
              { actions: ['clearErrors', 'assignCodeError'] },
            ],
            'secondFactor.resend': { guard: 'isResendAvailable', target: 'sendingCode', actions: 'clearErrors' },
            'secondFactor.changeMethod': { guard: 'hasSeveralMethods', target: 'choosingMethod', actions: 'clearErrors' },
          },
        },
        confirming: {
          tags: 'busy',
          invoke: {
            id: 'confirmSecondFactor',
            src: 'confirmSecondFactor',
            input: ({ context, event }) => {
              assertEvent(event, 'secondFactor.submitCode');
              return { secondFactorId: context.secondFactorId ?? '', code: event.code.trim() };
            },
            onDone: { target: '#login.done', actions: { type: 'assignConfirmedToken', params: ({ event }) => ({ response: event.output }) } },
            onError: { target: 'enteringCode', actions: gatewayError },
          },
        },
      },
    },
    recovery: {
      initial: 'enteringEmail',
      on: { 'login.back': { target: 'start', actions: 'clearErrors' } },
      states: {
        enteringEmail: {
          on: {
            'recovery.submitEmail': [
              { guard: 'isEmailWellFormed', target: 'sendingLink', actions: ['clearErrors', 'assignRecoveryEmail'] },
              { actions: ['clearErrors', 'assignEmailError'] },
            ],
          },
        },
        sendingLink: {
          tags: 'busy',
          invoke: {
            id: 'sendResetLink',
            src: 'sendResetLink',
            input: ({ context }) => ({ email: context.recoveryEmail }),
            onDone: { target: 'enteringCode' },
            onError: { target: 'enteringEmail', actions: gatewayError },
          },
        },
        enteringCode: {
          on: {
            'recovery.submitReset': [
              { guard: 'isResetWellFormed', target: 'resetting', actions: 'clearErrors' },
              { actions: ['clearErrors', 'assignResetErrors'] },
            ],
          },
        },
        resetting: {
          tags: 'busy',
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: ({ context, event }) => {
              assertEvent(event, 'recovery.submitReset');
              const request = { code: event.code.trim(), newPassword: event.newPassword };
              return context.recoveryEmail === '' ? request : { ...request, email: context.recoveryEmail };
            },
            onDone: { target: 'resetDone' },
            onError: { target: 'enteringCode', actions: gatewayError },
          },
        },
        resetDone: {
          on: { 'recovery.toLogin': { target: '#login.start', actions: ['clearErrors', 'assignLoginFromRecovery'] } },
        },
      },
    },
    done: { type: 'final' },
  },
});
