import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';

/** Issue 5: profile main info and avatar. */
export function registerProfileRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  void app;
  void ctx;
}
