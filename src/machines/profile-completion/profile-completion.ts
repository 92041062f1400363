import { assertEvent, assign, setup } from 'xstate';
import type { OkResponse } from '../../contract/fields';
import type { FillProfileRequest } from '../../contract/user';
import { FIELD_ERROR, fieldErrors, isFilled, readGatewayError, type FieldErrors } from '../shared/form-checks';
import { notProvided } from '../shared/not-provided';
import { checkedSubmit, gatewayError } from '../shared/transitions';

interface ProfileCompletionContext {
  errorMessage: string | null;
  errorField: string | null;
  fieldErrors: FieldErrors;
}

type ProfileCompletionEvent = {
  type: 'profile.submit';
  firstName: string;
  patronymic: string;
  lastName: string;
  isMale: boolean | null;
};

export const profileCompletionMachine = setup({
  types: {
    context: {} as ProfileCompletionContext,
    events: {} as ProfileCompletionEvent,
    tags: {} as 'busy',
  },
  actors: {
    fillProfile: notProvided<OkResponse, FillProfileRequest>('fillProfile'),
  },
  actions: {
    clearErrors: assign({ errorMessage: null, errorField: null, fieldErrors: {} }),
    assignGatewayError: assign((_, params: { error: unknown }) => readGatewayError(params.error)),
    assignNameErrors: assign(({ event }) => ({
      fieldErrors: fieldErrors({
        firstName: isFilled(event.firstName) ? null : FIELD_ERROR.required,
        lastName: isFilled(event.lastName) ? null : FIELD_ERROR.required,
      }),
    })),
  },
  guards: {
    hasRequiredNames: ({ event }) => isFilled(event.firstName) && isFilled(event.lastName),
  },
}).createMachine({
  id: 'profileCompletion',
  initial: 'editing',
  context: { errorMessage: null, errorField: null, fieldErrors: {} },
  states: {
    editing: {
      on: {
        'profile.submit': checkedSubmit('hasRequiredNames', 'saving', 'assignNameErrors'),
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'fillProfile',
        src: 'fillProfile',
        input: ({ event }) => {
          assertEvent(event, 'profile.submit');
          const patronymic = event.patronymic.trim();
          return {
            firstName: event.firstName.trim(),
            lastName: event.lastName.trim(),
            isMale: event.isMale,
            ...(patronymic ? { patronymic } : {}),
          };
        },
        onDone: { target: 'done' },
        onError: { target: 'editing', actions: gatewayError },
      },
    },
    done: { type: 'final' },
  },
});
