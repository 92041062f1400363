import type { BoardFile, LayerSide, LayerType } from '../../../contract/board-files';
import { useT } from '../../../services/i18n';
import { howIdentified, layerColumns, layerName } from '../../components/board/layer-name';
import { fileErrorText } from '../../components/board/texts';
import { DataTable } from '../../components/ui/data-table';
import { Icon } from '../../components/ui/icon';
import { WizardActor, useWizardSend } from './wizard-actor';

/** The type and side pairs a file can be given, as whats-that-gerber names them. */
const LAYER_CHOICES: ReadonlyArray<[LayerType, LayerSide | null]> = [
  ['copper', 'top'], ['copper', 'inner'], ['copper', 'bottom'],
  ['soldermask', 'top'], ['soldermask', 'bottom'],
  ['silkscreen', 'top'], ['silkscreen', 'bottom'],
  ['solderpaste', 'top'], ['solderpaste', 'bottom'],
  ['drill', 'all'], ['outline', 'all'], ['drawing', null],
];
const UNKNOWN = 'unknown';

const choiceValue = (type: LayerType | null, side: LayerSide | null) => (type ? `${type}:${side ?? ''}` : UNKNOWN);

function parseChoice(value: string): { layerType: LayerType | null; side: LayerSide | null } {
  if (value === UNKNOWN) return { layerType: null, side: null };
  const [type, side] = value.split(':');
  const known = LAYER_CHOICES.find(([choiceType, choiceSide]) => choiceType === type && (choiceSide ?? '') === side);
  return known ? { layerType: known[0], side: known[1] } : { layerType: null, side: null };
}

/** The files in build order: what each was identified as and how, and the user's corrections. */
export function LayerTable() {
  const t = useT();
  const files = WizardActor.useSelector((snapshot) => snapshot.context.files);
  const editing = WizardActor.useSelector((snapshot) => snapshot.matches({ layers: 'editing' }));
  return (
    <DataTable
      className="wizard-layers"
      caption={t('wizard.layers.caption')}
      columns={[...layerColumns(t), t('wizard.layers.columns.used'), t('wizard.layers.columns.order')]}
      rows={files}
    >
      {(file, index) => <LayerRow key={file.id} file={file} index={index} last={index === files.length - 1} disabled={!editing} />}
    </DataTable>
  );
}

interface LayerRowProps {
  file: BoardFile;
  index: number;
  last: boolean;
  disabled: boolean;
}

function LayerRow({ file, index, last, disabled }: LayerRowProps) {
  const t = useT();
  const send = useWizardSend();
  const current = choiceValue(file.type, file.side);
  // A pair the list does not offer (a newer whats-that-gerber) still shows as chosen.
  const listed = current === UNKNOWN || LAYER_CHOICES.some(([type, side]) => choiceValue(type, side) === current);
  const selectId = `wizard-layer-${file.id}`;
  const errorId = `${selectId}-error`;
  return (
    <tr className={[file.hidden ? 'wizard-layers__row--hidden' : '', file.error ? 'wizard-layers__row--failed' : ''].filter(Boolean).join(' ')}>
      <th scope="row" className="wizard-layers__file">
        <span className="wizard-layers__name">{file.name}</span>
        {file.error ? (
          <span className="wizard-layers__error" id={errorId}>
            <Icon name="failure" size={14} />
            {fileErrorText(t, file)}
          </span>
        ) : null}
      </th>
      <td>
        <label className="visually-hidden" htmlFor={selectId}>{t('wizard.layers.typeOf', { name: file.name })}</label>
        <select
          id={selectId}
          className="wizard-select"
          value={current}
          disabled={disabled}
          aria-describedby={file.error ? errorId : undefined}
          onChange={(event) => send({ type: 'wizard.setLayer', id: file.id, ...parseChoice(event.target.value) })}
        >
          <option value={UNKNOWN}>{t('board.layerTypes.unknown')}</option>
          {listed ? null : <option value={current}>{layerName(t, file)}</option>}
          {LAYER_CHOICES.map(([type, side]) => (
            <option key={choiceValue(type, side)} value={choiceValue(type, side)}>{layerName(t, { type, side })}</option>
          ))}
        </select>
      </td>
      <td className={`wizard-layers__how${file.needsCheck ? ' wizard-layers__how--check' : ''}`}>{howIdentified(t, file)}</td>
      <td>
        <label className="wizard-layers__use">
          <input type="checkbox" checked={!file.hidden} disabled={disabled} onChange={() => send({ type: 'wizard.toggleFile', id: file.id })} />
          <span>{t('wizard.layers.use')}</span>
          <span className="visually-hidden">{file.name}</span>
        </label>
      </td>
      <td className="wizard-layers__order">
        <button
          type="button"
          className="icon-button wizard-layers__move"
          disabled={disabled || index === 0}
          aria-label={t('wizard.layers.moveUp', { name: file.name })}
          onClick={() => send({ type: 'wizard.moveFile', id: file.id, toIndex: index - 1 })}
        >
          <span aria-hidden="true">↑</span>
        </button>
        <button
          type="button"
          className="icon-button wizard-layers__move"
          disabled={disabled || last}
          aria-label={t('wizard.layers.moveDown', { name: file.name })}
          onClick={() => send({ type: 'wizard.moveFile', id: file.id, toIndex: index + 1 })}
        >
          <span aria-hidden="true">↓</span>
        </button>
      </td>
    </tr>
  );
}
