import type { ComponentProps, ReactNode } from 'react';
import { wiredControl } from './control';
import { FieldFrame } from './field';

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id' | 'value' | 'onChange' | 'children'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** A first option that stands for "nothing chosen" (value ''). */
  emptyOption?: string;
  /** The page's look of the control, beside field__input. */
  controlClassName: string;
  error?: string | undefined;
  invalid?: boolean;
  hint?: ReactNode;
  /** The frame's place on the page (a filter beside a heading). */
  frameClassName?: string;
}

/** A native select: keyboard, type-ahead and screen readers work without any script of ours. */
export function SelectField(props: SelectFieldProps) {
  const { label, value, onValueChange, options, emptyOption, controlClassName, error, invalid, hint, frameClassName, ...select } = props;
  return (
    <FieldFrame label={label} error={error} invalid={invalid} hint={hint} className={frameClassName}>
      {(control) => (
        <select {...select} {...wiredControl(control, `field__input ${controlClassName}`, value, onValueChange)}>
          {emptyOption !== undefined ? <option value="">{emptyOption}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>{option.label}</option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
