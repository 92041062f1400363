import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/contacts';
import { clientRowReader } from '../client-access/check';
import type { GatewayContext } from '../context';
import { contacts } from './schema';
import { registerCall, signedIn } from '../http/register-call';
import { ORDERING_DATA_NEEDS, requireOrderingData, type Access } from './access';
import { contactToWire, countContacts, listContacts, validContact } from './contacts';

const readContact = clientRowReader(contacts, ORDERING_DATA_NEEDS, 'contactNotFound');

/** Contact persons. Access is checked before the body's values. */
export function registerContactRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const owned = async (id: number, userId: number, access: Access) => (await readContact(ctx.db, userId, id, access)).row;

  registerCall(app, ctx, contract.contactsListCount, async (input) => {
    await requireOrderingData(ctx.db, signedIn(input).userId, input.body.clientId, 'read');
    return { count: await countContacts(ctx.db, input.body) };
  });

  registerCall(app, ctx, contract.contactsList, async (input) => {
    await requireOrderingData(ctx.db, signedIn(input).userId, input.body.clientId, 'read');
    return listContacts(ctx.db, input.body);
  });

  registerCall(app, ctx, contract.getContact, async (input) =>
    contactToWire(await owned(Number(input.query.id), signedIn(input).userId, 'read')));

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

  registerCall(app, ctx, contract.deleteContact, async (input) => {
    const existing = await owned(input.body.id, signedIn(input).userId, 'write');
    await ctx.db.delete(contacts).where(eq(contacts.id, existing.id));
    return { ok: true as const };
  });
}
