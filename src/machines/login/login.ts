import { assertEvent } from 'xstate';
import type { LoginResponse } from '../../contract/auth';
import { checkedSubmit, gatewayError } from '../shared/transitions';
import { loginSetup } from './login-setup';

const signInResponse = ({ event }: { event: { output: LoginResponse } }) => ({ response: event.output });

/**
 * Sign-in: login and password, then a second factor when the account has one (the code goes out at once
 * when there is one method), or password recovery by e-mail; a recovery link opens the flow at its code step.
 */
export const loginMachine = loginSetup.createMachine({
  id: 'login',
  initial: 'opening',
  context: ({ input }) => ({
    login: '',
    errorMessage: null,
    errorField: null,
    fieldErrors: {},
    secondFactorId: null,
    secondFactorTypes: [],
    chosenType: null,
    codeSent: null,
    resendAvailable: false,
    recoveryEmail: input.recoveryEmail?.trim() ?? '',
    recoveryCode: input.recoveryCode?.trim() ?? '',
    accessToken: null,
    profileCompleted: false,
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
            'login.submit': checkedSubmit('isCredentialsComplete', 'signingIn', 'assignCredentialErrors', 'assignLogin'),
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
              {
                guard: { type: 'hasOneSecondFactorMethod', params: signInResponse },
                target: '#login.secondFactor.sendingCode',
                actions: { type: 'assignSignInResult', params: signInResponse },
              },
              {
                guard: { type: 'isSecondFactorNeeded', params: signInResponse },
                target: '#login.secondFactor',
                actions: { type: 'assignSignInResult', params: signInResponse },
              },
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
            'secondFactor.submitCode': checkedSubmit('isCodeWellFormed', 'confirming', 'assignCodeError'),
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
            'recovery.submitEmail': checkedSubmit('isEmailWellFormed', 'sendingLink', 'assignEmailError', 'assignRecoveryEmail'),
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
            'recovery.submitReset': checkedSubmit('isResetWellFormed', 'resetting', 'assignResetErrors'),
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
