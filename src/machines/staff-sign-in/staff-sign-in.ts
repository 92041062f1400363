import { assertEvent, assign, setup } from 'xstate';
import type { StaffMember } from '../../contract/staff';
import { fieldErrors, FIELD_ERROR, isFilled, readGatewayError, type FieldErrors } from '../shared/form-checks';
import { notProvided } from '../shared/not-provided';
import { checkedSubmit, errorOf, gatewayError } from '../shared/transitions';

/** What SignIn answers: a code of the enrolled second factor, or (the first time) a new one to enrol. */
export type StaffSignInAnswer =
  | { step: 'code'; challengeId: string }
  | { step: 'enrol'; challengeId: string; secret: string; otpauthUri: string };

export interface StaffSignInContext {
  email: string;
  challengeId: string | null;
  /** The new second factor shown once at the first sign-in. */
  enrolment: { secret: string; otpauthUri: string } | null;
  errorMessage: string | null;
  fieldErrors: FieldErrors;
  token: string | null;
  member: StaffMember | null;
}

export type StaffSignInEvent =
  | { type: 'staffSignIn.submit'; email: string; password: string }
  | { type: 'staffSignIn.submitCode'; code: string }
  | { type: 'staffSignIn.back' };

const CODE = /^\d{6}$/;
/** The gateway ends the challenge after too many wrong codes, or when it expired: only a new password starts another. */
const SPENT_CHALLENGE_CODES = ['too_many_attempts', 'process_not_found'];
const errorCode = (error: unknown) =>
  (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : null);

export const staffSignInMachine = setup({
  types: {
    context: {} as StaffSignInContext,
    events: {} as StaffSignInEvent,
    output: {} as { token: string; member: StaffMember },
    tags: {} as 'busy',
  },
  actors: {
    signIn: notProvided<StaffSignInAnswer, { email: string; password: string }>('signIn'),
    confirmCode: notProvided<{ token: string; member: StaffMember }, { challengeId: string; code: string }>('confirmCode'),
  },
  actions: {
    clearErrors: assign({ errorMessage: null, fieldErrors: {} }),
    clearChallenge: assign({ challengeId: null, enrolment: null }),
    assignGatewayError: assign((_, params: { error: unknown }) => ({ errorMessage: readGatewayError(params.error).errorMessage })),
    assignCredentialErrors: assign(({ event }) => {
      assertEvent(event, 'staffSignIn.submit');
      return {
        fieldErrors: fieldErrors({
          email: isFilled(event.email) ? null : FIELD_ERROR.required,
          password: isFilled(event.password) ? null : FIELD_ERROR.required,
        }),
      };
    }),
    assignCodeError: assign({ fieldErrors: { code: 'staff.signIn.codeFormat' } }),
    assignEmail: assign(({ event }) => {
      assertEvent(event, 'staffSignIn.submit');
      return { email: event.email.trim() };
    }),
    assignChallenge: assign((_, params: { answer: StaffSignInAnswer }) => {
      const { answer } = params;
      return {
        challengeId: answer.challengeId,
        enrolment: answer.step === 'enrol' ? { secret: answer.secret, otpauthUri: answer.otpauthUri } : null,
      };
    }),
    assignSession: assign((_, params: { token: string; member: StaffMember }) => ({ token: params.token, member: params.member })),
  },
  guards: {
    isCredentialsComplete: ({ event }) => event.type === 'staffSignIn.submit' && isFilled(event.email) && isFilled(event.password),
    isCodeWellFormed: ({ event }) => event.type === 'staffSignIn.submitCode' && CODE.test(event.code.trim()),
    isChallengeSpent: (_, params: { error: unknown }) => SPENT_CHALLENGE_CODES.includes(errorCode(params.error) ?? ''),
  },
}).createMachine({
  id: 'staffSignIn',
  initial: 'credentials',
  context: { email: '', challengeId: null, enrolment: null, errorMessage: null, fieldErrors: {}, token: null, member: null },
  output: ({ context }) => ({ token: context.token ?? '', member: context.member as StaffMember }),
  states: {
    credentials: {
      on: {
        'staffSignIn.submit': checkedSubmit('isCredentialsComplete', 'signingIn', 'assignCredentialErrors', 'assignEmail'),
      },
    },
    signingIn: {
      tags: 'busy',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          assertEvent(event, 'staffSignIn.submit');
          return { email: event.email.trim(), password: event.password };
        },
        onDone: { target: 'secondFactor', actions: { type: 'assignChallenge', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'credentials', actions: gatewayError },
      },
    },
    secondFactor: {
      on: {
        'staffSignIn.submitCode': checkedSubmit('isCodeWellFormed', 'confirming', 'assignCodeError'),
        'staffSignIn.back': { target: 'credentials', actions: ['clearErrors', 'clearChallenge'] },
      },
    },
    confirming: {
      tags: 'busy',
      invoke: {
        id: 'confirmCode',
        src: 'confirmCode',
        input: ({ context, event }) => {
          assertEvent(event, 'staffSignIn.submitCode');
          return { challengeId: context.challengeId ?? '', code: event.code.trim() };
        },
        onDone: { target: 'signedIn', actions: { type: 'assignSession', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isChallengeSpent', params: errorOf },
            target: 'credentials',
            actions: ['clearChallenge', gatewayError],
          },
          { target: 'secondFactor', actions: gatewayError },
        ],
      },
    },
    signedIn: { type: 'final' },
  },
});
