import { createActorContext } from '@xstate/react';
import { loginMachine } from '../../../machines/login';
import { profileCompletionMachine } from '../../../machines/profile-completion';
import { registrationMachine } from '../../../machines/registration';

/** One context per flow; the page's Provider passes the implementation it was given (`logic`). */
export const LoginActor = createActorContext(loginMachine);
export const RegistrationActor = createActorContext(registrationMachine);
export const ProfileActor = createActorContext(profileCompletionMachine);
