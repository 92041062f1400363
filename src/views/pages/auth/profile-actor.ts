import { createActorContext } from '@xstate/react';
import { profileCompletionMachine } from '../../../machines/profile-completion/profile-completion';

/** The profile-completion flow's context, loaded only by /auth/filling-profile. */
export const ProfileActor = createActorContext(profileCompletionMachine);
