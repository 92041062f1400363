/** How webhooks leave the gateway (docs/decisions.md "Webhooks and API keys for the manufacturer's systems"). */

import { envNumber, type Env } from '../env';

export interface WebhookSettings {
  /** Pauses before the 2nd, 3rd… attempt of a delivery; the last one repeats until `giveUpHours`. */
  retrySeconds: readonly number[];
  /** A delivery still failing this long after its event is given up (and the next event of its order goes). */
  giveUpHours: number;
  /** A receiver answering slower than this has failed the attempt. */
  timeoutSeconds: number;
  /** How long a claim lasts: longer than an attempt, so only a gateway that died leaves a delivery to another. */
  leaseSeconds: number;
  /** How often an idle gateway looks for due deliveries. */
  pollMs: number;
  /** Deliveries a gateway makes at once. */
  concurrency: number;
  /** Production refuses http:// endpoints unless this is set (WEBHOOK_ALLOW_HTTP=1: a receiver inside the plant's network). */
  allowHttp: boolean;
}

export type WebhookOptions = Partial<WebhookSettings>;

/** The Standard Webhooks schedule, cut at an hour: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then every 10 h. */
const DEFAULT_RETRY_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000];

function schedule(env: Env): number[] {
  const raw = env.WEBHOOK_RETRY_SECONDS;
  if (raw === undefined || raw === '') return DEFAULT_RETRY_SECONDS;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.some((value) => !Number.isFinite(value) || value <= 0)) {
    throw new Error(`WEBHOOK_RETRY_SECONDS must be positive numbers separated by commas, got "${raw}"`);
  }
  return values;
}

export function webhookSettings(options: WebhookOptions = {}, env: Env): WebhookSettings {
  const allowHttp = env.WEBHOOK_ALLOW_HTTP;
  if (allowHttp !== undefined && allowHttp !== '' && allowHttp !== '0' && allowHttp !== '1') {
    throw new Error(`WEBHOOK_ALLOW_HTTP must be 1 or 0, got "${allowHttp}"`);
  }
  const timeoutSeconds = options.timeoutSeconds ?? envNumber(env, 'WEBHOOK_TIMEOUT_SECONDS', 15);
  const leaseSeconds = options.leaseSeconds ?? envNumber(env, 'WEBHOOK_LEASE_SECONDS', Math.max(timeoutSeconds * 2, 30));
  // The lease is not renewed during a post: one shorter than a post would let a second gateway post the same event.
  if (leaseSeconds <= timeoutSeconds) {
    throw new Error(`WEBHOOK_LEASE_SECONDS (${leaseSeconds}) must be longer than WEBHOOK_TIMEOUT_SECONDS (${timeoutSeconds})`);
  }
  return {
    retrySeconds: options.retrySeconds ?? schedule(env),
    giveUpHours: options.giveUpHours ?? envNumber(env, 'WEBHOOK_GIVE_UP_HOURS', 72),
    timeoutSeconds,
    leaseSeconds,
    pollMs: options.pollMs ?? envNumber(env, 'WEBHOOK_POLL_SECONDS', 2) * 1000,
    concurrency: options.concurrency ?? envNumber(env, 'WEBHOOK_CONCURRENCY', 4),
    allowHttp: options.allowHttp ?? allowHttp === '1',
  };
}

/** The pause after the `attempts`-th failed attempt. */
export function retryDelaySeconds(settings: Pick<WebhookSettings, 'retrySeconds'>, attempts: number): number {
  const schedule = settings.retrySeconds;
  return schedule[Math.min(Math.max(attempts, 1), schedule.length) - 1] ?? 60;
}
