import { useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'addon'> {
  /** Accessible names of the eye button: [show, hide]. */
  toggleLabels: readonly [string, string];
}

export function PasswordField({ toggleLabels, autoComplete = 'current-password', ...field }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...field}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      spellCheck={false}
      addon={
        <button
          type="button"
          className="field__addon"
          aria-pressed={visible}
          aria-label={visible ? toggleLabels[1] : toggleLabels[0]}
          onClick={() => setVisible((shown) => !shown)}
        >
          <span aria-hidden="true" className={visible ? 'field__eye field__eye--open' : 'field__eye'} />
        </button>
      }
    />
  );
}
