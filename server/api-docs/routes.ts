import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';
import { callsServedBy } from '../http/register-call';
import { openApiDocument } from './openapi';

function appVersion(): string {
  try {
    const { version } = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : '0';
  } catch {
    return '0';
  }
}

/**
 * GET /api/openapi.json: the document of the staff calls, open to anyone (it holds no data, and a developer reads it
 * before having a key). Made once, at the first ask, when every call is registered.
 */
export function registerApiDocsRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  let document: string | null = null;
  app.get('/api/openapi.json', async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument(callsServedBy(ctx), { publicUrl: ctx.config.publicUrl, version: appVersion() }));
    return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
  });
}
