import { TextField, type TextFieldProps } from './text-field';

export type CodeFieldProps = Omit<TextFieldProps, 'type' | 'inputMode' | 'autoComplete' | 'maxLength'> & {
  /** 6 for SMS and e-mail codes, 4 for the last digits of a flash call. */
  length: number;
};

/** One numeric input for a one-time code, so browsers and phones can fill it from the message. */
export function CodeField({ length, onValueChange, className, ...field }: CodeFieldProps) {
  return (
    <TextField
      {...field}
      className={['field--code', className ?? ''].filter(Boolean).join(' ')}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={`\\d{${length}}`}
      maxLength={length}
      spellCheck={false}
      onValueChange={(next, input) => onValueChange(next.replace(/\D/g, '').slice(0, length), input)}
    />
  );
}
