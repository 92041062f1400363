import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../../services/api';
import { useT } from '../../../../services/i18n';

/**
 * A modal form's values and what is wrong with them. A field's own problem shows once the user has left it (or
 * tried to send), and follows every keystroke after that; an answer of the gateway naming a field shows on that
 * field until it is edited. A failed send moves focus to the first field marked invalid. The sending itself is the
 * form's mutation (api/ordering-data-mutations.ts).
 */
export function useFormState<Values extends object>(initial: Values) {
  const t = useT();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempts, setAttempts] = useState(0);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (attempts === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);

  function set<Key extends keyof Values & string>(field: Key, value: Values[Key]) {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
  }

  const touch = (field: string) => setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));

  /**
   * Props for a field: `message` is its current problem in words ('' marks it invalid without a text of its own,
   * for the second field of a pair), undefined when it is fine.
   */
  function field(name: keyof Values & string, message: string | undefined) {
    const shown = attempts > 0 || touched.has(name);
    const server = serverErrors[name];
    return {
      error: server ?? (shown && message ? message : undefined),
      invalid: server !== undefined || (shown && message !== undefined),
      onBlur: () => touch(name),
    };
  }

  /** A try to send: every field shows its problem from now on; true when none has one. */
  function attempt(hasProblems: boolean): boolean {
    setAttempts((count) => count + 1);
    setBanner(null);
    return !hasProblems;
  }

  /** A refusal naming one of `fields` lands on it, any other in the banner. */
  function refused(error: unknown, fields: readonly string[]): void {
    if (error instanceof ApiError && error.field && fields.includes(error.field)) {
      setServerErrors({ [error.field]: error.message });
      setAttempts((count) => count + 1);
    } else {
      setBanner(error instanceof ApiError ? error.message : t('errors.generic'));
    }
  }

  return { values, set, field, attempt, refused, banner, formRef };
}
