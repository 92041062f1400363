import { LIMITS, SEPARATIONS, type PanelParams } from '../../../contract/board';
import { useT } from '../../../services/i18n';
import { PanelPreview } from '../../components/board/panel-preview';
import { numberField, ParamGroup, selectField, type ParamField } from './param-field-list';
import { WizardActor, useWizardSend } from './wizard-actor';

const PANEL_FIELDS: readonly ParamField<PanelParams>[] = [
  numberField('columns', (t) => t('wizard.fields.columns'), LIMITS.panelCount, 'count'),
  numberField('rows', (t) => t('wizard.fields.rows'), LIMITS.panelCount, 'count'),
  numberField('spacingMm', (t) => t('wizard.fields.spacingMm'), LIMITS.panelSpacingMm, 'mm'),
  numberField('railMm', (t) => t('wizard.fields.railMm'), LIMITS.panelRailMm, 'mm'),
  selectField('separation', (t) => t('wizard.fields.separation'), SEPARATIONS, (t, value) => t(`board.panel.separation.${value}`)),
];

/** Columns × rows of the board with spacing, rails, fiducials and the way they are separated; drawn beside. */
export function PanelFields() {
  const t = useT();
  const send = useWizardSend();
  const board = WizardActor.useSelector((snapshot) => snapshot.context.params.board);
  const panel = WizardActor.useSelector((snapshot) => snapshot.context.params.panel);
  if (!panel) return null;
  const set = (patch: Partial<PanelParams>) => send({ type: 'wizard.setPanel', patch });
  return (
    <ParamGroup
      title={t('wizard.parameters.panelTitle')} preview={<PanelPreview board={board} panel={panel} />}
      section="panel" fields={PANEL_FIELDS} values={panel} set={set}
    >
      <label className="checkbox wizard-field__checkbox">
        <input type="checkbox" name="panel.fiducials" checked={panel.fiducials} onChange={(event) => set({ fiducials: event.target.checked })} />
        <span>{t('wizard.fields.fiducials')}</span>
      </label>
    </ParamGroup>
  );
}
