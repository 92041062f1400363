import { createActorContext } from '@xstate/react';
import { registrationMachine } from '../../../machines/registration/registration';

/** The registration flow's context, in its own module so it loads with the registration tab. */
export const RegistrationActor = createActorContext(registrationMachine);
