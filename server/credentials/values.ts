import { is } from 'superstruct';
import type { CredentialType } from '../../src/contract/credentials';
import { email as emailStruct, phone as phoneStruct } from '../../src/contract/fields';
import { normalizeEmail, normalizePhone } from '../auth/login-id';
import type { Channel } from '../delivery/delivery';
import { ApiError } from '../http/errors';
import type { UserRow } from '../users/users';

/** The users column a sign-in credential lives in. */
export const columnOf = (type: CredentialType): 'phone' | 'email' => (type === 'RegistrationPhone' ? 'phone' : 'email');

export const channelOf = (column: 'phone' | 'email'): Channel => (column === 'phone' ? 'sms' : 'email');

/**
 * The stored form of a new sign-in value, as registration and login store it: phones as +7…, e-mails lower-cased.
 * Anything that is not a phone or an e-mail of the right kind is refused on `field`.
 */
export function normalizeCredential(type: CredentialType, raw: string, field: string): string {
  if (columnOf(type) === 'phone') {
    const phone = normalizePhone(raw);
    if (phone === null || !is(phone, phoneStruct)) {
      throw new ApiError(400, 'credentialPhoneInvalid', {}, { field, code: 'bad_format' });
    }
    return phone;
  }
  const email = normalizeEmail(raw);
  if (!is(email, emailStruct)) throw new ApiError(400, 'credentialEmailInvalid', {}, { field, code: 'bad_format' });
  return email;
}

/** The user's current value of a credential, or a 400 on `field` when there is none to send a code to. */
export function currentValue(user: UserRow, type: CredentialType, field: string): string {
  const value = user[columnOf(type)];
  if (value === null) throw new ApiError(400, 'credentialMissing', {}, { field, code: 'credential_missing' });
  return value;
}

export const takenError = (column: 'phone' | 'email', field: string): ApiError => column === 'phone'
  ? new ApiError(409, 'phoneTaken', {}, { field, code: 'phone_taken' })
  : new ApiError(409, 'emailTaken', {}, { field, code: 'email_taken' });
