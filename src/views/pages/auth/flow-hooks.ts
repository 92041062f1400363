import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../services/i18n';

interface DoneSource<Output> {
  getSnapshot: () => { status: string; output?: Output };
  subscribe: (listener: (snapshot: { status: string; output?: Output }) => void) => { unsubscribe: () => void };
}

/** Calls `onDone` once with the flow's output when its actor reaches a final state. */
export function useOnDone<Output>(actor: DoneSource<Output>, onDone: (output: Output) => void): void {
  const latest = useRef(onDone);
  const fired = useRef(false);
  useEffect(() => {
    latest.current = onDone;
  });
  useEffect(() => {
    const check = (snapshot: { status: string; output?: Output }) => {
      if (snapshot.status !== 'done' || fired.current) return;
      fired.current = true;
      latest.current(snapshot.output as Output);
    };
    const subscription = actor.subscribe(check);
    check(actor.getSnapshot());
    return () => subscription.unsubscribe();
  }, [actor]);
}

/** Keeps showing the previous step while `hold` is on, so a resend does not flash the step before it. */
export function useHeldStep<Step>(step: Step, hold: boolean): Step {
  const [shown, setShown] = useState(step);
  const next = hold ? shown : step;
  if (next !== shown) setShown(next);
  return next;
}

/** Counts how many times `active` has turned on; a new count restarts a cooldown. */
export function useEntryCount(active: boolean): number {
  const [seen, setSeen] = useState({ active, count: active ? 1 : 0 });
  if (seen.active === active) return seen.count;
  const next = { active, count: active ? seen.count + 1 : seen.count };
  setSeen(next);
  return next.count;
}

interface ErrorContext {
  errorMessage: string | null;
  errorField: string | null;
  fieldErrors: Record<string, string>;
}

/** The flow's errors, translated: a banner for the gateway's message, in-place texts for field checks. */
export function useFlowErrors(useSelector: <T>(selector: (snapshot: { context: ErrorContext }) => T) => T) {
  const t = useT();
  const message = useSelector((snapshot) => snapshot.context.errorMessage);
  const errorField = useSelector((snapshot) => snapshot.context.errorField);
  const fieldErrors = useSelector((snapshot) => snapshot.context.fieldErrors);
  return {
    banner: message === null ? null : message || t('auth.errors.generic'),
    field: (name: string) => {
      const key = fieldErrors[name];
      return { error: key ? t(key) : undefined, invalid: errorField === name };
    },
  };
}

interface FlowSnapshot {
  context: ErrorContext;
  hasTag(tag: 'busy'): boolean;
}

/** What every flow form reads from its actor: busy while a call runs, its errors, focus on the first invalid field. */
export function useFlowForm(useSelector: <T>(selector: (snapshot: FlowSnapshot) => T) => T) {
  const busy = useSelector((snapshot) => snapshot.hasTag('busy'));
  const errors = useFlowErrors(useSelector);
  const formRef = useFocusFirstInvalid(useSelector((snapshot) => snapshot.context.fieldErrors));
  return { busy, errors, formRef };
}

/** Moves focus to the first invalid field after a submit, so keyboard and screen-reader users land on the problem. */
export function useFocusFirstInvalid(errors: unknown) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
  }, [errors]);
  return formRef;
}
