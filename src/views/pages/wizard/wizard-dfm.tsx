import { useEffect } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { wizardBoardMachine } from '../../../machines/wizard-board/wizard-board';
import { useCapabilities } from '../../components/board-findings/api/get-capabilities';
import { useAnalysisDfm } from '../../components/board-findings/api/use-analysis-dfm';
import { WizardActor } from './wizard-actor';

/** The analysis whose DFM the wizard has not read yet; null once read. */
const unreadAnalysis = (snapshot: SnapshotFrom<typeof wizardBoardMachine>) => (snapshot.context.dfmRead ? null : snapshot.context.analysis);

/**
 * Hands the wizard the DFM of its analysis once measured, with the capability table it is judged by: the class the
 * files need then joins the parameters. Waits with the findings panel (one wait per analysis); renders
 * nothing. Inside the page's picture-key provider, so a visitor's quote is asked with their key.
 */
export function WizardDfm() {
  const wizard = WizardActor.useActorRef();
  const stored = WizardActor.useSelector(unreadAnalysis);
  const { analysis } = useAnalysisDfm(stored);
  // Without places there is no class to read (a DFM that failed is said by the panels, which wait for it too).
  const measured = analysis?.dfm ? analysis : null;
  const table = useCapabilities(measured !== null).data;
  useEffect(() => {
    if (measured && table) wizard.send({ type: 'wizard.dfmMeasured', analysis: measured, table });
  }, [wizard, measured, table]);
  return null;
}

/**
 * The files' DFM is still on its way into the wizard (measuring, or measured and not yet read): the class it may
 * choose can still change the price, so the price is said to be provisional and /quote orders nothing yet. A wait
 * that failed, or a DFM that failed, holds nothing up: the gateway judges the order at the cart either way.
 */
export function useDfmPending(): boolean {
  const stored = WizardActor.useSelector(unreadAnalysis);
  const { analysis, waitFailed } = useAnalysisDfm(stored);
  if (!analysis) return false;
  return analysis.dfmStatus === 'running' ? !waitFailed : analysis.dfm !== undefined;
}
