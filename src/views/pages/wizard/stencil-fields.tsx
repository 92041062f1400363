import { LIMITS, STENCIL_SIDES, STENCIL_THICKNESSES_MM, type StencilParams } from '../../../contract/board';
import { STENCIL_MAX_MM } from '../../../contract/board-checks';
import { useT } from '../../../services/i18n';
import { StencilPreview } from '../../components/board/stencil-preview';
import { mmOption, numberField, ParamGroup, selectField, type ParamField } from './param-field-list';
import { WizardActor, useWizardSend } from './wizard-actor';

const SHEET_MM = { min: LIMITS.boardMm.min, max: STENCIL_MAX_MM };

const STENCIL_FIELDS: readonly ParamField<StencilParams>[] = [
  selectField('sides', (t) => t('wizard.fields.stencilSides'), STENCIL_SIDES, (t, value) => t(`board.stencil.sides.${value}`)),
  selectField('thicknessMm', (t) => t('wizard.fields.stencilThicknessMm'), STENCIL_THICKNESSES_MM, mmOption),
  numberField('frameMarginMm', (t) => t('wizard.fields.frameMarginMm'), LIMITS.stencilFrameMarginMm, 'mm'),
  numberField('widthMm', (t) => t('wizard.fields.stencilWidthMm'), SHEET_MM, 'mm'),
  numberField('heightMm', (t) => t('wizard.fields.stencilHeightMm'), SHEET_MM, 'mm'),
];

/** Sides, thickness and the sheet: its size comes from the paste layers plus the frame margin, and stays editable. */
export function StencilFields() {
  const t = useT();
  const send = useWizardSend();
  const stencil = WizardActor.useSelector((snapshot) => snapshot.context.params.stencil);
  if (!stencil) return null;
  return (
    <ParamGroup
      title={t('wizard.parameters.stencilTitle')} preview={<StencilPreview stencil={stencil} />}
      section="stencil" fields={STENCIL_FIELDS} values={stencil} set={(patch) => send({ type: 'wizard.setStencil', patch })}
    />
  );
}
