import { nullable, object, string, type Infer } from 'superstruct';
import { defineCall } from './call';
import { email, entityIdParam, phone, requiredText, text } from './fields';
import { clientListQueryOf, clientRecordCalls, clientRecordOf, pagedListCalls } from './list';

/** A contact person of a client: who the manufacturer calls about an order. A phone or an e-mail is required. */
export const contactFields = object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  middleName: text(100),
  position: text(200),
  phone: nullable(phone),
  email: nullable(email),
  comment: text(1000),
});
export type ContactFields = Infer<typeof contactFields>;

export const contact = clientRecordOf({
  firstName: string(),
  lastName: string(),
  middleName: string(),
  position: string(),
  phone: nullable(string()),
  email: nullable(string()),
  comment: string(),
});
export type Contact = Infer<typeof contact>;

/** A contact's name as the portal prints it: last, first and middle name, the empty ones left out. */
export const contactName = (item: Pick<Contact, 'lastName' | 'firstName' | 'middleName'>): string =>
  [item.lastName, item.firstName, item.middleName].filter(Boolean).join(' ');

export const CONTACT_SORT_CODES = ['lastName', 'createdAt'] as const;
export const CONTACT_FILTER_CODES = ['withPhone', 'withEmail'] as const;
export const contactListQuery = clientListQueryOf(CONTACT_SORT_CODES, CONTACT_FILTER_CODES);

export const { count: contactsListCount, list: contactsList } = pagedListCalls('/account/Contacts', 'user', contactListQuery, contact);
export const { create: createContact, update: updateContact, remove: deleteContact } =
  clientRecordCalls('/account/Contacts', contactFields.schema, contact);
export const getContact = defineCall({
  method: 'GET', path: '/account/Contacts/Get', access: 'user', query: object({ id: entityIdParam }), response: contact,
});
