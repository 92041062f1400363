import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';
import { ApiError } from '../http/errors';

/** Where `npm run test:paths` and the vitest path suite write their report. */
export const COVERAGE_FILE = 'coverage/paths.json';

/**
 * GET /api/dev/coverage: the path coverage report as written, for the visualizer's overlay; 404 until a test
 * run wrote it. Not registered in production, so there the path answers the ordinary JSON 404.
 */
export function registerDevCoverageRoutes(app: FastifyInstance, ctx: Pick<GatewayContext, 'config'>, file = resolve(COVERAGE_FILE)): void {
  if (ctx.config.production) return;
  app.get('/api/dev/coverage', async (_request, reply) => {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      throw new ApiError(404, 'notFound', {}, { code: 'coverage_missing' });
    }
    // Read per request: a test run may rewrite the file while the gateway runs.
    return reply.header('cache-control', 'no-store').type('application/json').send(JSON.parse(text) as unknown);
  });
}
