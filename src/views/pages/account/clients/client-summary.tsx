import type { ClientType } from '../../../../contract/clients';
import type { ClientForm, ClientFormField } from '../../../../machines/shared/client-form';
import { useT } from '../../../../services/i18n';
import { fieldKey, typeKey } from './labels';
import { nameById, useActivities, useCountries, useOffices, useRegions } from './api/get-lookups';

/** The filled fields as a definition list, for review before sending. */
export function ClientSummary({ clientType, form, fields }: { clientType: ClientType; form: ClientForm; fields: readonly ClientFormField[] }) {
  const t = useT();
  const lists = { countryId: useCountries(), regionId: useRegions(form.countryId), activityId: useActivities(), officeId: useOffices() };
  const shown = (field: ClientFormField): string => {
    const value = form[field];
    if (value === null) return '';
    return typeof value === 'number' ? nameById(lists[field as keyof typeof lists], value) || String(value) : value.trim();
  };
  const rows = fields.map((field) => ({ field, value: shown(field) })).filter((row) => row.value !== '');
  return (
    <dl className="clients-summary">
      <div className="clients-summary__row">
        <dt>{t('account.clients.fields.clientType')}</dt>
        <dd>{t(typeKey(clientType))}</dd>
      </div>
      {rows.map((row) => (
        <div key={row.field} className="clients-summary__row">
          <dt>{t(fieldKey(row.field, clientType))}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
