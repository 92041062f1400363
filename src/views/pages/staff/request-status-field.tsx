import { REQUEST_STATUSES, type RequestStatus } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import { SelectField } from '../../components/form/select-field';

interface RequestStatusFieldProps {
  label: string;
  value: RequestStatus | null;
  onChange: (status: RequestStatus) => void;
  /** The first option, standing for any status (a filter); chosen, it gives null. */
  anyStatus?: { label: string; onChoose: () => void };
  frameClassName?: string;
}

/** A complaint's status (new, in work, closed…) by its name on screen. */
export function RequestStatusField({ label, value, onChange, anyStatus, frameClassName }: RequestStatusFieldProps) {
  const t = useT();
  return (
    <SelectField
      label={label} controlClassName="lists-select" frameClassName={frameClassName} value={value ?? ''} emptyOption={anyStatus?.label}
      options={REQUEST_STATUSES.map((code) => ({ value: code, label: t(`requestStatus.${code}`) }))}
      onValueChange={(chosen) => {
        const status = REQUEST_STATUSES.find((code) => code === chosen);
        if (status) onChange(status);
        else anyStatus?.onChoose();
      }}
    />
  );
}
