import type { FastifyInstance } from 'fastify';
import { bankByBik } from '../../src/contract/banks';
import { createBankReference, refreshedReferencePath } from './reference';
import type { GatewayContext } from '../context';
import { registerCall } from '../http/register-call';

/** The payer form asks which bank a BIK names (a reference, not a client's data: any signed-in user). */
export function registerBankRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const reference = createBankReference(refreshedReferencePath(ctx.config.dataDir), (error) => {
    ctx.log.error({ err: error }, 'the refreshed banks reference cannot be read; the shipped one answers');
  });
  registerCall(app, ctx, bankByBik, async ({ query }) => ({ bank: await reference.find(query.bik) }), {
    reference: true,
  });
}
