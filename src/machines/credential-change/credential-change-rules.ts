import type { CredentialType } from '../../contract/credentials';
import { isEmailWellFormed } from '../shared/form-checks';
import { normalizePhone } from '../shared/phone';
import type { CredentialMethod } from './credential-change-types';

/** The field names the view shows errors on: the gateway's own (`newCredentialValue`, `code`). */
export const CHANGE_FIELDS = { value: 'newCredentialValue', code: 'code' } as const;

/** The current credentials that can receive the first code. */
export const confirmable = (methods: readonly CredentialMethod[]) => methods.filter((method) => method.canConfirm);

/** The new value as stored (+7XXXXXXXXXX or a trimmed e-mail); null when it is not one. */
export const normalizedValue = (type: CredentialType, value: string): string | null => {
  if (type === 'RegistrationPhone') return normalizePhone(value);
  return isEmailWellFormed(value) ? value.trim() : null;
};
