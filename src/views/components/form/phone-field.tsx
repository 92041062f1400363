import { TextField, type TextFieldProps } from './text-field';
import { applyPhoneEdit } from './phone-mask';

export type PhoneFieldProps = Omit<TextFieldProps, 'type' | 'inputMode' | 'onValueChange'> & {
  /** Receives the masked text, e.g. '+7 (999) 123-45'. */
  onValueChange: (masked: string) => void;
};

/** A phone input with the '+7 (999) 999-99-99' mask. */
export function PhoneField({ value, onValueChange, ...field }: PhoneFieldProps) {
  return (
    <TextField
      autoComplete="tel"
      placeholder="+7 (___) ___-__-__"
      {...field}
      type="tel"
      inputMode="tel"
      value={value}
      onValueChange={(next, input) => onValueChange(applyPhoneEdit(value, next, input.selectionStart))}
    />
  );
}
