import { useEffect } from 'react';
import { useCapabilities } from '../../components/board-findings/api/get-capabilities';
import { useAnalysisDfm } from '../../components/board-findings/api/use-analysis-dfm';
import { WizardActor } from './wizard-actor';

/**
 * Hands the wizard the DFM of its analysis once measured, with the capability table it is judged by: the class the
 * files need then joins the parameters (issue 30). Waits with the findings panel (one wait per analysis); renders
 * nothing. Inside the page's picture-key provider, so a visitor's quote is asked with their key.
 */
export function WizardDfm() {
  const wizard = WizardActor.useActorRef();
  const stored = WizardActor.useSelector((snapshot) => (snapshot.context.dfmRead ? null : snapshot.context.analysis));
  const { analysis } = useAnalysisDfm(stored);
  // Without places there is no class to read (a DFM that failed is said by the panels, which wait for it too).
  const measured = analysis?.dfm ? analysis : null;
  const table = useCapabilities(measured !== null).data;
  useEffect(() => {
    if (measured && table) wizard.send({ type: 'wizard.dfmMeasured', analysis: measured, table });
  }, [wizard, measured, table]);
  return null;
}
