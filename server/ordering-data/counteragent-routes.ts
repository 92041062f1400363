import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/counteragents';
import { clientRowReader } from '../client-access/check';
import type { GatewayContext } from '../context';
import { counteragents } from './schema';
import { registerCall, signedIn } from '../http/register-call';
import { lockClientList, ORDERING_DATA_NEEDS, requireOrderingData, type Access } from './access';
import { counteragentToWire, countCounteragents, ensureUniqueRequisites, listCounteragents, validCounteragent } from './counteragents';

const readCounteragent = clientRowReader(counteragents, ORDERING_DATA_NEEDS, 'counteragentNotFound');

/** Payers. Access is checked before the body's values, so a refused caller learns nothing about them. */
export function registerCounteragentRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const owned = async (id: number, userId: number, access: Access) => (await readCounteragent(ctx.db, userId, id, access)).row;

  registerCall(app, ctx, contract.counteragentsListCount, async (input) => {
    await requireOrderingData(ctx.db, signedIn(input).userId, input.body.clientId, 'read');
    return { count: await countCounteragents(ctx.db, input.body) };
  });

  registerCall(app, ctx, contract.counteragentsList, async (input) => {
    await requireOrderingData(ctx.db, signedIn(input).userId, input.body.clientId, 'read');
    return listCounteragents(ctx.db, input.body);
  });

  registerCall(app, ctx, contract.getCounteragent, async (input) =>
    counteragentToWire(await owned(Number(input.query.id), signedIn(input).userId, 'read')));

  registerCall(app, ctx, contract.createCounteragent, async (input) => {
    const { clientId, ...fields } = input.body;
    await requireOrderingData(ctx.db, signedIn(input).userId, clientId, 'write');
    const values = validCounteragent(fields);
    const now = ctx.now();
    const row = await ctx.db.transaction(async (tx) => {
      await lockClientList(tx, 'counteragents', clientId);
      await ensureUniqueRequisites(tx, clientId, values);
      const [created] = await tx.insert(counteragents).values({ ...values, clientId, createdAt: now, updatedAt: now }).returning();
      return created;
    });
    if (!row) throw new Error('counteragent not created');
    return counteragentToWire(row);
  });

  registerCall(app, ctx, contract.updateCounteragent, async (input) => {
    const { id, ...fields } = input.body;
    const existing = await owned(id, signedIn(input).userId, 'write');
    const values = validCounteragent(fields);
    const row = await ctx.db.transaction(async (tx) => {
      await lockClientList(tx, 'counteragents', existing.clientId);
      await ensureUniqueRequisites(tx, existing.clientId, values, existing.id);
      const [updated] = await tx.update(counteragents).set({ ...values, updatedAt: ctx.now() })
        .where(eq(counteragents.id, existing.id)).returning();
      return updated;
    });
    if (!row) throw new Error('counteragent vanished during the update');
    return counteragentToWire(row);
  });

  registerCall(app, ctx, contract.deleteCounteragent, async (input) => {
    const existing = await owned(input.body.id, signedIn(input).userId, 'write');
    await ctx.db.delete(counteragents).where(eq(counteragents.id, existing.id));
    return { ok: true as const };
  });

  registerCall(app, ctx, contract.getLegalForms, () => Promise.resolve(contract.LEGAL_FORMS.map((form) => ({ ...form }))), {
    reference: true,
  });
}
