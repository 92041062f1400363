import type { ComponentProps, ReactNode } from 'react';
import { wiredControl } from './control';
import { FieldFrame } from './field';

export interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id' | 'value' | 'onChange' | 'children'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The page's look of the control, beside field__input. */
  controlClassName: string;
  error?: string | undefined;
  invalid?: boolean;
  hint?: ReactNode;
}

export function TextAreaField({ label, value, onValueChange, controlClassName, error, invalid, hint, ...area }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} invalid={invalid} hint={hint}>
      {(control) => <textarea rows={3} {...area} {...wiredControl(control, `field__input ${controlClassName}`, value, onValueChange)} />}
    </FieldFrame>
  );
}

/** A yes-or-no beside its text. */
export function CheckboxField({ label, checked, onCheckedChange }: { label: string; checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(event) => onCheckedChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}
