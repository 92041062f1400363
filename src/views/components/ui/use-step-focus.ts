import { useEffect, useRef, type RefObject } from 'react';

/**
 * Step-based flows (the wizard, checkout): focus moves to the new step's heading (`data-step-heading`) when the step
 * changes, not on the first render, where the page heading comes first.
 */
export function useStepFocus(step: string): RefObject<HTMLDivElement | null> {
  const container = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    container.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus();
  }, [step]);
  return container;
}
