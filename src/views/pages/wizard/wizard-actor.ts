import { createActorContext } from '@xstate/react';
import { wizardBoardMachine } from '../../../machines/wizard-board/wizard-board';
import type { WizardBoardEvent } from '../../../machines/wizard-board/wizard-board-types';

/** The page's one wizard actor; the host's Provider runs the version with the gateway's calls. */
export const WizardActor = createActorContext(wizardBoardMachine);

export function useWizardSend(): (event: WizardBoardEvent) => void {
  return WizardActor.useActorRef().send;
}
