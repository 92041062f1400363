import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/counteragents';
import type { GatewayContext } from '../context';
import { counteragents } from './schema';
import { registerCall } from '../http/register-call';
import { lockClientList } from './access';
import {
  COUNTERAGENT_SORTS, counteragentsWhere, counteragentToWire, ensureUniqueRequisites, validCounteragent,
} from './counteragents';
import { registerRecordCalls } from './record-calls';

/** Payers. Access is checked before the body's values, so a refused caller learns nothing about them. */
export function registerCounteragentRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  registerRecordCalls(app, ctx, {
    kind: 'counteragent', table: counteragents, notFound: 'counteragentNotFound', where: counteragentsWhere, sorts: COUNTERAGENT_SORTS,
    toWire: counteragentToWire,
    calls: {
      count: contract.counteragentsListCount, list: contract.counteragentsList, get: contract.getCounteragent, remove: contract.deleteCounteragent,
      create: contract.createCounteragent, update: contract.updateCounteragent,
    },
    valid: validCounteragent,
    insert: async (tx, clientId, values, now) => {
      await lockClientList(tx, 'counteragents', clientId);
      await ensureUniqueRequisites(tx, clientId, values);
      return tx.insert(counteragents).values({ ...values, clientId, createdAt: now, updatedAt: now }).returning();
    },
    update: async (tx, existing, values, now) => {
      await lockClientList(tx, 'counteragents', existing.clientId);
      await ensureUniqueRequisites(tx, existing.clientId, values, existing.id);
      return tx.update(counteragents).set({ ...values, updatedAt: now }).where(eq(counteragents.id, existing.id)).returning();
    },
  });

  registerCall(app, ctx, contract.getLegalForms, () => Promise.resolve(contract.LEGAL_FORMS.map((form) => ({ ...form }))), {
    reference: true,
  });
}
