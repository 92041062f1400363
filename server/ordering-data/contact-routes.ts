import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/contacts';
import type { GatewayContext } from '../context';
import { contacts } from './schema';
import { CONTACT_SORTS, contactsWhere, contactToWire, validContact } from './contacts';
import { registerRecordCalls } from './record-calls';

/** Contact persons. Access is checked before the body's values. */
export function registerContactRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  registerRecordCalls(app, ctx, {
    kind: 'contact', table: contacts, notFound: 'contactNotFound', where: contactsWhere, sorts: CONTACT_SORTS, toWire: contactToWire,
    calls: {
      count: contract.contactsListCount, list: contract.contactsList, get: contract.getContact, remove: contract.deleteContact,
      create: contract.createContact, update: contract.updateContact,
    },
    valid: validContact,
    insert: (tx, clientId, values, now) => tx.insert(contacts).values({ ...values, clientId, createdAt: now, updatedAt: now }).returning(),
    update: (tx, existing, values, now) => tx.update(contacts).set({ ...values, updatedAt: now }).where(eq(contacts.id, existing.id)).returning(),
  });
}
