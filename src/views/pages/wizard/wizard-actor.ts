import { createActorContext } from '@xstate/react';
import { wizardBoardMachine } from '../../../machines/wizard-board/wizard-board';
import type { WizardBoardEvent } from '../../../machines/wizard-board/wizard-board-types';
import { measuredTexts, sameMeasuredTexts, type MeasuredTexts } from '../../../services/wizard-measured';

/** The page's one wizard actor; the host's Provider runs the version with the gateway's calls. */
export const WizardActor = createActorContext(wizardBoardMachine);

export function useWizardSend(): (event: WizardBoardEvent) => void {
  return WizardActor.useActorRef().send;
}

/** What the files measure, as the fields write it; the same value while the measured board does not change. */
export function useMeasuredTexts(): MeasuredTexts | null {
  return WizardActor.useSelector((snapshot) => measuredTexts(snapshot.context.analysis, snapshot.context.params), sameMeasuredTexts);
}
