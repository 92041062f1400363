import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';

/** Issue 5: access requests and invitations. */
export function registerClientAccessRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  void app;
  void ctx;
}
