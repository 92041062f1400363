import { useT } from '../../../services/i18n';
import { BoardFindingsFor } from '../../components/board-findings/board-findings-for';
import { curePatch, type DfmCure } from '../../../contract/dfm-findings';
import { WizardActor, useWizardSend } from './wizard-actor';

const cureEvent = (cure: DfmCure) => ({ type: 'wizard.setBoard' as const, patch: curePatch(cure) });

/**
 * The DFM findings for the parameters as they stand, on the layer step and again on the parameters step. A cure sets
 * the board field it names where the wizard takes board fields (the parameters step); on the layer step it is named
 * with its price. A stencil has no board to check.
 */
export function WizardFindings() {
  const t = useT();
  const send = useWizardSend();
  const analysis = WizardActor.useSelector((snapshot) => snapshot.context.analysis);
  const params = WizardActor.useSelector((snapshot) => snapshot.context.params);
  const curable = WizardActor.useSelector((snapshot) => snapshot.can({ type: 'wizard.setBoard', patch: {} }));
  if (!analysis || params.productType === 'stencil') return null;
  return (
    <section className="wizard-findings" aria-labelledby="wizard-findings-title">
      <h3 className="wizard-step__subtitle" id="wizard-findings-title">{t('board.dfm.title')}</h3>
      <BoardFindingsFor
        analysis={analysis}
        params={params}
        onCure={curable ? (cure) => send(cureEvent(cure)) : undefined}
      />
    </section>
  );
}
