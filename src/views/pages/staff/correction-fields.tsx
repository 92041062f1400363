import { useState } from 'react';
import {
  COPPER_UM, FINISHES, hasEdgeConnector, LAYER_COUNTS, LIMITS, MASK_COLORS, MATERIALS, SILK_COLORS, THICKNESSES_MM, type PcbParams,
} from '../../../contract/board';
import { formatInputNumber, formatMm, parseInputNumber, writtenBackNumber } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { FieldFrame } from '../../components/form/field';

/** The board parameters the dialog edits, by their path in the parameters ('board.widthMm'), as the gateway names them. */
export const CORRECTED_FIELDS = [
  'board.widthMm', 'board.heightMm', 'board.layers', 'board.material', 'board.thicknessMm', 'board.copperUm', 'board.maskColor',
  'board.silkColor', 'board.finish', 'board.minTrackMm', 'board.minHoleMm', 'board.edgeConnector',
] as const;

interface FieldsProps {
  board: PcbParams;
  onChange: (patch: Partial<PcbParams>) => void;
  /** The gateway's refusal of a field, by its path. */
  errorOf: (field: string) => string | undefined;
}

/**
 * One line's board parameters as an engineer corrects them: the contract's option lists and the factory's limits,
 * labelled as the wizard labels them. A number not yet a number is NaN, which the dialog does not send.
 */
export function CorrectionFields({ board, onChange, errorOf }: FieldsProps) {
  const t = useT();
  const mm = (value: number) => t('wizard.units.mmValue', { value: formatMm(value) });
  const select = <K extends keyof PcbParams>(key: K, options: readonly NonNullable<PcbParams[K]>[], label: (value: NonNullable<PcbParams[K]>) => string) => (
    <FieldFrame label={t(`wizard.fields.${key}`)} error={errorOf(`board.${key}`)} className="wizard-field">
      {({ id, describedBy, invalid }) => (
        <select
          id={id} name={`board.${key}`} className="field__input" value={String(board[key])}
          aria-invalid={invalid || undefined} aria-describedby={describedBy}
          onChange={(event) => {
            const chosen = options.find((option) => String(option) === event.target.value);
            if (chosen !== undefined) onChange({ [key]: chosen });
          }}
        >
          {options.map((option) => <option key={String(option)} value={String(option)}>{label(option)}</option>)}
        </select>
      )}
    </FieldFrame>
  );
  const number = (key: 'widthMm' | 'heightMm' | 'minTrackMm' | 'minHoleMm', limits: { min: number; max: number }) => (
    <MmField
      label={t(`wizard.fields.${key}`)}
      name={`board.${key}`}
      value={board[key]}
      limits={limits}
      error={errorOf(`board.${key}`)}
      onChange={(value) => onChange({ [key]: value })}
    />
  );
  return (
    <div className="staff-correction__fields">
      {number('widthMm', LIMITS.boardMm)}
      {number('heightMm', LIMITS.boardMm)}
      {select('layers', LAYER_COUNTS, (value) => t(`wizard.options.layerCount.${value}`))}
      {select('material', MATERIALS, (value) => t(`wizard.options.material.${value}`))}
      {select('thicknessMm', THICKNESSES_MM, mm)}
      {select('copperUm', COPPER_UM, (value) => t(`wizard.options.copper.${value}`))}
      {select('maskColor', MASK_COLORS, (value) => t(`wizard.options.maskColor.${value}`))}
      {select('silkColor', SILK_COLORS, (value) => t(`wizard.options.silkColor.${value}`))}
      {select('finish', FINISHES, (value) => t(`wizard.options.finish.${value}`))}
      {number('minTrackMm', LIMITS.minTrackMm)}
      {number('minHoleMm', LIMITS.minHoleMm)}
      <label className="checkbox staff-correction__check">
        <input
          type="checkbox"
          name="board.edgeConnector"
          checked={hasEdgeConnector(board)}
          onChange={(event) => onChange({ edgeConnector: event.target.checked })}
        />
        <span>{t('wizard.fields.edgeConnector')}</span>
      </label>
    </div>
  );
}

interface MmFieldProps {
  label: string;
  name: string;
  value: number;
  limits: { min: number; max: number };
  error: string | undefined;
  onChange: (value: number) => void;
}

/** Millimetres written the page language's way ('1,6' in Russian), kept as typed while being typed. */
function MmField({ label, name, value, limits, error, onChange }: MmFieldProps) {
  const t = useT();
  const [text, setText] = useState(() => formatInputNumber(value));
  const parsed = parseInputNumber(text);
  const outside = Number.isFinite(parsed) && (parsed < limits.min || parsed > limits.max);
  const range = t('wizard.fields.rangeMm', { min: formatInputNumber(limits.min), max: formatInputNumber(limits.max) });
  const shownError = !Number.isFinite(parsed) ? t('wizard.fields.notNumber') : outside ? range : error;
  return (
    <FieldFrame label={label} error={shownError} hint={range} className="wizard-field">
      {({ id, describedBy, invalid }) => (
        <input
          id={id} name={name} type="text" inputMode="decimal" autoComplete="off" className="field__input" value={text}
          aria-invalid={invalid || undefined} aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value);
            const next = parseInputNumber(event.target.value);
            onChange(Number.isFinite(next) && next >= limits.min && next <= limits.max ? next : Number.NaN);
          }}
          onBlur={() => setText(writtenBackNumber(text))}
        />
      )}
    </FieldFrame>
  );
}
