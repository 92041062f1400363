import { LIMITS, STENCIL_SIDES, STENCIL_THICKNESSES_MM, type StencilParams } from '../../../contract/board';
import { STENCIL_MAX_MM } from '../../../contract/board-checks';
import { useT } from '../../../services/i18n';
import { formatMm } from '../../../services/format';
import { StencilPreview } from '../../components/board/stencil-preview';
import { ParamNumber, ParamSelect } from './param-fields';
import { WizardActor, useWizardSend } from './wizard-actor';

/** Sides, thickness and the sheet: its size comes from the paste layers plus the frame margin, and stays editable. */
export function StencilFields() {
  const t = useT();
  const send = useWizardSend();
  const stencil = WizardActor.useSelector((snapshot) => snapshot.context.params.stencil);
  if (!stencil) return null;
  const set = (patch: Partial<StencilParams>) => send({ type: 'wizard.setStencil', patch });
  const size = { min: LIMITS.boardMm.min, max: STENCIL_MAX_MM };
  return (
    <fieldset className="wizard-group">
      <legend className="wizard-group__title">{t('wizard.parameters.stencilTitle')}</legend>
      <div className="wizard-group__body">
        <div className="wizard-fields">
          <ParamSelect
            label={t('wizard.fields.stencilSides')}
            field="stencil.sides"
            value={stencil.sides}
            options={STENCIL_SIDES}
            optionLabel={(value) => t(`board.stencil.sides.${value}`)}
            onChange={(sides) => set({ sides })}
          />
          <ParamSelect
            label={t('wizard.fields.stencilThicknessMm')}
            field="stencil.thicknessMm"
            value={stencil.thicknessMm}
            options={STENCIL_THICKNESSES_MM}
            optionLabel={(value) => t('wizard.units.mmValue', { value: formatMm(value) })}
            onChange={(thicknessMm) => set({ thicknessMm })}
          />
          <ParamNumber
            label={t('wizard.fields.frameMarginMm')}
            field="stencil.frameMarginMm"
            value={stencil.frameMarginMm}
            min={LIMITS.stencilFrameMarginMm.min}
            max={LIMITS.stencilFrameMarginMm.max}
            unit="mm"
            onChange={(frameMarginMm) => set({ frameMarginMm })}
          />
          <ParamNumber
            label={t('wizard.fields.stencilWidthMm')}
            field="stencil.widthMm"
            value={stencil.widthMm}
            min={size.min}
            max={size.max}
            unit="mm"
            onChange={(widthMm) => set({ widthMm })}
          />
          <ParamNumber
            label={t('wizard.fields.stencilHeightMm')}
            field="stencil.heightMm"
            value={stencil.heightMm}
            min={size.min}
            max={size.max}
            unit="mm"
            onChange={(heightMm) => set({ heightMm })}
          />
        </div>
        <StencilPreview stencil={stencil} />
      </div>
    </fieldset>
  );
}
