import type { FastifyBaseLogger } from 'fastify';
import type { WarmUpCheck } from '../../src/contract/health';
import { withTimeout } from '../db/connect';

/** One thing a fresh gateway does once before it calls itself ready: fill a pool, run a hot path. */
export interface WarmUpStep {
  name: string;
  run(): Promise<unknown>;
}

export interface WarmUp {
  check(): WarmUpCheck;
  /** Resolves when every step has run (or failed, or timed out); never rejects. */
  done: Promise<void>;
}

/** A step that hangs (a database away at start) must not keep the gateway unready: its readiness checks say why. */
const STEP_TIMEOUT_MS = 10_000;

/**
 * Runs the steps one after another in the background while the gateway already answers /api/health. Best effort: a
 * step that fails is logged and skipped, since warming only shortens the first requests and the database and migration
 * checks of /api/ready judge whether the gateway can serve at all.
 */
export function startWarmUp(steps: readonly WarmUpStep[], log: FastifyBaseLogger): WarmUp {
  let warm = false;
  const done = (async () => {
    const started = performance.now();
    const took: Record<string, number> = {};
    for (const step of steps) {
      const stepStarted = performance.now();
      try {
        await withTimeout(step.run(), STEP_TIMEOUT_MS, `warm-up: ${step.name}`);
      } catch (error) {
        log.warn({ err: error, step: step.name }, 'warm-up step failed; skipped');
      }
      took[step.name] = Math.round(performance.now() - stepStarted);
    }
    warm = true;
    log.info({ ms: Math.round(performance.now() - started), steps: took }, 'warm-up done: ready');
  })();
  return { check: () => (warm ? 'ok' : 'warming'), done };
}
