import { SelectField } from '../../../components/form/select-field';

export interface SelectOption {
  id: number;
  name: string;
}

interface ReferenceSelectFieldProps {
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

/** A choice from a reference list (ids and names), or none. */
export function ReferenceSelectField({ value, options, emptyLabel, onChange, ...field }: ReferenceSelectFieldProps) {
  return (
    <SelectField
      {...field}
      controlClassName="clients-select"
      value={value === null ? '' : String(value)}
      options={options.map((option) => ({ value: String(option.id), label: option.name }))}
      emptyOption={emptyLabel}
      onValueChange={(next) => onChange(next === '' ? null : Number(next))}
    />
  );
}
