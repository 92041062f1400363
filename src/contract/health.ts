import { boolean, enums, number, object, optional, string, type Infer } from 'superstruct';
import { defineCall } from './call';

/**
 * Probes for a load balancer, an orchestrator or a health check (docs/decisions.md "Health, readiness and shutdown").
 * Anonymous, never cached, never rate-limited, and cheap: health touches nothing, ready one `select 1` and one row.
 */
export const healthAnswer = object({
  status: enums(['ok']),
  uptimeSeconds: number(),
  /** The app's version from package.json, when known. */
  version: optional(string()),
});

/** 'off': nothing to check (a gateway configured to process no board jobs); it does not make the gateway unready. */
export const readinessCheck = enums(['ok', 'failed', 'off']);
export type ReadinessCheck = Infer<typeof readinessCheck>;

export const readyAnswer = object({
  ready: boolean(),
  checks: object({ database: readinessCheck, migrations: readinessCheck, jobs: readinessCheck, delivery: readinessCheck }),
});
export type ReadyAnswer = Infer<typeof readyAnswer>;

/** The process answers (liveness): 200 as long as the event loop runs, whatever the database does. */
export const health = defineCall({ method: 'GET', path: '/health', access: 'anonymous', response: healthAnswer });

/** The gateway can serve calls (readiness): 200 `{ready: true}`, or 503 with the same body naming what failed. */
export const ready = defineCall({ method: 'GET', path: '/ready', access: 'anonymous', response: readyAnswer });
