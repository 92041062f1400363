import type { Contact, ContactFields } from '../../../../contract/contacts';
import { internationalPhone, maskNationalDigits, nationalDigits } from '../../../components/form/phone-mask';

export interface ContactValues {
  lastName: string;
  firstName: string;
  middleName: string;
  position: string;
  /** As the +7 mask shows it, or a stored foreign number as it was. */
  phone: string;
  email: string;
  comment: string;
}

export type ContactField = keyof ContactValues;
export type ContactProblem = 'required' | 'phoneOrEmail' | 'phoneIncomplete' | 'emailFormat';

export const CONTACT_FIELDS: readonly ContactField[] = ['lastName', 'firstName', 'middleName', 'position', 'phone', 'email', 'comment'];

/** The contract's e-mail shape, so the form refuses what the gateway would. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The +7 mask cannot show a foreign number (the product spec's validation rules show Belarusian ones, +375…): such a stored number stays as
 * it is until the user edits the field.
 */
export const phoneForForm = (phone: string | null): string =>
  phone === null ? '' : phone.startsWith('+7') ? maskNationalDigits(nationalDigits(phone)) : phone;

export function contactValues(item?: Contact): ContactValues {
  return {
    lastName: item?.lastName ?? '',
    firstName: item?.firstName ?? '',
    middleName: item?.middleName ?? '',
    position: item?.position ?? '',
    phone: phoneForForm(item?.phone ?? null),
    email: item?.email ?? '',
    comment: item?.comment ?? '',
  };
}

/** The phone to send: a stored number left as shown stays as stored; anything typed goes in +7 form. */
export function phoneOf(value: string, stored: string | null): string | null {
  if (value.trim() === '') return null;
  if (stored !== null && value === phoneForForm(stored)) return stored;
  return internationalPhone(nationalDigits(value));
}

export function contactProblems(values: ContactValues, stored: string | null): Partial<Record<ContactField, ContactProblem>> {
  const problems: Partial<Record<ContactField, ContactProblem>> = {};
  if (values.lastName.trim() === '') problems.lastName = 'required';
  if (values.firstName.trim() === '') problems.firstName = 'required';
  const phone = phoneOf(values.phone, stored);
  const email = values.email.trim();
  if (phone === null && email === '') {
    problems.phone = 'phoneOrEmail';
    problems.email = 'phoneOrEmail';
  }
  if (phone !== null && phone !== stored && nationalDigits(values.phone).length !== 10) problems.phone = 'phoneIncomplete';
  if (email !== '' && !EMAIL.test(email)) problems.email = 'emailFormat';
  return problems;
}

export function contactBody(values: ContactValues, stored: string | null): ContactFields {
  const email = values.email.trim();
  return {
    lastName: values.lastName.trim(),
    firstName: values.firstName.trim(),
    middleName: values.middleName.trim(),
    position: values.position.trim(),
    phone: phoneOf(values.phone, stored),
    email: email === '' ? null : email,
    comment: values.comment.trim(),
  };
}
