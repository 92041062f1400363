import { useMask } from '@react-input/mask';
import { useMemo, useRef } from 'react';
import { TextField, type TextFieldProps } from './text-field';
import { PHONE_MASK, createPhoneTrack } from './phone-mask';

export type PhoneFieldProps = Omit<TextFieldProps, 'type' | 'inputMode' | 'onValueChange'> & {
  /** Receives the masked text, e.g. '+7 (999) 123-45'. */
  onValueChange: (masked: string) => void;
};

/** A phone input with the '+7 (999) 999-99-99' mask; start it with `maskPhone(stored)`. */
export function PhoneField({ value, onValueChange, ...field }: PhoneFieldProps) {
  const plusTyped = useRef(false);
  const track = useMemo(() => createPhoneTrack(plusTyped), []);
  const maskRef = useMask({ ...PHONE_MASK, track });
  return (
    <TextField
      autoComplete="tel"
      placeholder="+7 (___) ___-__-__"
      {...field}
      ref={maskRef}
      type="tel"
      inputMode="tel"
      value={value}
      onValueChange={(next) => onValueChange(next)}
    />
  );
}
