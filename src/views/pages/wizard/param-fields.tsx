import { useState } from 'react';
import { problemTextKey } from '../../../contract/board-checks';
import { useT } from '../../../services/i18n';
import { fieldsFromFiles } from '../../../services/wizard';
import { measuredParams, measuredValueOf } from '../../../services/wizard-measured';
import { FieldFrame } from '../../components/form/field';
import { formatInputNumber, parseInputNumber, writtenBackNumber } from '../../../services/format';
import { useClassNote, type FieldNote } from './class-note';
import { useMeasuredTexts, WizardActor } from './wizard-actor';

/**
 * The problems of a field as one text (the product spec's validation rules: red border and the text under it), and the 'из файлов' mark; a value
 * other than the files' shows what they measure (less is refused, and the problem says why).
 */
function useFieldState(field: string, alsoFields: readonly string[] = []) {
  const t = useT();
  const codes = WizardActor.useSelector(
    (snapshot) => snapshot.context.problems
      .filter((problem) => problem.field === field || alsoFields.includes(problem.field))
      .map((problem) => problem.code)
      .join(' '),
  );
  const fromFiles = WizardActor.useSelector((snapshot) => fieldsFromFiles(snapshot.context.analysis, snapshot.context.params).has(field));
  const measured = useMeasuredTexts();
  const error = codes ? codes.split(' ').map((code) => t(problemTextKey(code), measuredParams(measured))).join(' ') : undefined;
  const value = measuredValueOf(measured, field);
  const shown = value && (value.unit === 'mm' ? t('wizard.units.mmValue', { value: value.value }) : value.value);
  const files = fromFiles ? t('wizard.parameters.fromFiles') : shown ? t('wizard.parameters.measured', { value: shown }) : null;
  return { error, files: useClassNote(field) ?? (files === null ? null : { text: files, warn: false }) };
}

/** What the files say of the field; a warning (a class coarser than they need) looks like one. */
function FromFiles({ note }: { note: FieldNote }) {
  return <span className={`wizard-field__from-files${note.warn ? ' wizard-field__from-files--warn' : ''}`}>{note.text}</span>;
}

interface ParamSelectProps<T extends string | number> {
  label: string;
  /** The parameter's path in the problems ('board.layers'). */
  field: string;
  /** Problems of other paths shown here too (a rule about two fields names one of them). */
  alsoFields?: readonly string[];
  value: T;
  options: readonly T[];
  optionLabel: (option: T) => string;
  onChange: (value: T) => void;
}

/** A choice from one of the contract's option lists. */
export function ParamSelect<T extends string | number>({ label, field, alsoFields, value, options, optionLabel, onChange }: ParamSelectProps<T>) {
  const { error, files } = useFieldState(field, alsoFields);
  return (
    <FieldFrame label={label} error={error} hint={files ? <FromFiles note={files} /> : undefined} className="wizard-field">
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          name={field}
          className="field__input wizard-field__select"
          value={String(value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            const chosen = options.find((option) => String(option) === event.target.value);
            if (chosen !== undefined) onChange(chosen);
          }}
        >
          {options.map((option) => <option key={String(option)} value={String(option)}>{optionLabel(option)}</option>)}
        </select>
      )}
    </FieldFrame>
  );
}

interface ParamNumberProps {
  label: string;
  field: string;
  alsoFields?: readonly string[];
  value: number;
  min: number;
  max: number;
  /** 'mm' shows the range in millimetres; 'count' as plain numbers. */
  unit: 'mm' | 'count';
  onChange: (value: number) => void;
}

/**
 * A number within the factory's limits, written the language's way ('68,58' in Russian): a text field,
 * since a browser's number field shows the browser's format, not the page's. What is typed stays as typed while it is
 * not a number yet ('', '1,'); each number is sent, in range or not, so the machine's check can say what is wrong on
 * the field.
 */
export function ParamNumber({ label, field, alsoFields, value, min, max, unit, onChange }: ParamNumberProps) {
  const t = useT();
  const { error, files } = useFieldState(field, alsoFields);
  const [text, setText] = useState(() => formatInputNumber(value));
  const [shown, setShown] = useState(value);
  // A value set elsewhere (the files, another field's default) replaces what is typed.
  if (shown !== value) {
    setShown(value);
    if (parseInputNumber(text) !== value) setText(formatInputNumber(value));
  }
  const parsed = parseInputNumber(text);
  const typedError = Number.isFinite(parsed) ? undefined : t('wizard.fields.notNumber');
  const range = unit === 'mm'
    ? t('wizard.fields.rangeMm', { min: formatInputNumber(min), max: formatInputNumber(max) })
    : t('wizard.fields.range', { min, max });
  return (
    <FieldFrame
      label={label}
      error={typedError ?? error}
      hint={<>{range}{files ? <FromFiles note={files} /> : null}</>}
      className="wizard-field"
    >
      {({ id, describedBy, invalid }) => (
        <>
          <input
            id={id}
            name={field}
            type="text"
            inputMode={unit === 'count' ? 'numeric' : 'decimal'}
            autoComplete="off"
            className="field__input"
            value={text}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              const next = event.target.value;
              setText(next);
              const number = parseInputNumber(next);
              if (Number.isFinite(number)) onChange(number);
            }}
            onBlur={() => setText(writtenBackNumber(text))}
          />
          {unit === 'mm' ? <span className="wizard-field__unit" aria-hidden="true">{t('wizard.units.mm')}</span> : null}
        </>
      )}
    </FieldFrame>
  );
}
