import { array, nullable, number, object, string, type Infer } from 'superstruct';
import { defineCall } from './call';
import { email, entityId, entityIdParam, okResponse, phone, requiredText, text } from './fields';
import { countResponse, listQueryOf } from './list';

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

export const contact = object({
  id: number(),
  clientId: number(),
  firstName: string(),
  lastName: string(),
  middleName: string(),
  position: string(),
  phone: nullable(string()),
  email: nullable(string()),
  comment: string(),
  createdAt: string(),
  updatedAt: string(),
});
export type Contact = Infer<typeof contact>;

export const CONTACT_SORT_CODES = ['lastName', 'createdAt'] as const;
export const CONTACT_FILTER_CODES = ['withPhone', 'withEmail'] as const;
const listForm = listQueryOf(CONTACT_SORT_CODES, CONTACT_FILTER_CODES);
export const contactListQuery = {
  list: object({ clientId: entityId, ...listForm.list.schema }),
  count: object({ clientId: entityId, ...listForm.count.schema }),
};

export const contactsListCount = defineCall({
  method: 'POST', path: '/account/Contacts/ListCount', access: 'user', body: contactListQuery.count, response: countResponse,
});
export const contactsList = defineCall({
  method: 'POST', path: '/account/Contacts/List', access: 'user', body: contactListQuery.list, response: array(contact),
});
export const createContact = defineCall({
  method: 'POST', path: '/account/Contacts/Create', access: 'user',
  body: object({ clientId: entityId, ...contactFields.schema }), response: contact,
});
export const updateContact = defineCall({
  method: 'POST', path: '/account/Contacts/Update', access: 'user',
  body: object({ id: entityId, ...contactFields.schema }), response: contact,
});
export const deleteContact = defineCall({
  method: 'DELETE', path: '/account/Contacts/Delete', access: 'user', body: object({ id: entityId }), response: okResponse,
});
export const getContact = defineCall({
  method: 'GET', path: '/account/Contacts/Get', access: 'user', query: object({ id: entityIdParam }), response: contact,
});
