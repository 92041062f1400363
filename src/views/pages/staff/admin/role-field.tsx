import { STAFF_ROLES, type StaffRole } from '../../../../contract/call';
import { useT } from '../../../../services/i18n';
import { SelectField } from '../../../components/form/select-field';

interface RoleFieldProps {
  value: StaffRole;
  onChange: (role: StaffRole) => void;
  /** The gateway refused the role (a member's form). */
  invalid?: boolean;
}

/** The staff role a member or an integration acts in, by its name on screen. */
export function RoleField({ value, onChange, invalid }: RoleFieldProps) {
  const t = useT();
  return (
    <SelectField
      label={t('staff.members.role')} name="role" controlClassName="lists-select" value={value} invalid={invalid}
      options={STAFF_ROLES.map((code) => ({ value: code, label: t(`staff.roles.${code}`) }))}
      onValueChange={(chosen) => onChange(STAFF_ROLES.find((code) => code === chosen) ?? value)}
    />
  );
}
