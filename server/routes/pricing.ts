import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';

/** Price quotes and BOM / pick-and-place reading (issue 6). */
export function registerPricingRoutes(_app: FastifyInstance, _ctx: GatewayContext): void {}
