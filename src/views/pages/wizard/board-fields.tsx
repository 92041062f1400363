import {
  COPPER_UM, FINISHES, hasEdgeConnector, LAYER_COUNTS, LIMITS, MASK_COLORS, MATERIALS, SILK_COLORS, THICKNESSES_MM, type PcbParams,
} from '../../../contract/board';
import { useT } from '../../../services/i18n';
import { formatMm } from '../../../services/format';
import { ParamNumber, ParamSelect } from './param-fields';
import { WizardActor, useWizardSend } from './wizard-actor';

/** The board's size; every product has one (a stencil must cover it). */
export function BoardSizeFields() {
  const t = useT();
  const send = useWizardSend();
  const board = WizardActor.useSelector((snapshot) => snapshot.context.params.board);
  const set = (patch: Partial<PcbParams>) => send({ type: 'wizard.setBoard', patch });
  return (
    <div className="wizard-fields wizard-fields--pair">
      <ParamNumber
        label={t('wizard.fields.widthMm')}
        field="board.widthMm"
        value={board.widthMm}
        min={LIMITS.boardMm.min}
        max={LIMITS.boardMm.max}
        unit="mm"
        onChange={(widthMm) => set({ widthMm })}
      />
      <ParamNumber
        label={t('wizard.fields.heightMm')}
        field="board.heightMm"
        value={board.heightMm}
        min={LIMITS.boardMm.min}
        max={LIMITS.boardMm.max}
        unit="mm"
        onChange={(heightMm) => set({ heightMm })}
      />
    </div>
  );
}

/** Everything the board is made of and how finely. */
export function BoardFields() {
  const t = useT();
  const send = useWizardSend();
  const board = WizardActor.useSelector((snapshot) => snapshot.context.params.board);
  const set = (patch: Partial<PcbParams>) => send({ type: 'wizard.setBoard', patch });
  const mm = (value: number) => t('wizard.units.mmValue', { value: formatMm(value) });
  return (
    <>
      <BoardSizeFields />
      <div className="wizard-fields">
        <ParamSelect
          label={t('wizard.fields.layers')}
          field="board.layers"
          value={board.layers}
          options={LAYER_COUNTS}
          optionLabel={(value) => t(`wizard.options.layerCount.${value}`)}
          onChange={(layers) => set({ layers })}
        />
        <ParamSelect
          label={t('wizard.fields.material')}
          field="board.material"
          value={board.material}
          options={MATERIALS}
          optionLabel={(value) => t(`wizard.options.material.${value}`)}
          onChange={(material) => set({ material })}
        />
        <ParamSelect
          label={t('wizard.fields.thicknessMm')}
          field="board.thicknessMm"
          value={board.thicknessMm}
          options={THICKNESSES_MM}
          optionLabel={mm}
          onChange={(thicknessMm) => set({ thicknessMm })}
        />
        <ParamSelect
          label={t('wizard.fields.copperUm')}
          field="board.copperUm"
          value={board.copperUm}
          options={COPPER_UM}
          optionLabel={(value) => t(`wizard.options.copper.${value}`)}
          onChange={(copperUm) => set({ copperUm })}
        />
        <ParamSelect
          label={t('wizard.fields.maskColor')}
          field="board.maskColor"
          value={board.maskColor}
          options={MASK_COLORS}
          optionLabel={(value) => t(`wizard.options.maskColor.${value}`)}
          onChange={(maskColor) => set({ maskColor })}
        />
        <ParamSelect
          label={t('wizard.fields.silkColor')}
          field="board.silkColor"
          value={board.silkColor}
          options={SILK_COLORS}
          optionLabel={(value) => t(`wizard.options.silkColor.${value}`)}
          onChange={(silkColor) => set({ silkColor })}
        />
        <ParamSelect
          label={t('wizard.fields.finish')}
          field="board.finish"
          value={board.finish}
          options={FINISHES}
          optionLabel={(value) => t(`wizard.options.finish.${value}`)}
          onChange={(finish) => set({ finish })}
        />
        <ParamNumber
          label={t('wizard.fields.minTrackMm')}
          field="board.minTrackMm"
          value={board.minTrackMm}
          min={LIMITS.minTrackMm.min}
          max={LIMITS.minTrackMm.max}
          unit="mm"
          onChange={(minTrackMm) => set({ minTrackMm })}
        />
        <ParamNumber
          label={t('wizard.fields.minHoleMm')}
          field="board.minHoleMm"
          value={board.minHoleMm}
          min={LIMITS.minHoleMm.min}
          max={LIMITS.minHoleMm.max}
          unit="mm"
          onChange={(minHoleMm) => set({ minHoleMm })}
        />
        <label className="checkbox wizard-field__checkbox">
          <input
            type="checkbox"
            name="board.edgeConnector"
            checked={hasEdgeConnector(board)}
            onChange={(event) => set({ edgeConnector: event.target.checked })}
          />
          <span>{t('wizard.fields.edgeConnector')}</span>
        </label>
      </div>
    </>
  );
}
