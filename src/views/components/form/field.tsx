import { useEffect, useId, useRef, type ReactNode } from 'react';
import './form.css';

export interface FieldFrameProps {
  label: string;
  /** Already translated; shown under the control and announced with it. */
  error?: string | undefined;
  /** Marks the control invalid without text of its own (the server's message is in the banner). */
  invalid?: boolean;
  hint?: ReactNode;
  className?: string;
  children: (control: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control, hint and error text wired together for assistive technology; shakes when a new error appears. */
export function FieldFrame({ label, error, invalid = false, hint, className, children }: FieldFrameProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const controlRef = useRef<HTMLDivElement>(null);

  const isInvalid = Boolean(error) || invalid;

  useEffect(() => {
    const element = controlRef.current;
    if (!isInvalid || !element) return;
    // Restart the animation even when the class is already there.
    element.classList.remove('field__control--shake');
    void element.offsetWidth;
    element.classList.add('field__control--shake');
  }, [error, isInvalid]);

  return (
    <div className={['field', isInvalid ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>{label}</label>
      <div className="field__control" ref={controlRef}>
        {children({ id, describedBy, invalid: isInvalid })}
      </div>
      {error ? <p className="field__error" id={errorId}>{error}</p> : null}
      {hint ? <p className="field__hint" id={hintId}>{hint}</p> : null}
    </div>
  );
}
