import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';

/** Issue 5: credential change and reserve contacts. */
export function registerCredentialRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  void app;
  void ctx;
}
