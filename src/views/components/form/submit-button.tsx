import type { ComponentProps } from 'react';
import './form.css';

export interface SubmitButtonProps extends Omit<ComponentProps<'button'>, 'type'> {
  busy?: boolean;
  /** Shown instead of the children while busy, e.g. 'Входим…'. */
  busyLabel?: string;
}

/** The form's primary button: disabled with a spinner while the request runs, so a second click cannot send twice. */
export function SubmitButton({ busy = false, busyLabel, children, disabled, className, ...button }: SubmitButtonProps) {
  return (
    <button
      {...button}
      type="submit"
      className={['submit-button', className ?? ''].filter(Boolean).join(' ')}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy ? <span className="submit-button__spinner" aria-hidden="true" /> : null}
      <span>{busy && busyLabel ? busyLabel : children}</span>
    </button>
  );
}
