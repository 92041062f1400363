import {
  COPPER_UM, FINISHES, hasEdgeConnector, LAYER_COUNTS, LIMITS, MASK_COLORS, MATERIALS, SILK_COLORS, THICKNESSES_MM, type PcbParams,
} from '../../../contract/board';
import { useT } from '../../../services/i18n';
import { mmOption, numberField, ParamFieldList, selectField, type ParamField } from './param-field-list';
import { WizardActor, useWizardSend } from './wizard-actor';

const SIZE_FIELDS: readonly ParamField<PcbParams>[] = [
  numberField('widthMm', (t) => t('wizard.fields.widthMm'), LIMITS.boardMm, 'mm'),
  numberField('heightMm', (t) => t('wizard.fields.heightMm'), LIMITS.boardMm, 'mm'),
];

const MADE_OF_FIELDS: readonly ParamField<PcbParams>[] = [
  selectField('layers', (t) => t('wizard.fields.layers'), LAYER_COUNTS, (t, value) => t(`wizard.options.layerCount.${value}`)),
  selectField('material', (t) => t('wizard.fields.material'), MATERIALS, (t, value) => t(`wizard.options.material.${value}`)),
  selectField('thicknessMm', (t) => t('wizard.fields.thicknessMm'), THICKNESSES_MM, mmOption),
  selectField('copperUm', (t) => t('wizard.fields.copperUm'), COPPER_UM, (t, value) => t(`wizard.options.copper.${value}`)),
  selectField('maskColor', (t) => t('wizard.fields.maskColor'), MASK_COLORS, (t, value) => t(`wizard.options.maskColor.${value}`)),
  selectField('silkColor', (t) => t('wizard.fields.silkColor'), SILK_COLORS, (t, value) => t(`wizard.options.silkColor.${value}`)),
  selectField('finish', (t) => t('wizard.fields.finish'), FINISHES, (t, value) => t(`wizard.options.finish.${value}`)),
  numberField('minTrackMm', (t) => t('wizard.fields.minTrackMm'), LIMITS.minTrackMm, 'mm'),
  numberField('minHoleMm', (t) => t('wizard.fields.minHoleMm'), LIMITS.minHoleMm, 'mm'),
];

function useBoard() {
  const send = useWizardSend();
  const board = WizardActor.useSelector((snapshot) => snapshot.context.params.board);
  return { board, set: (patch: Partial<PcbParams>) => send({ type: 'wizard.setBoard', patch }) };
}

/** The board's size; every product has one (a stencil must cover it). */
export function BoardSizeFields() {
  const { board, set } = useBoard();
  return (
    <div className="wizard-fields wizard-fields--pair">
      <ParamFieldList section="board" fields={SIZE_FIELDS} values={board} set={set} />
    </div>
  );
}

/** Everything the board is made of and how finely. */
export function BoardFields() {
  const t = useT();
  const { board, set } = useBoard();
  return (
    <>
      <BoardSizeFields />
      <div className="wizard-fields">
        <ParamFieldList section="board" fields={MADE_OF_FIELDS} values={board} set={set} />
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
