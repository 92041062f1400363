import type { FastifyInstance } from 'fastify';
import { getCapabilities } from '../../src/contract/dfm';
import type { GatewayContext } from '../context';
import { registerCall } from '../http/register-call';
import { loadCapabilities } from '../board-jobs/capability-table';

/**
 * The capability table, loaded here at start: a broken CAPABILITIES_FILE stops the gateway with the field
 * named instead of judging boards by half a table. Served to anyone: the quote page works findings out before sign-in.
 */
export function registerDfmRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const table = loadCapabilities();
  ctx.log.info({ version: table.version, file: process.env.CAPABILITIES_FILE ?? null }, 'capability table loaded');
  registerCall(app, ctx, getCapabilities, async () => table);
}
