import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../server/config';
import { setupHttp } from '../../server/http/setup';
import { registerDevCoverageRoutes } from '../../server/dev/coverage-routes';
import { get, startGateway } from './helpers';

const folder = mkdtempSync(join(tmpdir(), 'dev-coverage-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const report = {
  machines: [{
    id: 'login', states: { covered: 3, total: 4, uncovered: ['login.done'] }, transitions: { covered: 5, total: 5, uncovered: [] },
    paths: 7, coveredStates: ['login'], coveredEdges: [], browserPaths: 2,
  }],
  browserPaths: 2,
};

async function appReading(file: string, production = false) {
  const app = Fastify({ logger: false });
  setupHttp(app);
  registerDevCoverageRoutes(app, { config: resolveConfig({ production, staticDir: null }) }, file);
  await app.ready();
  return app;
}

describe('GET /api/dev/coverage', () => {
  it('answers the report file as it was written', async () => {
    const file = join(folder, 'paths.json');
    writeFileSync(file, JSON.stringify(report));
    const app = await appReading(file);
    const response = await app.inject({ method: 'GET', url: '/api/dev/coverage' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(report);
    await app.close();
  });

  it('answers a JSON 404 with an error message while no test run has written the file', async () => {
    const app = await appReading(join(folder, 'absent.json'));
    const response = await app.inject({ method: 'GET', url: '/api/dev/coverage', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Not found', code: 'coverage_missing' });
    await app.close();
  });

  it('does not exist in production, even when the file does', async () => {
    const file = join(folder, 'paths.json');
    writeFileSync(file, JSON.stringify(report));
    const app = await appReading(file, true);
    const response = await app.inject({ method: 'GET', url: '/api/dev/coverage' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).not.toHaveProperty('machines');
    await app.close();
  });

  it('is part of the real gateway outside production and absent from a production gateway', async () => {
    const dev = await startGateway();
    const production = await startGateway({ production: true });
    try {
      // The real gateway reads coverage/paths.json of the working directory, present or not: either way the route answers.
      const shown = await get(dev, '/dev/coverage');
      expect(shown.status === 200 ? 'report' : shown.json.code).toMatch(/^(report|coverage_missing)$/);
      const hidden = await get(production, '/dev/coverage');
      expect(hidden.status).toBe(404);
      expect(hidden.json).toMatchObject({ code: 'not_found' });
    } finally {
      await dev.close();
      await production.close();
    }
  });
});
