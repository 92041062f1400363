import { createActorContext } from '@xstate/react';
import { clientCreationMachine } from '../../../../machines/client-creation/client-creation';
import { clientRestorationMachine } from '../../../../machines/client-restoration/client-restoration';

/** The new-client flow's actor; its Provider runs the version with the gateway's calls. */
export const CreationActor = createActorContext(clientCreationMachine);

/** The restoration flow's actor, likewise. */
export const RestorationActor = createActorContext(clientRestorationMachine);
