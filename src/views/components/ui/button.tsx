import type { ComponentProps } from 'react';
import './ui.css';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: 'primary' | 'secondary' | 'link';
  /** Disabled with a spinner while its request runs, so a second click cannot send twice. */
  busy?: boolean;
}

/** The portal's button in its three looks; type 'button' unless told otherwise, so it never submits by accident. */
export function Button({ variant = 'primary', busy = false, disabled, className, type = 'button', children, ...button }: ButtonProps) {
  return (
    <button
      {...button}
      type={type}
      className={['ui-button', `ui-button--${variant}`, className].filter(Boolean).join(' ')}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy ? <span className="ui-button__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
