import { fromPromise } from 'xstate';
import { fillProfile } from '../contract/user';
import { profileCompletionMachine } from '../machines/profile-completion/profile-completion';
import { callApi } from './api';

/** Profile completion with its gateway call; loaded only by /auth/filling-profile. */
export const profileCompletionFlow = profileCompletionMachine.provide({
  actors: {
    fillProfile: fromPromise(({ input, signal }) => callApi(fillProfile, { body: input, signal })),
  },
});
