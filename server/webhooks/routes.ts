import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/webhooks';
import type { GatewayContext } from '../context';
import type { Seal } from '../delivery/seal';
import { registerCall, staffOf } from '../http/register-call';
import { createEndpoint, deleteEndpoint, listEndpoints } from './endpoints';

/** The admins' calls for webhook endpoints (src/contract/webhooks.ts). */
export function registerWebhookRoutes(app: FastifyInstance, ctx: GatewayContext, seal: Seal): void {
  const changeOf = (input: Parameters<typeof staffOf>[0] & { request: { id: string } }) =>
    ({ actor: { staffId: staffOf(input).staffId }, requestId: input.request.id });

  registerCall(app, ctx, contract.webhooksCreate, async (input) => createEndpoint(ctx, seal, input.body, changeOf(input)));

  registerCall(app, ctx, contract.webhooksList, async () => ({ endpoints: await listEndpoints(ctx) }));

  registerCall(app, ctx, contract.webhooksDelete, async (input) => {
    await deleteEndpoint(ctx, input.body.id, changeOf(input));
    return { ok: true as const };
  });
}
