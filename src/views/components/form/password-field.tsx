import { useState } from 'react';
import { useT } from '../../../services/i18n';
import { TextField, type TextFieldProps } from './text-field';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'addon'> {
  /** Accessible names of the eye button: [show, hide]; the portal's own by default. */
  toggleLabels?: readonly [string, string];
}

export function PasswordField({ toggleLabels, autoComplete = 'current-password', ...field }: PasswordFieldProps) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  const [show, hide] = toggleLabels ?? [t('auth.form.showPassword'), t('auth.form.hidePassword')];
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
          aria-label={visible ? hide : show}
          onClick={() => setVisible((shown) => !shown)}
        >
          <span aria-hidden="true" className={visible ? 'field__eye field__eye--open' : 'field__eye'} />
        </button>
      }
    />
  );
}

/** A password being chosen: the browser may offer a generated one and save it. */
export function NewPasswordField(field: Omit<PasswordFieldProps, 'autoComplete'>) {
  return <PasswordField {...field} autoComplete="new-password" />;
}
