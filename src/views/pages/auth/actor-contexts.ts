import { createActorContext } from '@xstate/react';
import { loginMachine } from '../../../machines/login/login';

/** The sign-in flow's context; the page's Provider passes the implementation it was given (`logic`). */
export const LoginActor = createActorContext(loginMachine);
