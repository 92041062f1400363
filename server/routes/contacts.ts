import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';

/** Issue 5: contact persons. */
export function registerContactRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  void app;
  void ctx;
}
