import type { FastifyInstance } from 'fastify';
import { metrics } from '../../src/contract/health';
import type { GatewayContext } from '../context';
import { registerCall } from '../http/register-call';
import type { GatewayMetrics } from './registry';

/** GET /api/metrics with `Authorization: Operator <key>`: the scraper's view of this gateway. */
export function registerMetricsRoutes(app: FastifyInstance, ctx: GatewayContext, gatewayMetrics: GatewayMetrics): void {
  registerCall(app, ctx, metrics, async ({ reply }) => {
    reply.header('content-type', gatewayMetrics.contentType);
    return gatewayMetrics.text();
  });
}
