import type { FastifyInstance } from 'fastify';
import * as contract from '../../src/contract/api-keys';
import type { GatewayContext } from '../context';
import { registerCall, staffOf } from '../http/register-call';
import { createSystem, listSystems, revokeSystem } from './api-keys';

/** The admins' calls for the manufacturer's systems and their API keys (src/contract/api-keys.ts). */
export function registerApiKeyRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const changeOf = (input: Parameters<typeof staffOf>[0] & { request: { id: string } }) =>
    ({ actor: { staffId: staffOf(input).staffId }, requestId: input.request.id });

  registerCall(app, ctx, contract.apiKeysCreate, async (input) => createSystem(ctx, input.body, changeOf(input)));

  registerCall(app, ctx, contract.apiKeysList, async ({ body }) => ({ systems: await listSystems(ctx, body.includeRevoked ?? false) }));

  registerCall(app, ctx, contract.apiKeysRevoke, async (input) => ({ system: await revokeSystem(ctx, input.body.id, changeOf(input)) }));
}
