import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';

/** Issue 5: clients core, creation and restoration. */
export function registerClientRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  void app;
  void ctx;
}
