import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';

/** Issue 7 calls of this area; filled in by the area's work. */
export function registerOperatorRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  void app;
  void ctx;
}
