import type { ComponentProps, ReactNode } from 'react';
import { FieldFrame } from '../../../components/form/field';

interface ControlState {
  error?: string | undefined;
  invalid?: boolean;
  hint?: ReactNode;
}

export interface SelectFieldProps extends ControlState, Omit<ComponentProps<'select'>, 'id' | 'value' | 'onChange' | 'children'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** A first option that stands for "nothing chosen" (value ''). */
  emptyOption?: string;
}

/** A native select: keyboard and screen readers work without any script of ours. */
export function SelectField({ label, value, onValueChange, options, emptyOption, error, invalid, hint, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} invalid={invalid} hint={hint}>
      {({ id, describedBy, invalid: isInvalid }) => (
        <select
          {...select}
          id={id}
          className="field__input od-select"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy}
        >
          {emptyOption !== undefined ? <option value="">{emptyOption}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>{option.label}</option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends ControlState, Omit<ComponentProps<'textarea'>, 'id' | 'value' | 'onChange' | 'children'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
}

export function TextAreaField({ label, value, onValueChange, error, invalid, hint, ...area }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} invalid={invalid} hint={hint}>
      {({ id, describedBy, invalid: isInvalid }) => (
        <textarea
          rows={3}
          {...area}
          id={id}
          className="field__input od-textarea"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  );
}

export function CheckboxField({ label, checked, onCheckedChange }: { label: string; checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(event) => onCheckedChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}
