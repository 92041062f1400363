import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { health, ready, type OutboxBacklog, type ReadinessCheck, type ReadyAnswer, type WarmUpCheck } from '../../src/contract/health';
import type { GatewayContext } from '../context';
import { withTimeout, type Database } from '../db/connect';
import { registerCall } from '../http/register-call';

/** A probe runs every few seconds on every gateway: a database slower than this counts as away. */
const PROBE_TIMEOUT_MS = 2000;

export interface Probes {
  database: Pick<Database, 'ping' | 'migrated'>;
  jobs(): 'running' | 'stopped' | 'stuck' | 'off';
  /** The workers that send codes and letters from the outbox: 'stopped' (closing) or 'stuck' make a gateway unready. */
  delivery(): 'running' | 'stopped' | 'stuck';
  /** 'warming' until the start-up warm-up (server/health/warm-up.ts) has run. */
  warmUp(): WarmUpCheck;
}

/** Ready: nothing failed and the warm-up is over, so the first calls a balancer sends are served at the stated rate. */
export const isReady = (checks: ReadyAnswer['checks']): boolean =>
  checks.warmUp === 'ok' && ![checks.database, checks.migrations, checks.jobs, checks.delivery].includes('failed');

/** The version of the running build, from the package.json of the folder the gateway runs in; absent if unreadable. */
export function appVersion(): string | undefined {
  try {
    const { version } = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

const settled = (work: Promise<boolean>): Promise<ReadinessCheck> =>
  withTimeout(work, PROBE_TIMEOUT_MS, 'the readiness probe').then((ok) => (ok ? 'ok' : 'failed'), () => 'failed');

/** How many messages wait in the outbox and how long the oldest has; nothing when the database cannot say in time. */
const backlog = (ctx: GatewayContext): Promise<OutboxBacklog | null> => withTimeout(ctx.delivery.waiting(), PROBE_TIMEOUT_MS, 'the outbox backlog')
  .then(({ count, oldest }) => ({
    waiting: count, oldestWaitingSeconds: oldest === null ? null : Math.max(0, Math.floor((ctx.now().getTime() - oldest.getTime()) / 1000)),
  }), () => null);

/**
 * /health says the process answers; /ready says it can serve calls. A load balancer sends traffic by /ready, so a
 * gateway whose database is away, or whose schema is older than its code, gets none until that is over.
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: GatewayContext, probes: Probes): void {
  const startedAt = Date.now();
  const version = appVersion();
  const healthAnswer = () => ({
    status: 'ok' as const,
    uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000),
    ...(version === undefined ? {} : { version }),
  });
  registerCall(app, ctx, health, async () => healthAnswer());
  // The name probes often guess: without it the app's index.html answered 200, whatever the gateway's state.
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send(healthAnswer()));
  registerCall(app, ctx, ready, async ({ reply }) => {
    const [database, migrations, outbox] = await Promise.all([
      settled(probes.database.ping(PROBE_TIMEOUT_MS).then(() => true)),
      settled(probes.database.migrated()),
      backlog(ctx),
    ]);
    const jobState = probes.jobs();
    const jobs: ReadinessCheck = jobState === 'running' ? 'ok' : jobState === 'off' ? 'off' : 'failed';
    const delivery: ReadinessCheck = probes.delivery() === 'running' ? 'ok' : 'failed';
    const checks = { database, migrations, jobs, delivery, warmUp: probes.warmUp() };
    const answer: ReadyAnswer = { ready: isReady(checks), checks, ...(outbox ? { outbox } : {}) };
    if (!answer.ready) reply.status(503);
    return answer;
  });
}
