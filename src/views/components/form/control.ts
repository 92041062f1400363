import type { ChangeEvent } from 'react';

/** What a FieldFrame hands its control. */
export interface FrameControl {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

/** A select's or a text area's wiring to its frame: the label's id, what describes it, invalid, and its value. */
export function wiredControl(control: FrameControl, className: string, value: string, onValueChange: (value: string) => void) {
  return {
    id: control.id,
    className,
    value,
    onChange: (event: ChangeEvent<HTMLSelectElement | HTMLTextAreaElement>) => onValueChange(event.target.value),
    'aria-invalid': control.invalid || undefined,
    'aria-describedby': control.describedBy,
  };
}
