import type { ComponentProps, ReactNode } from 'react';
import { FieldFrame } from './field';

export type InputProps = Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange' | 'children'>;

export interface TextFieldProps extends InputProps {
  label: string;
  value: string;
  /** Receives the new text and the input, for callers that need the caret. */
  onValueChange: (value: string, input: HTMLInputElement) => void;
  error?: string | undefined;
  invalid?: boolean;
  hint?: ReactNode;
  /** Rendered inside the control, after the input (e.g. a show-password button). */
  addon?: ReactNode;
}

export function TextField({ label, value, onValueChange, error, invalid, hint, addon, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} invalid={invalid} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <>
          <input
            type="text"
            {...input}
            id={id}
            className="field__input"
            value={value}
            onChange={(event) => onValueChange(event.target.value, event.target)}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          />
          {addon}
        </>
      )}
    </FieldFrame>
  );
}
