import { LAYER_COUNTS, type PcbParams } from '../../../contract/board';
import { useT } from '../../../services/i18n';
import { stackupOf, type StackRow, type Stackup } from '../../../services/stackup';
import { formatMm, formatNumber } from '../../../services/format';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icon';
import { ParamSelect } from './param-fields';
import { WizardActor, useWizardSend } from './wizard-actor';
import { StepHeading, StepNav } from './wizard-parts';

/** The drawing's height for the whole board; thin layers get a minimum so they stay visible. */
const DRAWING_PX = 280;
const MIN_ROW_PX = 8;

/** Step 4: the stack-up as a cross-section with the height of every layer; edit mode changes the layer count. */
export function StackupStep() {
  const t = useT();
  const send = useWizardSend();
  const board = WizardActor.useSelector((snapshot) => snapshot.context.params.board);
  const files = WizardActor.useSelector((snapshot) => snapshot.context.files);
  const editing = WizardActor.useSelector((snapshot) => snapshot.context.stackupEdit);
  const stackup = stackupOf(board, files);
  const total = stackup.rows.reduce((sum, row) => sum + row.thicknessMm, 0);
  return (
    <section className="wizard-step">
      <StepHeading lead={t('wizard.stackup.lead')}>{t('wizard.stackup.title')}</StepHeading>
      <div className="wizard-stackup">
        <div className="wizard-stackup__drawing">
          <p className={`wizard-stackup__symmetry wizard-stackup__symmetry--${stackup.symmetric ? 'yes' : 'no'}`}>
            <Icon name={stackup.symmetric ? 'success' : 'info'} size={18} />
            {t(stackup.symmetric ? 'wizard.stackup.symmetric' : 'wizard.stackup.asymmetric')}
          </p>
          <div className="wizard-stackup__section">
            <ol className="wizard-stackup__rows" aria-label={t('wizard.stackup.rowsLabel', { layers: board.layers, thickness: formatMm(board.thicknessMm) })}>
              {stackup.rows.map((row, index) => (
                <StackLayer key={index} row={row} heightPx={Math.max(MIN_ROW_PX, (row.thicknessMm / total) * DRAWING_PX)} />
              ))}
            </ol>
            {stackup.symmetric ? <span className="wizard-stackup__axis" aria-hidden="true" /> : null}
          </div>
        </div>
        <div className="wizard-stackup__side">
          <dl className="wizard-stackup__facts">
            <div><dt>{t('wizard.stackup.layers')}</dt><dd>{formatNumber(board.layers)}</dd></div>
            <div><dt>{t('wizard.stackup.thickness')}</dt><dd>{t('wizard.units.mmValue', { value: formatMm(board.thicknessMm) })}</dd></div>
            <div><dt>{t('wizard.stackup.copper')}</dt><dd>{t('wizard.units.umValue', { value: board.copperUm })}</dd></div>
          </dl>
          <StackupFacts stackup={stackup} />
          {stackup.copperInFiles !== null && stackup.copperInFiles !== board.layers ? (
            <p className="wizard-stackup__mismatch" role="status">
              {t('wizard.stackup.filesMismatch', { files: stackup.copperInFiles, layers: board.layers })}
            </p>
          ) : null}
          {editing ? <LayerCountEditor board={board} /> : null}
          <Button variant="secondary" aria-pressed={editing} onClick={() => send({ type: 'wizard.toggleStackupEdit' })}>
            {t(editing ? 'wizard.stackup.done' : 'wizard.stackup.edit')}
          </Button>
        </div>
      </div>
      <StepNav />
    </section>
  );
}

/** Dielectric heights to the millimetre's thousandth, as the stack-up tables print them. */
const dielectricMm = (mm: number) => formatNumber(mm, { maxFraction: 3 });

/** Which standard stack-up it is, and the heights a track's impedance depends on. */
function StackupFacts({ stackup }: { stackup: Stackup }) {
  const t = useT();
  return (
    <dl className="wizard-stackup__facts">
      <div>
        <dt>{t('wizard.stackup.structure')}</dt>
        <dd>{stackup.standard ? t('wizard.stackup.standard', stackup.standard) : t('wizard.stackup.noStandard')}</dd>
      </div>
      {stackup.referenceHeights.map((height) => (
        <div key={height.copper}>
          <dt>{t('wizard.stackup.referenceHeight', { copper: height.copper, reference: height.reference })}</dt>
          <dd>{t('wizard.units.mmValue', { value: dielectricMm(height.heightMm) })}</dd>
        </div>
      ))}
    </dl>
  );
}

function StackLayer({ row, heightPx }: { row: StackRow; heightPx: number }) {
  const t = useT();
  const kind = row.sheets.length > 0
    ? t('wizard.stackup.prepregOf', { sheets: row.sheets.join(' + ') })
    : t(`wizard.stackup.kinds.${row.kind}`);
  const name = row.kind === 'copper'
    ? t('wizard.stackup.copperLayer', { number: row.copper ?? 0, side: t(`board.layerSides.${row.side ?? 'inner'}`) })
    : row.side
      ? t('wizard.stackup.sidedKind', { kind, side: t(`board.layerSides.${row.side}`) })
      : kind;
  // Dielectrics in millimetres however thin, foils and coatings in micrometres: one unit per kind down the stack.
  const thickness = row.kind === 'core' || row.kind === 'prepreg'
    ? t('wizard.units.mmValue', { value: dielectricMm(row.thicknessMm) })
    : t('wizard.units.umValue', { value: formatNumber(row.thicknessMm * 1000, { maxFraction: 1 }) });
  return (
    <li className={`wizard-stackup__row wizard-stackup__row--${row.kind}`}>
      <span className="wizard-stackup__bar" style={{ height: `${heightPx}px` }} aria-hidden="true" />
      <span className="wizard-stackup__name">{name}</span>
      <span className="wizard-stackup__thickness">{thickness}</span>
      {row.fileName ? <span className="wizard-stackup__file">{row.fileName}</span> : null}
    </li>
  );
}

function LayerCountEditor({ board }: { board: PcbParams }) {
  const t = useT();
  const send = useWizardSend();
  return (
    <ParamSelect
      label={t('wizard.fields.layers')}
      field="board.layers"
      alsoFields={['board.thicknessMm']}
      value={board.layers}
      options={LAYER_COUNTS}
      optionLabel={(layers) => t(`wizard.options.layerCount.${layers}`)}
      onChange={(layers) => send({ type: 'wizard.setLayerCount', layers })}
    />
  );
}
