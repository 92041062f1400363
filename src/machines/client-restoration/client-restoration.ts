import { assertEvent, assign, setup } from 'xstate';
import type { Client, ClientType, RestorationClientData, RestorationStarted } from '../../contract/clients';
import {
  CLIENT_FIELD_ERROR, clientFormErrors, EMPTY_CLIENT_FORM, fieldLeft, formEdited, formFieldOf, formOfRestorationData,
  restorationDataOf, restorationFieldsOf, withoutFields, type ClientForm, type ClientFormField,
} from '../shared/client-form';
import {
  fieldErrors, isCodeWellFormed, isEmailWellFormed, isFilled, readGatewayError, RESEND_COOLDOWN_MS, type FieldErrors,
} from '../shared/form-checks';
import { notProvided } from '../shared/not-provided';
import { checkedSubmit, gatewayError } from '../shared/transitions';

/** The old cabinet's e-mail, or an order's e-mail with its number. */
export type RestorationWay = 'oldCabinet' | 'order';

export interface RestorationStartInput {
  way: RestorationWay;
  email: string;
  orderNumber: string;
}

interface ClientRestorationContext extends RestorationStartInput {
  started: RestorationStarted | null;
  resendAvailable: boolean;
  clientType: ClientType;
  form: ClientForm;
  fieldErrors: FieldErrors;
  errorMessage: string | null;
  errorField: string | null;
  restored: Client | null;
}

type ClientRestorationEvent =
  | { type: 'restoration.start'; way: RestorationWay; email: string; orderNumber: string }
  | { type: 'restoration.submitCode'; code: string }
  | { type: 'restoration.resend' }
  | { type: 'restoration.back' }
  | { type: 'restoration.chooseType'; clientType: ClientType }
  | { type: 'restoration.edit'; changes: Partial<ClientForm> }
  | { type: 'restoration.leaveField'; field: ClientFormField }
  | { type: 'restoration.finish' };

const startChecks = (event: { way: RestorationWay; email: string; orderNumber: string }) => fieldErrors({
  email: isEmailWellFormed(event.email) ? null : CLIENT_FIELD_ERROR.email,
  orderNumber: event.way === 'order' && !isFilled(event.orderNumber) ? CLIENT_FIELD_ERROR.required : null,
});
const finishErrors = (context: ClientRestorationContext) =>
  clientFormErrors(context.clientType, context.form, restorationFieldsOf(context.clientType));
/** The gateway names the body's fields (oldLKEmail, orderEmail, clientData.inn); the form has email and inn. */
const formFieldOfGateway = (field: string | null) => {
  const bare = formFieldOf(field);
  return bare === 'oldLKEmail' || bare === 'orderEmail' ? 'email' : bare;
};

/** The words the restoration chart is written in: its calls, actions, guards and delay. */
const restorationSetup = setup({
  types: {
    context: {} as ClientRestorationContext,
    events: {} as ClientRestorationEvent,
    output: {} as Client | null,
    tags: {} as 'busy',
  },
  actors: {
    startRestoration: notProvided<RestorationStarted, RestorationStartInput>('startRestoration'),
    confirmEmail: notProvided<{ restorationId: string; clientData: RestorationClientData }, { restorationId: string; code: string }>('confirmEmail'),
    finishRestoring: notProvided<Client, { restorationId: string; clientData: RestorationClientData }>('finishRestoring'),
  },
  actions: {
    clearErrors: assign({ fieldErrors: {}, errorMessage: null, errorField: null }),
    assignStart: assign(({ event }) => {
      assertEvent(event, 'restoration.start');
      return { way: event.way, email: event.email.trim(), orderNumber: event.way === 'order' ? event.orderNumber.trim() : '' };
    }),
    assignStartErrors: assign(({ event }) => {
      assertEvent(event, 'restoration.start');
      return { fieldErrors: startChecks(event) };
    }),
    assignStarted: assign((_, params: { started: RestorationStarted }) => ({ started: params.started, resendAvailable: false })),
    assignResendAvailable: assign({ resendAvailable: true }),
    assignCodeError: assign({ fieldErrors: { code: CLIENT_FIELD_ERROR.code } }),
    assignGatewayError: assign((_, params: { error: unknown }) => {
      const { errorMessage, errorField } = readGatewayError(params.error);
      return { errorMessage, errorField: formFieldOfGateway(errorField) };
    }),
    assignClientData: assign((_, params: { clientData: RestorationClientData }) => ({
      clientType: params.clientData.clientType,
      form: formOfRestorationData(params.clientData),
    })),
    assignType: assign(({ context, event }) => {
      assertEvent(event, 'restoration.chooseType');
      return { clientType: event.clientType, fieldErrors: withoutFields(context.fieldErrors, ['inn', 'kpp', 'ogrn']) };
    }),
    assignChanges: assign(({ context, event }) => {
      assertEvent(event, 'restoration.edit');
      return formEdited(context, event.changes);
    }),
    assignLeftField: assign(({ context, event }) => {
      assertEvent(event, 'restoration.leaveField');
      return { fieldErrors: fieldLeft(context.clientType, context, event.field) };
    }),
    assignFinishErrors: assign(({ context }) => ({ fieldErrors: finishErrors(context) })),
    assignRestored: assign((_, params: { client: Client }) => ({ restored: params.client })),
  },
  guards: {
    isStartWellFormed: ({ event }) => event.type === 'restoration.start' && Object.keys(startChecks(event)).length === 0,
    isCodeWellFormed: ({ event }) => event.type === 'restoration.submitCode' && isCodeWellFormed(event.code),
    isResendAvailable: ({ context }) => context.resendAvailable,
    isClientComplete: ({ context }) => Object.keys(finishErrors(context)).length === 0,
  },
  delays: {
    resendCooldown: ({ context }) => Math.max(RESEND_COOLDOWN_MS, (context.started?.resendAfterSeconds ?? 0) * 1000),
  },
});

/** Starting and resending make the same call; a failure returns to where the user was. */
const startCall = (onErrorTarget: 'choosingWay' | 'enteringCode') => restorationSetup.createStateConfig({
  tags: 'busy',
  invoke: {
    id: 'startRestoration',
    src: 'startRestoration',
    input: ({ context }) => ({ way: context.way, email: context.email, orderNumber: context.orderNumber }),
    onDone: { target: 'enteringCode', actions: { type: 'assignStarted', params: ({ event }) => ({ started: event.output }) } },
    onError: { target: onErrorTarget, actions: gatewayError },
  },
});

/**
 * The product spec's restoration: choose the way → e-mail code (resend after the cooldown) → the old client's data, editable
 * and checked like a new client's → done. The gateway's errors land on the field they name.
 */
export const clientRestorationMachine = restorationSetup.createMachine({
  id: 'clientRestoration',
  initial: 'choosingWay',
  context: {
    way: 'oldCabinet', email: '', orderNumber: '', started: null, resendAvailable: false, clientType: 'corporate',
    form: EMPTY_CLIENT_FORM, fieldErrors: {}, errorMessage: null, errorField: null, restored: null,
  },
  output: ({ context }) => context.restored,
  states: {
    choosingWay: {
      on: {
        'restoration.start': checkedSubmit('isStartWellFormed', 'starting', 'assignStartErrors', 'assignStart'),
      },
    },
    starting: startCall('choosingWay'),
    enteringCode: {
      after: { resendCooldown: { actions: 'assignResendAvailable' } },
      on: {
        'restoration.submitCode': checkedSubmit('isCodeWellFormed', 'confirming', 'assignCodeError'),
        'restoration.resend': { guard: 'isResendAvailable', target: 'resending', actions: 'clearErrors' },
        'restoration.back': { target: 'choosingWay', actions: 'clearErrors' },
      },
    },
    // A new code comes with a new process; the old code stops working.
    resending: startCall('enteringCode'),
    confirming: {
      tags: 'busy',
      invoke: {
        id: 'confirmEmail',
        src: 'confirmEmail',
        input: ({ context, event }) => {
          assertEvent(event, 'restoration.submitCode');
          return { restorationId: context.started?.restorationId ?? '', code: event.code.trim() };
        },
        onDone: { target: 'editingClient', actions: { type: 'assignClientData', params: ({ event }) => ({ clientData: event.output.clientData }) } },
        onError: { target: 'enteringCode', actions: gatewayError },
      },
    },
    editingClient: {
      on: {
        'restoration.chooseType': { actions: 'assignType' },
        'restoration.edit': { actions: 'assignChanges' },
        'restoration.leaveField': { actions: 'assignLeftField' },
        'restoration.finish': [
          { guard: 'isClientComplete', target: 'restoring', actions: 'clearErrors' },
          { actions: 'assignFinishErrors' },
        ],
      },
    },
    restoring: {
      tags: 'busy',
      invoke: {
        id: 'finishRestoring',
        src: 'finishRestoring',
        input: ({ context }) => ({
          restorationId: context.started?.restorationId ?? '',
          clientData: restorationDataOf(context.clientType, context.form),
        }),
        onDone: { target: 'done', actions: { type: 'assignRestored', params: ({ event }) => ({ client: event.output }) } },
        onError: { target: 'editingClient', actions: gatewayError },
      },
    },
    done: { type: 'final' },
  },
});
