import type { ClientRole, ClientType } from '../../../../contract/clients';
import type { ClientFormField } from '../../../../machines/shared/client-form';

export const roleKey = (role: ClientRole | number): string => `account.clients.roles.${role}`;
export const typeKey = (type: ClientType): string => `account.clients.types.${type}`;

/** The OGRN field of an entrepreneur is the OGRNIP. */
export const fieldKey = (field: ClientFormField, type: ClientType | null): string =>
  field === 'ogrn' && type === 'entrepreneur' ? 'account.clients.fields.ogrnip' : `account.clients.fields.${field}`;
