import { and, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Contact, ContactFields } from '../../src/contract/contacts';
import { contacts } from './schema';
import { ApiError } from '../http/errors';
import { contains, trimmedSearch } from '../lists/list-query';

export type ContactRow = typeof contacts.$inferSelect;

interface ListForm {
  clientId: number;
  search?: string | undefined;
  filters?: Array<'withPhone' | 'withEmail'> | undefined;
}

/**
 * The search looks in the names, the phone and the e-mail. Phones are stored as digits after '+', so a search typed
 * with spaces, brackets or dashes ('+7 (999) 000') is matched by its digits as well.
 */
export function contactsWhere(query: ListForm): SQL | undefined {
  const search = trimmedSearch(query.search);
  const digits = search.replace(/\D/g, '');
  const filters = query.filters ?? [];
  return and(
    eq(contacts.clientId, query.clientId),
    filters.includes('withPhone') ? isNotNull(contacts.phone) : undefined,
    filters.includes('withEmail') ? isNotNull(contacts.email) : undefined,
    search === '' ? undefined : or(
      contains(contacts.lastName, search), contains(contacts.firstName, search), contains(contacts.middleName, search),
      contains(sql`${contacts.lastName} || ' ' || ${contacts.firstName} || ' ' || ${contacts.middleName}`, search),
      contains(sql`${contacts.firstName} || ' ' || ${contacts.lastName}`, search),
      contains(contacts.phone, search), digits === '' ? undefined : contains(contacts.phone, digits),
      contains(contacts.email, search),
    ),
  );
}

/** What a contacts page sorts by: the full name case-insensitively, or when it was made. */
export const CONTACT_SORTS = {
  lastName: sql`lower(${contacts.lastName} || ' ' || ${contacts.firstName} || ' ' || ${contacts.middleName})`,
  createdAt: contacts.createdAt,
};

export const contactToWire = (row: ContactRow): Contact => ({
  id: row.id,
  clientId: row.clientId,
  firstName: row.firstName,
  lastName: row.lastName,
  middleName: row.middleName,
  position: row.position,
  phone: row.phone,
  email: row.email,
  comment: row.comment,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Trimmed values; the e-mail lower-cased so the same address is one address. A phone or an e-mail is required. */
export function validContact(fields: ContactFields): ContactFields {
  const email = fields.email?.trim().toLowerCase() ?? '';
  const values: ContactFields = {
    firstName: fields.firstName.trim(),
    lastName: fields.lastName.trim(),
    middleName: fields.middleName.trim(),
    position: fields.position.trim(),
    phone: fields.phone,
    email: email === '' ? null : email,
    comment: fields.comment.trim(),
  };
  if (values.firstName === '') throw new ApiError(400, 'contactFirstNameRequired', {}, { field: 'firstName', code: 'required' });
  if (values.lastName === '') throw new ApiError(400, 'contactLastNameRequired', {}, { field: 'lastName', code: 'required' });
  if (values.phone === null && values.email === null) {
    throw new ApiError(400, 'contactPhoneOrEmail', {}, { field: 'phone', code: 'phone_or_email_required' });
  }
  return values;
}
