import { boolean, enums, nullable, number, object, optional, string, type Infer } from 'superstruct';
import { defineCall } from './call';

/**
 * Probes for a load balancer, an orchestrator or a health check (docs/decisions.md "Health, readiness and shutdown").
 * Anonymous, never cached, never rate-limited, and cheap: health touches nothing, ready one `select 1`, one row and
 * one count of the outbox's waiting messages.
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

/**
 * Messages waiting to be sent, every gateway's: for the operator, not the balancer. A mail server or SMS provider that
 * is down is no gateway's fault, so a backlog never makes one unready. Absent when the database cannot say.
 */
export const outboxBacklog = object({ waiting: number(), oldestWaitingSeconds: nullable(number()) });

export type OutboxBacklog = Infer<typeof outboxBacklog>;

/** 'warming': the gateway has just started and is filling its pools and running its hot paths once; not ready yet. */
export const warmUpCheck = enums(['ok', 'warming']);
export type WarmUpCheck = Infer<typeof warmUpCheck>;

export const readyAnswer = object({
  ready: boolean(),
  checks: object({
    database: readinessCheck, migrations: readinessCheck, jobs: readinessCheck, delivery: readinessCheck, warmUp: warmUpCheck,
  }),
  outbox: optional(outboxBacklog),
});
export type ReadyAnswer = Infer<typeof readyAnswer>;

/** The process answers (liveness): 200 as long as the event loop runs, whatever the database does. */
export const health = defineCall({ method: 'GET', path: '/health', access: 'anonymous', response: healthAnswer });

/** The gateway can serve calls (readiness): 200 `{ready: true}`, or 503 with the same body naming what failed. */
export const ready = defineCall({ method: 'GET', path: '/ready', access: 'anonymous', response: readyAnswer });

/**
 * Prometheus text exposition of this gateway (request latency by route, the queues, event-loop delay, memory), for the
 * operator's scraper: behind the operator key, as `npm run ops` is (docs/decisions.md "Metrics").
 */
export const metrics = defineCall({ method: 'GET', path: '/metrics', access: 'operator', response: string() });
