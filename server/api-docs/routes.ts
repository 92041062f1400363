import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';
import { appVersion } from '../health/routes';
import { callsServedBy } from '../http/register-call';
import { openApiDocument } from './openapi';

/**
 * GET /api/openapi.json: the document of the staff calls, open to anyone (it holds no data, and a developer reads it
 * before having a key). Made once, at the first ask, when every call is registered.
 */
export function registerApiDocsRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  let document: string | null = null;
  app.get('/api/openapi.json', async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument(callsServedBy(ctx), { publicUrl: ctx.config.publicUrl, version: appVersion() ?? '0' }));
    return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
  });
}
