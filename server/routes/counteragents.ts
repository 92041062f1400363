import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';

/** Issue 5: payers. */
export function registerCounteragentRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  void app;
  void ctx;
}
