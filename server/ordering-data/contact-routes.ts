import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/contacts';
import type { GatewayContext } from '../context';
import { contacts } from './schema';
import { registerCall, signedIn } from '../http/register-call';
import { requireOrderingData } from './access';
import { CONTACT_SORTS, contactsWhere, contactToWire, validContact } from './contacts';
import { registerRecordCalls } from './record-calls';

/** Contact persons. Access is checked before the body's values. */
export function registerContactRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const owned = registerRecordCalls(app, ctx, {
    table: contacts, notFound: 'contactNotFound', where: contactsWhere, sorts: CONTACT_SORTS, toWire: contactToWire,
    calls: { count: contract.contactsListCount, list: contract.contactsList, get: contract.getContact, remove: contract.deleteContact },
  });

  registerCall(app, ctx, contract.createContact, async (input) => {
    const { clientId, ...fields } = input.body;
    await requireOrderingData(ctx.db, signedIn(input).userId, clientId, 'write');
    const values = validContact(fields);
    const now = ctx.now();
    const [row] = await ctx.db.insert(contacts).values({ ...values, clientId, createdAt: now, updatedAt: now }).returning();
    if (!row) throw new Error('contact not created');
    return contactToWire(row);
  });

  registerCall(app, ctx, contract.updateContact, async (input) => {
    const { id, ...fields } = input.body;
    const existing = await owned(id, signedIn(input).userId, 'write');
    const values = validContact(fields);
    const [row] = await ctx.db.update(contacts).set({ ...values, updatedAt: ctx.now() }).where(eq(contacts.id, existing.id)).returning();
    if (!row) throw new Error('contact vanished during the update');
    return contactToWire(row);
  });
}
