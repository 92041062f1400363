import { LIMITS, SEPARATIONS, type PanelParams } from '../../../contract/board';
import { useT } from '../../../services/i18n';
import { PanelPreview } from '../../components/board/panel-preview';
import { ParamNumber, ParamSelect } from './param-fields';
import { WizardActor, useWizardSend } from './wizard-actor';

/** Columns × rows of the board with spacing, rails, fiducials and the way they are separated; drawn beside. */
export function PanelFields() {
  const t = useT();
  const send = useWizardSend();
  const board = WizardActor.useSelector((snapshot) => snapshot.context.params.board);
  const panel = WizardActor.useSelector((snapshot) => snapshot.context.params.panel);
  if (!panel) return null;
  const set = (patch: Partial<PanelParams>) => send({ type: 'wizard.setPanel', patch });
  const count = LIMITS.panelCount;
  return (
    <fieldset className="wizard-group">
      <legend className="wizard-group__title">{t('wizard.parameters.panelTitle')}</legend>
      <div className="wizard-group__body">
        <div className="wizard-fields">
          <ParamNumber
            label={t('wizard.fields.columns')}
            field="panel.columns"
            value={panel.columns}
            min={count.min}
            max={count.max}
            unit="count"
            onChange={(columns) => set({ columns })}
          />
          <ParamNumber
            label={t('wizard.fields.rows')}
            field="panel.rows"
            value={panel.rows}
            min={count.min}
            max={count.max}
            unit="count"
            onChange={(rows) => set({ rows })}
          />
          <ParamNumber
            label={t('wizard.fields.spacingMm')}
            field="panel.spacingMm"
            value={panel.spacingMm}
            min={LIMITS.panelSpacingMm.min}
            max={LIMITS.panelSpacingMm.max}
            unit="mm"
            onChange={(spacingMm) => set({ spacingMm })}
          />
          <ParamNumber
            label={t('wizard.fields.railMm')}
            field="panel.railMm"
            value={panel.railMm}
            min={LIMITS.panelRailMm.min}
            max={LIMITS.panelRailMm.max}
            unit="mm"
            onChange={(railMm) => set({ railMm })}
          />
          <ParamSelect
            label={t('wizard.fields.separation')}
            field="panel.separation"
            value={panel.separation}
            options={SEPARATIONS}
            optionLabel={(value) => t(`board.panel.separation.${value}`)}
            onChange={(separation) => set({ separation })}
          />
          <label className="checkbox wizard-field__checkbox">
            <input type="checkbox" name="panel.fiducials" checked={panel.fiducials} onChange={(event) => set({ fiducials: event.target.checked })} />
            <span>{t('wizard.fields.fiducials')}</span>
          </label>
        </div>
        <PanelPreview board={board} panel={panel} />
      </div>
    </fieldset>
  );
}
