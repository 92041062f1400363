import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { isReady } from '../../server/health/routes';
import { startWarmUp } from '../../server/health/warm-up';
import { call, startGateway } from './helpers';

/** A fresh gateway reports ready only once its warm-up (pools, hot queries, hot paths) has run. */

const quiet = { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
const ALL_OK = { database: 'ok', migrations: 'ok', jobs: 'ok', delivery: 'ok', warmUp: 'ok' } as const;

function held() {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  return { gate, release: () => release() };
}

describe('readiness', () => {
  it('is ready when nothing failed and the warm-up is over; a gateway that processes no jobs counts as ready', () => {
    expect(isReady(ALL_OK)).toBe(true);
    expect(isReady({ ...ALL_OK, jobs: 'off' })).toBe(true);
    expect(isReady({ ...ALL_OK, warmUp: 'warming' })).toBe(false);
    expect(isReady({ ...ALL_OK, database: 'failed' })).toBe(false);
    expect(isReady({ ...ALL_OK, delivery: 'failed', warmUp: 'warming' })).toBe(false);
  });

  it('warms until every step has run, in order, and a step that fails is skipped rather than holding the gateway back', async () => {
    const ran: string[] = [];
    const { gate, release } = held();
    const warmUp = startWarmUp([
      { name: 'first', run: async () => { ran.push('first'); } },
      { name: 'broken', run: async () => { ran.push('broken'); throw new Error('database away'); } },
      { name: 'held', run: async () => { ran.push('held'); await gate; } },
    ], quiet);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(warmUp.check()).toBe('warming');
    expect(ran).toEqual(['first', 'broken', 'held']);
    release();
    await warmUp.done;
    expect(warmUp.check()).toBe('ok');
  });
});

describe('a fresh gateway', () => {
  it('answers /api/ready 503 warming (and /api/health 200) until its warm-up ends, then 200', async () => {
    const { gate, release } = held();
    const gw = await startGateway({ warmUpGate: gate });
    try {
      const during = await call(gw, 'GET', '/ready');
      expect(during.status).toBe(503);
      expect(during.json).toMatchObject({ ready: false, checks: { database: 'ok', migrations: 'ok', warmUp: 'warming' } });
      expect((await call(gw, 'GET', '/health')).status).toBe(200);
      release();
      await gw.warmedUp;
      const after = await call(gw, 'GET', '/ready');
      expect(after.status).toBe(200);
      expect(after.json).toMatchObject({ ready: true, checks: { warmUp: 'ok' } });
    } finally {
      release();
      await gw.close();
    }
  }, 60_000);
});
