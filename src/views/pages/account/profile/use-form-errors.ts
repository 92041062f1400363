import { readGatewayError, type FieldErrors } from '../../../../machines/shared/form-checks';
import { useT } from '../../../../services/i18n';

export interface FormErrorState {
  errorMessage: string | null;
  errorField: string | null;
  /** Field → locale key of a check that failed before any call. */
  fieldErrors: Record<string, string>;
}

export const NO_ERRORS: FormErrorState = { errorMessage: null, errorField: null, fieldErrors: {} };

/** What a card's form shows wrong: the checks made before sending, or the refusal of the last save. */
export const formErrorsOf = (checks: FieldErrors, error: unknown): FormErrorState =>
  (error ? { ...readGatewayError(error), fieldErrors: {} } : { ...NO_ERRORS, fieldErrors: checks });

/**
 * A gateway error that names one of the form's `fields` is shown on that field; any other goes to the banner above
 * the form. Checks made before the call (locale keys) are shown on their fields.
 */
export function useFormErrors(state: FormErrorState, fields: readonly string[]) {
  const t = useT();
  const { errorMessage, errorField, fieldErrors } = state;
  const onField = errorMessage !== null && errorField !== null && fields.includes(errorField);
  const generic = t('auth.errors.generic');
  return {
    banner: errorMessage === null || onField ? null : errorMessage || generic,
    field: (name: string) => {
      const key = fieldErrors[name];
      if (key) return { error: t(key) };
      if (onField && errorField === name) return { error: errorMessage || generic };
      return { error: undefined };
    },
  };
}
