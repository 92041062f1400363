import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/payers';
import type { GatewayContext } from '../context';
import { payers } from './schema';
import { registerCall } from '../http/register-call';
import { lockClientList } from './access';
import {
  PAYER_SORTS, payersWhere, payerToWire, ensureUniqueRequisites, validPayer,
} from './payers';
import { registerRecordCalls } from './record-calls';

/** Payers. Access is checked before the body's values, so a refused caller learns nothing about them. */
export function registerPayerRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  registerRecordCalls(app, ctx, {
    kind: 'payer', table: payers, notFound: 'payerNotFound', where: payersWhere, sorts: PAYER_SORTS,
    toWire: payerToWire,
    calls: {
      count: contract.payersListCount, list: contract.payersList, get: contract.getPayer, remove: contract.deletePayer,
      create: contract.createPayer, update: contract.updatePayer,
    },
    valid: validPayer,
    insert: async (tx, clientId, values, now) => {
      await lockClientList(tx, 'payers', clientId);
      await ensureUniqueRequisites(tx, clientId, values);
      return tx.insert(payers).values({ ...values, clientId, createdAt: now, updatedAt: now }).returning();
    },
    update: async (tx, existing, values, now) => {
      await lockClientList(tx, 'payers', existing.clientId);
      await ensureUniqueRequisites(tx, existing.clientId, values, existing.id);
      return tx.update(payers).set({ ...values, updatedAt: now }).where(eq(payers.id, existing.id)).returning();
    },
  });

  registerCall(app, ctx, contract.getLegalForms, () => Promise.resolve(contract.LEGAL_FORMS.map((form) => ({ ...form }))), {
    reference: true,
  });
}
