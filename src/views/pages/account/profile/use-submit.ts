import { useState } from 'react';
import { readGatewayError, type FieldErrors } from '../../../../machines/shared/form-checks';
import { NO_ERRORS, type FormErrorState } from './use-form-errors';

export type Submitted<T> = { ok: true; value: T } | { ok: false };

/** One save of a card: checks first (nothing is sent while one fails), then the call, busy while it runs. */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrorState>(NO_ERRORS);

  async function submit<T>(checks: FieldErrors, call: () => Promise<T>): Promise<Submitted<T>> {
    if (Object.keys(checks).length > 0) {
      setErrors({ ...NO_ERRORS, fieldErrors: checks });
      return { ok: false };
    }
    setErrors(NO_ERRORS);
    setBusy(true);
    try {
      return { ok: true, value: await call() };
    } catch (error) {
      setErrors({ ...readGatewayError(error), fieldErrors: {} });
      return { ok: false };
    } finally {
      setBusy(false);
    }
  }

  return { busy, errors, submit };
}
