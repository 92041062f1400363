import { createActorContext } from '@xstate/react';
import { wizardBoardMachine, type WizardBoardEvent } from '../../../machines/wizard-board';

/** The page's one wizard actor; the host's Provider runs the version with the gateway's calls. */
export const WizardActor = createActorContext(wizardBoardMachine);

export function useWizardSend(): (event: WizardBoardEvent) => void {
  return WizardActor.useActorRef().send;
}
