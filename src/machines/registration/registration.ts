import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import type { AccessTokenResponse, CodeSentResponse } from '../../contract/auth';
import {
  REGISTRATION_STEPS, type ConfirmCredentialRequest, type ConfirmCredentialResponse, type CreateProfileRequest,
  type EnterEmailRequest, type EnterEmailResponse, type EnterPhoneRequest, type EnterPhoneResponse,
  type RegistrationStep,
} from '../../contract/registration';
import {
  FIELD_ERROR, fieldErrors, isCodeWellFormed, isEmailWellFormed, isPasswordLongEnough, readGatewayError,
  type FieldErrors,
} from '../shared/form-checks';
import { notProvided } from '../shared/not-provided';
import { normalizePhone } from '../shared/phone';
import { checkedSubmit, gatewayError } from '../shared/transitions';

interface RegistrationContext {
  registrationProcessId: string | null;
  /** Normalised, +7XXXXXXXXXX. */
  phone: string;
  email: string;
  usingFlashcall: boolean;
  codeSent: CodeSentResponse | null;
  errorMessage: string | null;
  errorField: string | null;
  fieldErrors: FieldErrors;
  accessToken: string | null;
}

type RegistrationEvent =
  | { type: 'registration.submitPhone'; phone: string; usingFlashcall: boolean }
  | { type: 'registration.submitCode'; code: string }
  | { type: 'registration.resendCode' }
  | { type: 'registration.back' }
  | { type: 'registration.submitEmail'; email: string }
  | { type: 'registration.submitUserData'; password: string; passwordRepeat: string };

interface RegistrationOutput {
  accessToken: string;
}

/** Each state is tagged with the product spec's registration step it belongs to; `busy` marks a call in flight. */
type RegistrationTag = RegistrationStep | 'busy';

const codeSent = {
  type: 'assignCodeSent',
  params: ({ event }: { event: { output: EnterPhoneResponse | EnterEmailResponse } }) => ({ response: event.output }),
} as const;

/** Both credentials are confirmed the same way: the typed code, for the process the gateway named. */
const confirmCodeInput = ({ context, event }: { context: RegistrationContext; event: RegistrationEvent }) => {
  assertEvent(event, 'registration.submitCode');
  return { registrationProcessId: context.registrationProcessId ?? '', code: event.code.trim() };
};

/** Confirming the code of a step, busy within it: done goes to `next`, a failure back to the code. */
const confirmingCode = <const Step extends 'confirmPhone' | 'confirmEmail', const Next extends string>(step: Step, next: Next) => ({
  tags: [step, 'busy' as const],
  invoke: {
    id: 'confirmCredential' as const,
    src: 'confirmCredential' as const,
    input: confirmCodeInput,
    onDone: { target: next },
    onError: { target: step, actions: gatewayError },
  },
});

/** A code step: a well-formed code is confirmed, resend goes through sending again, back edits the credential. */
const codeStep = <const Step extends 'confirmPhone' | 'confirmEmail', Confirming extends string, Sending extends string, Editing extends string>(
  step: Step, confirming: Confirming, sending: Sending, editing: Editing,
) => ({
  tags: step,
  on: {
    'registration.submitCode': checkedSubmit('isCodeWellFormed', confirming, 'assignCodeError'),
    'registration.resendCode': { target: sending, actions: 'clearErrors' as const },
    'registration.back': { target: editing, actions: 'clearErrors' as const },
  },
});

/** Sending a credential, busy within its step: then its code step asks for the code; a failure edits it again. */
const sendingCredential = <const Editing extends 'phone' | 'email', const Src extends 'enterPhone' | 'enterEmail', const Next extends string, Input>(
  editing: Editing, src: Src, input: (args: { context: RegistrationContext }) => Input, next: Next,
) => ({
  tags: [editing, 'busy' as const],
  invoke: { id: src, src, input, onDone: { target: next, actions: codeSent }, onError: { target: editing, actions: gatewayError } },
});

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    output: {} as RegistrationOutput,
    tags: {} as RegistrationTag,
  },
  actors: {
    enterPhone: notProvided<EnterPhoneResponse, EnterPhoneRequest>('enterPhone'),
    confirmCredential: notProvided<ConfirmCredentialResponse, ConfirmCredentialRequest>('confirmCredential'),
    enterEmail: notProvided<EnterEmailResponse, EnterEmailRequest>('enterEmail'),
    createProfile: notProvided<AccessTokenResponse, CreateProfileRequest>('createProfile'),
  },
  actions: {
    clearErrors: assign({ errorMessage: null, errorField: null, fieldErrors: {} }),
    assignGatewayError: assign((_, params: { error: unknown }) => readGatewayError(params.error)),
    assignPhone: assign(({ event }) => {
      assertEvent(event, 'registration.submitPhone');
      return { phone: normalizePhone(event.phone) ?? '', usingFlashcall: event.usingFlashcall };
    }),
    assignPhoneError: assign({ fieldErrors: { phone: FIELD_ERROR.phoneFormat } }),
    assignCodeSent: assign((_, params: { response: EnterPhoneResponse | EnterEmailResponse }) => ({
      registrationProcessId: params.response.registrationProcessId,
      codeSent: params.response.code,
    })),
    assignCodeError: assign({ fieldErrors: { code: FIELD_ERROR.codeFormat } }),
    assignEmail: assign(({ event }) => {
      assertEvent(event, 'registration.submitEmail');
      return { email: event.email.trim() };
    }),
    assignEmailError: assign({ fieldErrors: { email: FIELD_ERROR.emailFormat } }),
    assignUserDataErrors: assign(({ event }) => {
      assertEvent(event, 'registration.submitUserData');
      return {
        fieldErrors: fieldErrors({
          password: isPasswordLongEnough(event.password) ? null : FIELD_ERROR.passwordShort,
          passwordRepeat: event.password === event.passwordRepeat ? null : FIELD_ERROR.passwordMismatch,
        }),
      };
    }),
    assignAccessToken: assign((_, params: { accessToken: string }) => ({ accessToken: params.accessToken })),
  },
  guards: {
    isPhoneWellFormed: ({ event }) => event.type === 'registration.submitPhone' && normalizePhone(event.phone) !== null,
    isCodeWellFormed: ({ event }) => event.type === 'registration.submitCode' && isCodeWellFormed(event.code),
    isEmailWellFormed: ({ event }) => event.type === 'registration.submitEmail' && isEmailWellFormed(event.email),
    isUserDataAcceptable: ({ event }) =>
      event.type === 'registration.submitUserData' &&
      isPasswordLongEnough(event.password) && event.password === event.passwordRepeat,
  },
}).createMachine({
  id: 'registration',
  initial: 'phone',
  context: {
    registrationProcessId: null, phone: '', email: '', usingFlashcall: false, codeSent: null,
    errorMessage: null, errorField: null, fieldErrors: {}, accessToken: null,
  },
  output: ({ context }) => ({ accessToken: context.accessToken ?? '' }),
  states: {
    phone: {
      tags: 'phone',
      on: {
        'registration.submitPhone': checkedSubmit('isPhoneWellFormed', 'sendingPhone', 'assignPhoneError', 'assignPhone'),
      },
    },
    // A known process id makes the gateway send a new code for the same process (resend).
    sendingPhone: sendingCredential('phone', 'enterPhone', ({ context }) => ({
      registrationProcessId: context.registrationProcessId, usingFlashcall: context.usingFlashcall, phone: context.phone,
    }), 'confirmPhone'),
    confirmPhone: codeStep('confirmPhone', 'confirmingPhone', 'sendingPhone', 'phone'),
    confirmingPhone: confirmingCode('confirmPhone', 'email'),
    email: {
      tags: 'email',
      on: {
        'registration.submitEmail': checkedSubmit('isEmailWellFormed', 'sendingEmail', 'assignEmailError', 'assignEmail'),
      },
    },
    sendingEmail: sendingCredential('email', 'enterEmail', ({ context }) => ({
      registrationProcessId: context.registrationProcessId ?? '', email: context.email,
    }), 'confirmEmail'),
    confirmEmail: codeStep('confirmEmail', 'confirmingEmail', 'sendingEmail', 'email'),
    confirmingEmail: confirmingCode('confirmEmail', 'userData'),
    userData: {
      tags: 'userData',
      on: {
        'registration.submitUserData': checkedSubmit('isUserDataAcceptable', 'creatingProfile', 'assignUserDataErrors'),
      },
    },
    creatingProfile: {
      tags: ['userData', 'busy'],
      invoke: {
        id: 'createProfile',
        src: 'createProfile',
        input: ({ context, event }) => {
          assertEvent(event, 'registration.submitUserData');
          return { registrationProcessId: context.registrationProcessId ?? '', password: event.password };
        },
        onDone: {
          target: 'done',
          actions: { type: 'assignAccessToken', params: ({ event }) => ({ accessToken: event.output.accessToken }) },
        },
        onError: { target: 'userData', actions: gatewayError },
      },
    },
    done: { type: 'final' },
  },
});

/** The product spec's registration step the flow is on, for the step indicator; 'done' once the account exists. */
export function registrationStep(snapshot: SnapshotFrom<typeof registrationMachine>): RegistrationStep | 'done' {
  if (snapshot.status === 'done') return 'done';
  return REGISTRATION_STEPS.find((step) => snapshot.hasTag(step)) ?? 'phone';
}
