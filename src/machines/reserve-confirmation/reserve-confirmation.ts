import type { Infer } from 'superstruct';
import { assertEvent, assign, setup } from 'xstate';
import type { CodeSentResponse } from '../../contract/auth';
import type { ReserveStarted, reserveConfirmed } from '../../contract/credentials';
import {
  FIELD_ERROR, isCodeWellFormed, isEmailWellFormed, readGatewayError, type FieldErrors,
} from '../shared/form-checks';
import { notProvided } from '../shared/not-provided';
import { normalizePhone } from '../shared/phone';
import { checkedSubmit, gatewayError } from '../shared/transitions';

/** The product spec's reserve contact kinds. */
export type ReserveKind = 'ReservePhone' | 'ReserveEmail';

/** Both reserve contacts as the gateway stores them, after a confirmation or a removal. */
export type ReserveContacts = Infer<typeof reserveConfirmed>;

export interface ReserveConfirmationInput {
  kind: ReserveKind;
  /** The confirmed reserve contact stored now (GetMyDetailedInfo), null when there is none. */
  stored: string | null;
}

interface ReserveConfirmationContext {
  kind: ReserveKind;
  stored: string | null;
  /** The new value being confirmed (+7XXXXXXXXXX or an e-mail); null when the stored one is re-confirmed. */
  pendingValue: string | null;
  confirmationId: string | null;
  codeSent: CodeSentResponse | null;
  resendAvailable: boolean;
  errorMessage: string | null;
  errorField: string | null;
  fieldErrors: FieldErrors;
}

type ReserveConfirmationEvent =
  | { type: 'reserve.edit' }
  | { type: 'reserve.reconfirm' }
  | { type: 'reserve.remove' }
  | { type: 'reserve.submitValue'; value: string }
  | { type: 'reserve.submitCode'; code: string }
  | { type: 'reserve.resend' }
  | { type: 'reserve.cancel' };

export interface StartReserveInput {
  kind: ReserveKind;
  /** Null re-confirms the stored contact. */
  value: string | null;
}
export interface ConfirmReserveInput {
  kind: ReserveKind;
  confirmationId: string;
  code: string;
}

/** Field names errors are shown on: the gateway names `phone`/`email` for the value and `code` for the code. */
export const RESERVE_FIELDS = { value: 'value', code: 'code' } as const;

const normalizedValue = (kind: ReserveKind, value: string): string | null => {
  if (kind === 'ReservePhone') return normalizePhone(value);
  return isEmailWellFormed(value) ? value.trim() : null;
};
const storedOf = (kind: ReserveKind, contacts: ReserveContacts) =>
  kind === 'ReservePhone' ? contacts.reservePhone : contacts.reserveEmail;

const storedContacts = {
  type: 'assignStored',
  params: ({ event }: { event: { output: ReserveContacts } }) => ({ contacts: event.output }),
} as const;

/** What a settled card offers: add or change, and with a stored contact re-confirm or remove it. */
const settledEvents = {
  'reserve.edit': { target: 'editing', actions: 'clearErrors' as const },
  'reserve.reconfirm': { guard: 'hasStored' as const, target: 'starting', actions: ['clearErrors' as const, 'clearPendingValue' as const] },
  'reserve.remove': { guard: 'hasStored' as const, target: 'removing', actions: 'clearErrors' as const },
};

export const reserveConfirmationMachine = setup({
  types: {
    context: {} as ReserveConfirmationContext,
    events: {} as ReserveConfirmationEvent,
    input: {} as ReserveConfirmationInput,
    tags: {} as 'busy',
  },
  actors: {
    startConfirmation: notProvided<ReserveStarted, StartReserveInput>('startConfirmation'),
    confirmCode: notProvided<ReserveContacts, ConfirmReserveInput>('confirmCode'),
    removeContact: notProvided<ReserveContacts, { kind: ReserveKind }>('removeContact'),
  },
  actions: {
    /** Toasts, supplied by the service. */
    notifyConfirmed: (_, _params: { kind: ReserveKind }) => {},
    notifyRemoved: (_, _params: { kind: ReserveKind }) => {},
    clearErrors: assign({ errorMessage: null, errorField: null, fieldErrors: {} }),
    assignGatewayError: assign((_, params: { error: unknown }) => {
      const { errorMessage, errorField } = readGatewayError(params.error);
      // The gateway names the value by its body field (phone, email); the view knows it as `value`.
      return { errorMessage, errorField: errorField === 'phone' || errorField === 'email' ? RESERVE_FIELDS.value : errorField };
    }),
    assignPendingValue: assign(({ context, event }) => {
      assertEvent(event, 'reserve.submitValue');
      return { pendingValue: normalizedValue(context.kind, event.value) };
    }),
    clearPendingValue: assign({ pendingValue: null }),
    assignValueError: assign(({ context }) => ({
      fieldErrors: { [RESERVE_FIELDS.value]: context.kind === 'ReservePhone' ? FIELD_ERROR.phoneFormat : FIELD_ERROR.emailFormat },
    })),
    assignStarted: assign((_, params: { started: ReserveStarted }) => ({
      confirmationId: params.started.confirmationId,
      codeSent: params.started.code,
      resendAvailable: false,
    })),
    assignCodeError: assign({ fieldErrors: { [RESERVE_FIELDS.code]: FIELD_ERROR.codeFormat } }),
    assignResendAvailable: assign({ resendAvailable: true }),
    clearProcess: assign({ pendingValue: null, confirmationId: null, codeSent: null, resendAvailable: false }),
    assignStored: assign(({ context }, params: { contacts: ReserveContacts }) => ({ stored: storedOf(context.kind, params.contacts) })),
  },
  guards: {
    hasStored: ({ context }) => context.stored !== null,
    isNewValue: ({ context }) => context.pendingValue !== null,
    isValueWellFormed: ({ context, event }) =>
      event.type === 'reserve.submitValue' && normalizedValue(context.kind, event.value) !== null,
    isCodeWellFormed: ({ event }) => event.type === 'reserve.submitCode' && isCodeWellFormed(event.code),
    isResendAvailable: ({ context }) => context.resendAvailable,
  },
  delays: {
    resendCooldown: ({ context }) => (context.codeSent?.resendAfterSeconds ?? 0) * 1000,
  },
}).createMachine({
  id: 'reserveConfirmation',
  initial: 'idle',
  context: ({ input }) => ({
    kind: input.kind, stored: input.stored, pendingValue: null, confirmationId: null, codeSent: null,
    resendAvailable: false, errorMessage: null, errorField: null, fieldErrors: {},
  }),
  states: {
    idle: { on: settledEvents },
    editing: {
      on: {
        'reserve.submitValue': checkedSubmit('isValueWellFormed', 'starting', 'assignValueError', 'assignPendingValue'),
        'reserve.cancel': { target: 'idle', actions: 'clearErrors' },
      },
    },
    // Also the resend: a new confirmation of the same value replaces the old one.
    starting: {
      tags: 'busy',
      invoke: {
        id: 'startConfirmation',
        src: 'startConfirmation',
        input: ({ context }) => ({ kind: context.kind, value: context.pendingValue }),
        onDone: { target: 'enteringCode', actions: { type: 'assignStarted', params: ({ event }) => ({ started: event.output }) } },
        onError: [
          { guard: 'isNewValue', target: 'editing', actions: [gatewayError, 'clearProcess'] },
          { target: 'idle', actions: [gatewayError, 'clearProcess'] },
        ],
      },
    },
    enteringCode: {
      after: { resendCooldown: { actions: 'assignResendAvailable' } },
      on: {
        'reserve.submitCode': checkedSubmit('isCodeWellFormed', 'confirming', 'assignCodeError'),
        'reserve.resend': { guard: 'isResendAvailable', target: 'starting', actions: 'clearErrors' },
        'reserve.cancel': { target: 'idle', actions: ['clearErrors', 'clearProcess'] },
      },
    },
    confirming: {
      tags: 'busy',
      invoke: {
        id: 'confirmCode',
        src: 'confirmCode',
        input: ({ context, event }) => {
          assertEvent(event, 'reserve.submitCode');
          return { kind: context.kind, confirmationId: context.confirmationId ?? '', code: event.code.trim() };
        },
        onDone: {
          target: 'confirmed',
          actions: [storedContacts, 'clearProcess', { type: 'notifyConfirmed', params: ({ context }) => ({ kind: context.kind }) }],
        },
        onError: { target: 'enteringCode', actions: gatewayError },
      },
    },
    // Settled like idle; the view says the contact was just confirmed.
    confirmed: { on: settledEvents },
    removing: {
      tags: 'busy',
      invoke: {
        id: 'removeContact',
        src: 'removeContact',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: { target: 'idle', actions: [storedContacts, { type: 'notifyRemoved', params: ({ context }) => ({ kind: context.kind }) }] },
        onError: { target: 'idle', actions: gatewayError },
      },
    },
  },
});
