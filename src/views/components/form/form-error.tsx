import './form.css';

/** A server error above the form; role=alert makes screen readers read it at once. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert">
      <span className="form-error__icon" aria-hidden="true">!</span>
      <span>{message}</span>
    </div>
  );
}
