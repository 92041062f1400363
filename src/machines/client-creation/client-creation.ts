import { assertEvent, assign, setup } from 'xstate';
import type { Client, ClientType, CreateClientRequest } from '../../contract/clients';
import {
  clientFormErrors, createRequestOf, creationFieldsOf, EMPTY_CLIENT_FORM, fieldLeft, formEdited, formFieldOf,
  readExistingClient, type ClientForm, type ClientFormField,
} from '../shared/client-form';
import { readGatewayError, type FieldErrors } from '../shared/form-checks';
import { notProvided } from '../shared/not-provided';
import { errorOf, gatewayError } from '../shared/transitions';

interface ClientCreationContext {
  clientType: ClientType | null;
  form: ClientForm;
  /** Locale keys of the form's own checks, by field. */
  fieldErrors: FieldErrors;
  /** The gateway's message, and the form field it names (then shown on that field). */
  errorMessage: string | null;
  errorField: string | null;
  /** A live client already has this INN (409 `client_exists`): the view offers to request access to it. */
  existingClient: { id: number; name: string } | null;
  created: Client | null;
}

type ClientCreationEvent =
  | { type: 'creation.chooseType'; clientType: ClientType }
  | { type: 'creation.edit'; changes: Partial<ClientForm> }
  | { type: 'creation.leaveField'; field: ClientFormField }
  | { type: 'creation.submitDetails' }
  | { type: 'creation.confirm' }
  | { type: 'creation.back' }
  | { type: 'creation.retry' };

const typeOf = (context: ClientCreationContext): ClientType => context.clientType ?? 'corporate';

/**
 * The product spec's new client: type → details → review → creating → done, or failed. Requisites are checked on the field
 * and again before anything is sent; the gateway's 400 comes back to its field, a 409 `client_exists` to the INN.
 */
export const clientCreationMachine = setup({
  types: {
    context: {} as ClientCreationContext,
    events: {} as ClientCreationEvent,
    output: {} as Client | null,
    tags: {} as 'busy',
  },
  actors: {
    createClient: notProvided<Client, CreateClientRequest>('createClient'),
  },
  actions: {
    clearErrors: assign({ fieldErrors: {}, errorMessage: null, errorField: null, existingClient: null }),
    assignType: assign(({ event }) => {
      assertEvent(event, 'creation.chooseType');
      return { clientType: event.clientType };
    }),
    assignChanges: assign(({ context, event }) => {
      assertEvent(event, 'creation.edit');
      return { ...formEdited(context, event.changes), existingClient: 'inn' in event.changes ? null : context.existingClient };
    }),
    assignLeftField: assign(({ context, event }) => {
      assertEvent(event, 'creation.leaveField');
      return { fieldErrors: fieldLeft(typeOf(context), context, event.field) };
    }),
    assignDetailsErrors: assign(({ context }) => ({
      fieldErrors: clientFormErrors(typeOf(context), context.form, creationFieldsOf(typeOf(context))),
    })),
    assignGatewayError: assign((_, params: { error: unknown }) => {
      const { errorMessage, errorField } = readGatewayError(params.error);
      return { errorMessage, errorField: formFieldOf(errorField) };
    }),
    assignExistingClient: assign((_, params: { error: unknown }) => ({
      existingClient: readExistingClient(params.error),
      errorMessage: null,
      errorField: 'inn',
    })),
    assignCreated: assign((_, params: { client: Client }) => ({ created: params.client })),
  },
  guards: {
    isDetailsComplete: ({ context }) =>
      Object.keys(clientFormErrors(typeOf(context), context.form, creationFieldsOf(typeOf(context)))).length === 0,
    isClientExists: (_, params: { error: unknown }) => readExistingClient(params.error) !== null,
    /** A 400 naming a field the form shows goes back to the form; anything else is a failed step. */
    isFormFieldError: ({ context }, params: { error: unknown }) => {
      const field = formFieldOf(readGatewayError(params.error).errorField);
      return field !== null && (creationFieldsOf(typeOf(context)) as string[]).includes(field);
    },
  },
}).createMachine({
  id: 'clientCreation',
  initial: 'choosingType',
  context: {
    clientType: null, form: EMPTY_CLIENT_FORM, fieldErrors: {}, errorMessage: null, errorField: null,
    existingClient: null, created: null,
  },
  output: ({ context }) => context.created,
  states: {
    choosingType: {
      on: { 'creation.chooseType': { target: 'editing', actions: ['clearErrors', 'assignType'] } },
    },
    editing: {
      on: {
        'creation.edit': { actions: 'assignChanges' },
        'creation.leaveField': { actions: 'assignLeftField' },
        'creation.submitDetails': [
          { guard: 'isDetailsComplete', target: 'reviewing', actions: 'clearErrors' },
          { actions: 'assignDetailsErrors' },
        ],
        'creation.back': { target: 'choosingType' },
      },
    },
    reviewing: {
      on: {
        'creation.confirm': { target: 'creating' },
        'creation.back': { target: 'editing' },
      },
    },
    creating: {
      tags: 'busy',
      invoke: {
        id: 'createClient',
        src: 'createClient',
        input: ({ context }) => createRequestOf(typeOf(context), context.form),
        onDone: { target: 'done', actions: { type: 'assignCreated', params: ({ event }) => ({ client: event.output }) } },
        onError: [
          { guard: { type: 'isClientExists', params: errorOf }, target: 'editing', actions: { type: 'assignExistingClient', params: errorOf } },
          { guard: { type: 'isFormFieldError', params: errorOf }, target: 'editing', actions: gatewayError },
          { target: 'failed', actions: gatewayError },
        ],
      },
    },
    failed: {
      on: {
        'creation.retry': { target: 'creating', actions: 'clearErrors' },
        'creation.back': { target: 'reviewing', actions: 'clearErrors' },
      },
    },
    done: { type: 'final' },
  },
});
