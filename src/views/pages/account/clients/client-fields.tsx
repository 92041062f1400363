import type { ReactNode } from 'react';
import type { ClientType } from '../../../../contract/clients';
import type { ClientForm, ClientFormField } from '../../../../machines/shared/client-form';
import { dictionaryName } from '../../../../services/dictionaries';
import { useT } from '../../../../services/i18n';
import { TextField } from '../../../components/form/text-field';
import { fieldKey } from './labels';
import { useActivities, useCountries, useOffices, useRegions } from './api/get-lookups';
import { ReferenceSelectField } from './select-field';

type TextFieldName = Exclude<ClientFormField, 'countryId' | 'regionId' | 'activityId' | 'officeId'>;

const LIMITS: Partial<Record<TextFieldName, number>> = {
  name: 200, fullName: 500, firstName: 100, lastName: 100, middleName: 100, inn: 12, kpp: 9, ogrn: 15, siteUrl: 300,
};
const NUMERIC: readonly ClientFormField[] = ['inn', 'ogrn'];
const OPTIONAL: readonly ClientFormField[] = ['middleName', 'siteUrl', 'countryId', 'regionId', 'activityId', 'officeId'];

export interface FieldState {
  error?: string | undefined;
  invalid?: boolean;
  hint?: ReactNode;
}

export interface ClientFieldsProps {
  clientType: ClientType;
  /** Shown in this order. */
  fields: readonly ClientFormField[];
  values: ClientForm;
  stateOf: (field: ClientFormField) => FieldState;
  onChange: (changes: Partial<ClientForm>) => void;
  /** As the user leaves a field: where the requisites are checked. */
  onLeave?: (field: ClientFormField) => void;
  /** Shown but not editable (a verified client's fullName, region and office). */
  readOnly?: readonly ClientFormField[];
  disabled?: boolean;
}

/** The client fields of the product spec for one type, shared by creation, restoration and the card. */
export function ClientFields({ clientType, fields, values, stateOf, onChange, onLeave, readOnly = [], disabled = false }: ClientFieldsProps) {
  const t = useT();
  const countries = useCountries();
  const regions = useRegions(values.countryId);
  const activities = useActivities();
  const offices = useOffices();
  const named = (items: readonly { id: number; name: string; nameEn: string }[]) =>
    items.map((item) => ({ id: item.id, name: dictionaryName(item) }));
  const options = { countryId: named(countries), regionId: named(regions), activityId: named(activities), officeId: named(offices) };

  const label = (field: ClientFormField) =>
    OPTIONAL.includes(field) ? `${t(fieldKey(field, clientType))} (${t('account.clients.fields.optional')})` : t(fieldKey(field, clientType));

  return (
    <div className="clients-fields">
      {fields.map((field) => {
        const locked = disabled || readOnly.includes(field);
        const state = stateOf(field);
        if (field === 'countryId' || field === 'regionId' || field === 'activityId' || field === 'officeId') {
          const needsCountry = field === 'regionId' && values.countryId === null;
          return (
            <ReferenceSelectField
              key={field}
              label={label(field)}
              value={values[field]}
              options={options[field]}
              emptyLabel={t('account.clients.fields.notChosen')}
              disabled={locked || needsCountry}
              hint={needsCountry ? t('account.clients.fields.regionNeedsCountry') : undefined}
              onChange={(value) => onChange({ [field]: value })}
              onBlur={onLeave ? () => onLeave(field) : undefined}
              error={state.error}
              invalid={state.invalid}
            />
          );
        }
        return (
          <TextField
            key={field}
            name={field}
            label={label(field)}
            value={values[field]}
            maxLength={LIMITS[field]}
            inputMode={NUMERIC.includes(field) ? 'numeric' : undefined}
            type={field === 'siteUrl' ? 'url' : 'text'}
            readOnly={locked}
            aria-readonly={locked || undefined}
            onValueChange={(value) => onChange({ [field]: value })}
            onBlur={onLeave ? () => onLeave(field) : undefined}
            error={state.error}
            invalid={state.invalid}
            hint={state.hint}
          />
        );
      })}
    </div>
  );
}
