import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';

/** Issue 5: delivery settings. */
export function registerDeliverySettingRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  void app;
  void ctx;
}
