import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import { settledWithin, startPolling } from '../delivery/polling';
import type { Seal } from '../delivery/seal';
import { claimDelivery, deliveryParts, markDelivered, markDeliveryFailed, retryDeliveryLater, type DeliveryRow } from './queue';
import type { Lease } from '../db/leased-queue';
import { retryDelaySeconds, type WebhookSettings } from './settings';
import { signedHeaders } from './sign';

export interface WebhookWorkers {
  /** Looks for due deliveries now rather than at the next poll. */
  wake(): void;
  close(): Promise<void>;
}

interface WorkerOptions {
  db: Db;
  settings: WebhookSettings;
  /** Opens endpoints' secrets, kept sealed under the gateway's secret. */
  seal: Seal;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** How long closing waits for posts in flight: the delivery workers' 3 s, so a SIGTERM still exits within its 10 s. */
const DRAIN_MS = 3000;
/** Characters of a receiver's answer kept as the reason of a failed attempt. */
const REASON_CHARS = 200;

/** The first characters of a receiver's answer, for the reason of a failure; the rest is not read (nor held in memory). */
async function startOf(answer: Response): Promise<string> {
  const reader = answer.body?.getReader();
  if (!reader) return '';
  try {
    const first = await reader.read();
    return first.value ? Buffer.from(first.value).toString('utf8').slice(0, REASON_CHARS) : '';
  } catch {
    return '';
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * This gateway's share of the webhook deliveries: it claims due ones while it has free slots and posts each once per
 * claim. A delivery's lease outlasts its attempt's time limit, so it is not renewed: only a gateway that died mid-post
 * leaves a delivery to another, which posts it again (the receiver drops the duplicate by its webhook-id).
 */
export function startWebhookWorkers({ db, settings, seal, log, now }: WorkerOptions): WebhookWorkers {
  const lease: Lease = { owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, leaseMs: settings.leaseSeconds * 1000 };
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  /** Sealed under a signing secret since changed, the secret cannot sign: the last error says what to do. */
  function openSecret(sealed: string): string {
    try {
      return seal.open(sealed);
    } catch {
      throw new Error('the endpoint\'s signing secret cannot be read (JWT_SECRET changed since it was registered): register the endpoint again');
    }
  }

  async function post(row: DeliveryRow): Promise<void> {
    const parts = await deliveryParts(db, row);
    if (!parts || parts.endpoint.deletedAt) {
      await markDeliveryFailed(db, row.id, lease.owner, 'the endpoint was deleted');
      return;
    }
    const body = JSON.stringify(parts.event.payload);
    let reason: string;
    try {
      const headers = signedHeaders(openSecret(parts.endpoint.secretSealed), parts.event.id, now(), body);
      const answer = await fetch(parts.endpoint.url, {
        method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(settings.timeoutSeconds * 1000),
      });
      const text = await startOf(answer);
      if (answer.status >= 200 && answer.status < 300) {
        await markDelivered(db, row.id, lease.owner, now());
        log.info({ deliveryId: row.id, eventId: row.eventId, endpointId: row.endpointId, attempts: row.attempts }, 'webhook delivered');
        return;
      }
      reason = `HTTP ${answer.status}: ${text}`;
    } catch (error) {
      // fetch says 'fetch failed'; its cause says why (ECONNREFUSED, a certificate, a timeout).
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
      reason = error instanceof Error ? `${error.name}: ${error.message}${cause}`.slice(0, REASON_CHARS) : 'the post failed';
    }
    const at = now();
    const giveUpAt = parts.event.createdAt.getTime() + settings.giveUpHours * 3600_000;
    const next = new Date(at.getTime() + retryDelaySeconds(settings, row.attempts) * 1000);
    if (next.getTime() > giveUpAt) {
      await markDeliveryFailed(db, row.id, lease.owner, `gave up after ${row.attempts} attempts: ${reason}`);
      log.error({ deliveryId: row.id, eventId: row.eventId, endpointId: row.endpointId, reason }, 'webhook given up');
      return;
    }
    await retryDeliveryLater(db, row.id, lease.owner, reason, next);
    log.warn(
      { deliveryId: row.id, eventId: row.eventId, endpointId: row.endpointId, retryAt: next.toISOString(), reason },
      'webhook not delivered, will retry',
    );
  }

  function track(row: DeliveryRow): void {
    const work = post(row).catch((error: unknown) => log.error({ err: error, deliveryId: row.id }, 'webhook attempt broke'));
    inFlight.add(work);
    void work.finally(() => { inFlight.delete(work); polling.wake(); });
  }

  async function look(): Promise<void> {
    while (!stopped && inFlight.size < settings.concurrency) {
      const row = await claimDelivery(db, lease, now());
      if (!row) break;
      track(row);
    }
  }

  const polling = startPolling({
    pollMs: settings.pollMs,
    look,
    isStopped: () => stopped,
    failed: (error, failures, nextLookMs) => log.error({ err: error, failures, nextLookMs }, 'webhook workers: the deliveries cannot be read'),
  });
  const running = polling.running.catch((error: unknown) => log.error({ err: error }, 'webhook workers stopped by an error'));
  let closing: Promise<void> | undefined;

  return {
    wake: () => polling.wake(),
    close() {
      // A post cut by the exit is posted again when its lease runs out.
      closing ??= (async () => {
        stopped = true;
        polling.wake();
        await settledWithin([running, ...inFlight], DRAIN_MS);
      })();
      return closing;
    },
  };
}
