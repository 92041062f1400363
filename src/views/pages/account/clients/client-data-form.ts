import { useState } from 'react';
import type { Client } from '../../../../contract/clients';
import {
  applyFormChanges, clientFormErrors, EMPTY_CLIENT_FORM, formFieldOf, isPersonType, withoutFields, type ClientForm,
  type ClientFormField,
} from '../../../../machines/shared/client-form';
import { readGatewayError, type FieldErrors } from '../../../../machines/shared/form-checks';
import { canEditClient } from '../../../../services/clients';
import { useUpdateClient } from './api/client-mutations';

/** A verified client's fullName, region and office change only through RequestUpdate (the country holds the region). */
export const VERIFIED_LOCKED: readonly ClientFormField[] = ['fullName', 'countryId', 'regionId', 'officeId'];

export function updateFieldsOf(client: Client): ClientFormField[] {
  const names: ClientFormField[] = isPersonType(client.clientType) ? ['lastName', 'firstName', 'middleName'] : [];
  return ['name', 'fullName', ...names, 'countryId', 'regionId', 'activityId', 'officeId', 'siteUrl'];
}

export const formOfClient = (client: Client): ClientForm => ({
  ...EMPTY_CLIENT_FORM,
  name: client.name, fullName: client.fullName, firstName: client.firstName, lastName: client.lastName,
  middleName: client.middleName, siteUrl: client.siteUrl, countryId: client.countryId, regionId: client.regionId,
  activityId: client.activityId, officeId: client.officeId,
});

/** The card's Update form: one request, so form state and a mutation rather than a machine (STYLE.md). */
export function useClientDataForm(client: Client, onSaved: (client: Client) => void) {
  const update = useUpdateClient();
  const [form, setForm] = useState(() => formOfClient(client));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [gatewayError, setGatewayError] = useState<{ message: string; field: string | null } | null>(null);
  const [submits, setSubmits] = useState(0);
  const fields = updateFieldsOf(client);

  const edit = (changes: Partial<ClientForm>) => {
    const edited = Object.keys(changes);
    setForm((current) => applyFormChanges(current, changes));
    setFieldErrors((current) => withoutFields(current, edited));
    if (gatewayError?.field && edited.includes(gatewayError.field)) setGatewayError(null);
  };

  const save = async () => {
    setSubmits((count) => count + 1);
    const errors = clientFormErrors(client.clientType, form, fields);
    setFieldErrors(errors);
    setGatewayError(null);
    if (!canEditClient(client.role) || Object.keys(errors).length > 0) return;
    // A verified client's locked fields go back unchanged: the gateway refuses a different value (verified_fields).
    const locked = client.isVerified ? formOfClient(client) : form;
    try {
      const saved = await update.mutateAsync({
        id: client.id, name: form.name.trim(), fullName: locked.fullName.trim(), firstName: form.firstName.trim(),
        lastName: form.lastName.trim(), middleName: form.middleName.trim(), siteUrl: form.siteUrl.trim(),
        accessibleThroughAdmin: client.accessibleThroughAdmin, avatarUrl: client.avatarUrl, activityId: form.activityId,
        countryId: locked.countryId, regionId: locked.regionId, officeId: locked.officeId,
      });
      setForm(formOfClient(saved));
      onSaved(saved);
      return saved;
    } catch (error) {
      const { errorMessage, errorField } = readGatewayError(error);
      setGatewayError({ message: errorMessage, field: formFieldOf(errorField) });
      return undefined;
    }
  };

  return {
    form,
    edit,
    save,
    saving: update.isPending,
    fields,
    submits,
    errors: { fieldErrors, errorMessage: gatewayError?.message ?? null, errorField: gatewayError?.field ?? null },
  };
}
