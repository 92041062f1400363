import { useEffect, useRef, type ReactNode } from 'react';
import type { ClientFormField } from '../../../../machines/shared/client-form';
import type { FieldErrors } from '../../../../machines/shared/form-checks';
import { useT } from '../../../../services/i18n';
import type { FieldState } from './client-fields';

/** The clients flows' look of a ChoiceFieldset. */
export const CLIENT_CHOICE = { fieldset: 'clients-ways', legend: 'field__label', option: 'clients-way' };

/**
 * Moves focus to the first invalid field when `trigger` changes (a submit, or a gateway answer naming a field),
 * never while the user types, so keyboard and screen-reader users land on the problem once.
 */
export function useFocusInvalid(trigger: string) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (trigger === '') return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [trigger]);
  return formRef;
}

export interface FlowErrors {
  fieldErrors: FieldErrors;
  errorMessage: string | null;
  errorField: string | null;
}

/** A field's message: the form's own check first, else the gateway's message when it names this field. */
export function useFieldStates({ fieldErrors, errorMessage, errorField }: FlowErrors, fields: readonly string[]) {
  const t = useT();
  const onForm = errorField !== null && fields.includes(errorField);
  return {
    stateOf: (field: ClientFormField): FieldState => {
      const key = fieldErrors[field];
      if (key) return { error: t(key) };
      if (onForm && errorField === field) return { error: errorMessage || t('account.clients.errors.generic') };
      return {};
    },
    /** The gateway's message when it names no field of this form. */
    banner: errorMessage !== null && !onForm ? errorMessage || t('account.clients.errors.generic') : null,
  };
}

export function FlowActions({ children }: { children: ReactNode }) {
  return <div className="clients-flow__actions">{children}</div>;
}
