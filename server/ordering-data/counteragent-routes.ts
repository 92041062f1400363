import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/counteragents';
import type { GatewayContext } from '../context';
import { counteragents } from './schema';
import { registerCall, signedIn } from '../http/register-call';
import { lockClientList, requireOrderingData } from './access';
import {
  COUNTERAGENT_SORTS, counteragentsWhere, counteragentToWire, ensureUniqueRequisites, validCounteragent,
} from './counteragents';
import { registerRecordCalls } from './record-calls';

/** Payers. Access is checked before the body's values, so a refused caller learns nothing about them. */
export function registerCounteragentRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const owned = registerRecordCalls(app, ctx, {
    table: counteragents, notFound: 'counteragentNotFound', where: counteragentsWhere, sorts: COUNTERAGENT_SORTS,
    toWire: counteragentToWire,
    calls: {
      count: contract.counteragentsListCount, list: contract.counteragentsList, get: contract.getCounteragent, remove: contract.deleteCounteragent,
    },
  });

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

  registerCall(app, ctx, contract.getLegalForms, () => Promise.resolve(contract.LEGAL_FORMS.map((form) => ({ ...form }))), {
    reference: true,
  });
}
