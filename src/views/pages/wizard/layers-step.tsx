import { layersChanged } from '../../../machines/wizard-board/wizard-board-rules';
import { useT } from '../../../services/i18n';
import { BoardPreview } from '../../components/board/board-preview';
import { Button } from '../../components/ui/button';
import { FileDropZone } from './file-drop-zone';
import { LayerAlerts } from './layer-alerts';
import { LayerTable } from './layer-table';
import { WizardActor, useWizardSend } from './wizard-actor';
import { WizardFindings } from './wizard-findings';
import { StepHeading, StepNav, WizardError } from './wizard-parts';

/** Step 3: the identified layers, corrected by the user and sent back to be drawn again, beside the picture. */
export function LayersStep() {
  const t = useT();
  const send = useWizardSend();
  const analysis = WizardActor.useSelector((snapshot) => snapshot.context.analysis);
  const files = WizardActor.useSelector((snapshot) => snapshot.context.files);
  const changed = WizardActor.useSelector((snapshot) => layersChanged(snapshot.context));
  const applying = WizardActor.useSelector((snapshot) => snapshot.matches({ layers: 'applying' }));
  return (
    <section className="wizard-step">
      <StepHeading lead={t('wizard.layers.lead')}>{t('wizard.layers.title')}</StepHeading>
      <WizardError />
      <div className="wizard-layers-step">
        <div className="wizard-layers-step__table">
          <LayerTable />
          <div className="wizard-layers-step__actions">
            <Button busy={applying} disabled={!changed} onClick={() => send({ type: 'wizard.applyLayers' })}>
              {t('wizard.layers.apply')}
            </Button>
            {changed && !applying ? <p className="wizard-layers-step__note" role="status">{t('wizard.layers.changedNote')}</p> : null}
            {analysis?.dfmReviewReason === 'layersCorrected' ? <p className="wizard-layers-step__note">{t('wizard.layers.reviewNote')}</p> : null}
          </div>
          <h3 className="wizard-step__subtitle">{t('wizard.layers.alertsTitle')}</h3>
          <LayerAlerts alerts={analysis?.alerts ?? []} files={files} />
          <FileDropZone compact />
        </div>
        <div className="wizard-layers-step__preview">
          {analysis ? <BoardPreview analysis={analysis} /> : null}
        </div>
      </div>
      <WizardFindings />
      <StepNav blockedReason={changed ? t('wizard.layers.applyFirst') : null} />
    </section>
  );
}
