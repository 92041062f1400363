import { FieldFrame } from '../../../components/form/field';

export interface SelectOption {
  id: number;
  name: string;
}

interface SelectFieldProps {
  label: string;
  value: number | null;
  options: readonly SelectOption[];
  /** The empty choice's text ('Не выбрано'). */
  emptyLabel: string;
  onChange: (value: number | null) => void;
  onBlur?: () => void;
  error?: string | undefined;
  invalid?: boolean;
  hint?: string;
  disabled?: boolean;
}

/** A reference-list choice as a native select: keyboard, type-ahead and screen readers work as users expect. */
export function SelectField({ label, value, options, emptyLabel, onChange, onBlur, error, invalid, hint, disabled }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} invalid={invalid} hint={hint}>
      {({ id, describedBy, invalid: isInvalid }) => (
        <select
          id={id}
          className="field__input clients-select"
          value={value === null ? '' : String(value)}
          disabled={disabled}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
          onBlur={onBlur}
        >
          <option value="">{emptyLabel}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>{option.name}</option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
