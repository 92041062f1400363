import { assertEvent, assign, setup } from 'xstate';
import type { CredentialCodeSent } from '../../contract/credentials';
import { FIELD_ERROR, isCodeWellFormed, readGatewayError } from '../shared/form-checks';
import { notProvided } from '../shared/not-provided';
import { checkedSubmit, gatewayError } from '../shared/transitions';
import { CHANGE_FIELDS, confirmable, normalizedValue } from './credential-change-rules';
import type {
  ChangingCodeInput, CredentialChangeContext, CredentialChangeEvent, CredentialChangeInput, CredentialChangeResult,
  CredentialMethod, StartChangingInput,
} from './credential-change-types';

const codeSent = {
  type: 'assignCodeSent',
  params: ({ event }: { event: { output: CredentialCodeSent } }) => ({ sent: event.output }),
} as const;
const codeInput = ({ context, event }: { context: CredentialChangeContext; event: CredentialChangeEvent }) => {
  assertEvent(event, 'change.submitCode');
  return { changingProcessId: context.changingProcessId ?? '', code: event.code.trim() };
};

/**
 * The old and the new value are confirmed alike: a well-formed code is checked, resend opens after the gateway's
 * cooldown (the timer restarts on re-entry after a wrong code; it only ever turns resend on), and back returns to
 * the new value, where a corrected value starts a new process.
 */
const codeEntering = {
  after: { resendCooldown: { actions: 'assignResendAvailable' as const } },
  on: {
    'change.submitCode': checkedSubmit('isCodeWellFormed', 'checking', 'assignCodeError'),
    'change.resend': { guard: 'isResendAvailable' as const, target: 'resending', actions: 'clearErrors' as const },
    'change.back': { target: '#credentialChange.enteringValue', actions: ['clearErrors' as const, 'clearProcess' as const] },
  },
};
const codeResending = {
  tags: 'busy' as const,
  invoke: {
    id: 'resendCode',
    src: 'resendCode' as const,
    input: ({ context }: { context: CredentialChangeContext }) => ({ changingProcessId: context.changingProcessId ?? '' }),
    onDone: { target: 'entering', actions: codeSent },
    onError: { target: 'entering', actions: gatewayError },
  },
};

const changeResult = {
  type: 'assignResult',
  params: ({ event }: { event: { output: CredentialChangeResult } }) => ({ result: event.output }),
} as const;

/** A confirmation step: the code typed (`entering`), checked by `check`, or sent again (`resending`). */
const codeStep = <const Check extends 'confirmOld' | 'confirmNew', const Done>(check: Check, onDone: Done) => ({
  initial: 'entering' as const,
  states: {
    entering: codeEntering,
    checking: { tags: 'busy' as const, invoke: { id: check, src: check, input: codeInput, onDone, onError: { target: 'entering', actions: gatewayError } } },
    resending: codeResending,
  },
});

export const credentialChangeMachine = setup({
  types: {
    context: {} as CredentialChangeContext,
    events: {} as CredentialChangeEvent,
    input: {} as CredentialChangeInput,
    output: {} as CredentialChangeResult,
    tags: {} as 'busy',
  },
  actors: {
    loadCredentialTypes: notProvided<CredentialMethod[]>('loadCredentialTypes'),
    startChanging: notProvided<CredentialCodeSent, StartChangingInput>('startChanging'),
    confirmOld: notProvided<CredentialCodeSent, ChangingCodeInput>('confirmOld'),
    confirmNew: notProvided<CredentialChangeResult, ChangingCodeInput>('confirmNew'),
    resendCode: notProvided<CredentialCodeSent, { changingProcessId: string }>('resendCode'),
  },
  actions: {
    clearErrors: assign({ errorMessage: null, errorField: null, fieldErrors: {} }),
    assignGatewayError: assign((_, params: { error: unknown }) => readGatewayError(params.error)),
    assignMethods: assign((_, params: { methods: CredentialMethod[] }) => {
      const methods = confirmable(params.methods);
      // One way to receive the code leaves nothing to choose.
      return { methods, method: methods.length === 1 ? (methods[0]?.code ?? null) : null };
    }),
    assignMethod: assign(({ event }) => {
      assertEvent(event, 'change.chooseMethod');
      return { method: event.method };
    }),
    assignNewValue: assign(({ context, event }) => {
      assertEvent(event, 'change.submitValue');
      return { newValue: normalizedValue(context.credentialTypeCode, event.value) ?? '' };
    }),
    assignValueError: assign(({ context }) => ({
      fieldErrors: {
        [CHANGE_FIELDS.value]: context.credentialTypeCode === 'RegistrationPhone' ? FIELD_ERROR.phoneFormat : FIELD_ERROR.emailFormat,
      },
    })),
    assignCodeSent: assign((_, params: { sent: CredentialCodeSent }) => ({
      changingProcessId: params.sent.changingProcessId,
      codeSent: params.sent.code,
      resendAvailable: false,
    })),
    assignCodeError: assign({ fieldErrors: { [CHANGE_FIELDS.code]: FIELD_ERROR.codeFormat } }),
    assignResendAvailable: assign({ resendAvailable: true }),
    clearProcess: assign({ changingProcessId: null, codeSent: null, resendAvailable: false }),
    assignResult: assign((_, params: { result: CredentialChangeResult }) => ({ result: params.result })),
  },
  guards: {
    hasNoMethod: (_, params: { methods: CredentialMethod[] }) => confirmable(params.methods).length === 0,
    hasOneMethod: (_, params: { methods: CredentialMethod[] }) => confirmable(params.methods).length === 1,
    hasSeveralMethods: ({ context }) => context.methods.length > 1,
    isOfferedMethod: ({ context, event }) =>
      event.type === 'change.chooseMethod' && context.methods.some((method) => method.code === event.method),
    isValueWellFormed: ({ context, event }) =>
      event.type === 'change.submitValue' && normalizedValue(context.credentialTypeCode, event.value) !== null,
    isCodeWellFormed: ({ event }) => event.type === 'change.submitCode' && isCodeWellFormed(event.code),
    isResendAvailable: ({ context }) => context.resendAvailable,
  },
  delays: {
    // The gateway says when the same process may ask again (0, 30 or 60 s).
    resendCooldown: ({ context }) => (context.codeSent?.resendAfterSeconds ?? 0) * 1000,
  },
}).createMachine({
  id: 'credentialChange',
  initial: 'loadingMethods',
  context: ({ input }) => ({
    credentialTypeCode: input.credentialTypeCode, methods: [], method: null, newValue: '',
    changingProcessId: null, codeSent: null, resendAvailable: false, result: null,
    errorMessage: null, errorField: null, fieldErrors: {},
  }),
  output: ({ context }) => context.result ?? { phone: null, email: null },
  states: {
    loadingMethods: {
      tags: 'busy',
      invoke: {
        id: 'loadCredentialTypes',
        src: 'loadCredentialTypes',
        onDone: [
          { guard: { type: 'hasNoMethod', params: ({ event }) => ({ methods: event.output }) }, target: 'noMethod' },
          {
            guard: { type: 'hasOneMethod', params: ({ event }) => ({ methods: event.output }) },
            target: 'enteringValue',
            actions: { type: 'assignMethods', params: ({ event }) => ({ methods: event.output }) },
          },
          { target: 'choosingMethod', actions: { type: 'assignMethods', params: ({ event }) => ({ methods: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: gatewayError },
      },
    },
    loadFailed: {
      on: { 'change.retry': { target: 'loadingMethods', actions: 'clearErrors' } },
    },
    // No current credential can receive a code: the change cannot be confirmed here.
    noMethod: {},
    choosingMethod: {
      on: {
        'change.chooseMethod': { guard: 'isOfferedMethod', target: 'enteringValue', actions: ['clearErrors', 'assignMethod'] },
      },
    },
    enteringValue: {
      on: {
        'change.submitValue': checkedSubmit('isValueWellFormed', 'starting', 'assignValueError', 'assignNewValue'),
        'change.back': { guard: 'hasSeveralMethods', target: 'choosingMethod', actions: 'clearErrors' },
      },
    },
    starting: {
      tags: 'busy',
      invoke: {
        id: 'startChanging',
        src: 'startChanging',
        input: ({ context }) => ({
          credentialTypeCode: context.credentialTypeCode,
          oldCredentialType: context.method ?? context.credentialTypeCode,
          newCredentialValue: context.newValue,
        }),
        onDone: { target: 'confirmingOld', actions: codeSent },
        onError: { target: 'enteringValue', actions: gatewayError },
      },
    },
    confirmingOld: codeStep('confirmOld', { target: '#credentialChange.confirmingNew', actions: codeSent }),
    confirmingNew: codeStep('confirmNew', { target: '#credentialChange.done', actions: changeResult }),
    done: { type: 'final' },
  },
});
