import { fromPromise } from 'xstate';
import { confirmCredential, createProfile, enterEmail, enterPhone } from '../contract/registration';
import { registrationMachine } from '../machines/registration/registration';
import { callApi } from './api';

/** The registration flow with its gateway calls; loaded only when a visitor opens the registration tab. */
export const registrationFlow = registrationMachine.provide({
  actors: {
    enterPhone: fromPromise(({ input, signal }) => callApi(enterPhone, { body: input, signal })),
    confirmCredential: fromPromise(({ input, signal }) => callApi(confirmCredential, { body: input, signal })),
    enterEmail: fromPromise(({ input, signal }) => callApi(enterEmail, { body: input, signal })),
    createProfile: fromPromise(({ input, signal }) => callApi(createProfile, { body: input, signal })),
  },
});
