import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { withTimeout, type Db } from '../db/connect';
import type { Admission } from '../http/admission';
import type { IdleMemoryFigures } from '../health/idle-memory';
import { readQueues, type QueueFigure, type QueueSnapshot } from './queues';

/** A scrape must not wait on a database that hangs: the queue gauges are left out of that scrape instead. */
const QUEUE_READ_TIMEOUT_MS = 2000;
/** From a cached answer (a few ms) to the bench's worst tail and the admission's longest wait. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface GatewayMetrics {
  readonly contentType: string;
  /** Prometheus text exposition: the process's figures, then this gateway's. */
  text(): Promise<string>;
}

export interface MetricsSources {
  db: Db;
  now(): Date;
  admission: Admission;
  /** Whether the start-up warm-up has ended (server/health/warm-up.ts). */
  warm(): boolean;
  /** The quiet gateway's memory releases (server/health/idle-memory.ts); null when they are off. */
  idleMemory(): IdleMemoryFigures | null;
}

let processRegistry: Registry | null = null;

/** Memory, CPU, event-loop delay, GC and handles belong to the process: collected once, however many gateways it runs. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** One read of the three queues per scrape, shared by every gauge that scrape collects. */
function perScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | null = null;
  return () => {
    if (current) return current;
    const reading = read();
    current = reading;
    const clear = () => { current = null; };
    reading.then(clear, clear);
    return reading;
  };
}

/** Labels are route patterns, methods and status classes only: never a raw URL, an id, a token or an address. */
const routeOf = (pattern: string | undefined) => pattern ?? 'unmatched';
const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * Request latency by route pattern, method and status class (observed on every answer), and the queue gauges read from
 * the database when scraped, so every gateway behind a balancer reports the shared queues at the moment of the scrape.
 */
export function createGatewayMetrics(app: FastifyInstance, sources: MetricsSources): GatewayMetrics {
  const registry = new Registry();
  const registers = [registry];
  const latency = new Histogram({
    name: 'pcb_http_request_duration_seconds', help: 'Time from a request\'s arrival to its answer, by route pattern.',
    labelNames: ['route', 'method', 'status_class'] as const, buckets: LATENCY_BUCKETS, registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    latency.observe({ route: routeOf(request.routeOptions.url), method: request.method, status_class: statusClass(reply.statusCode) },
      reply.elapsedTime / 1000);
  });
  const snapshot = perScrape(() => withTimeout(readQueues(sources.db), QUEUE_READ_TIMEOUT_MS, 'the queue gauges')
    .then((read): QueueSnapshot | null => read, () => null));
  const age = (figure: QueueFigure) => (figure.oldest === null ? 0 : Math.max(0, (sources.now().getTime() - figure.oldest.getTime()) / 1000));
  new Gauge({
    name: 'pcb_queue_read_ok', help: '1 when this scrape could read the queues from the database, 0 when it could not (their gauges are absent).', registers,
    async collect() { this.set((await snapshot()) ? 1 : 0); },
  });
  new Gauge({
    name: 'pcb_board_jobs',
    help: 'Board jobs of every gateway by state: queued (waiting for a runner), running (reading and drawing) or measuring (DFM).',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      this.reset();
      const read = await snapshot();
      if (!read) return;
      this.set({ state: 'queued' }, read.boardJobs.queued.count);
      this.set({ state: 'running' }, read.boardJobs.running.count);
      this.set({ state: 'measuring' }, read.boardJobs.measuring.count);
    },
  });
  new Gauge({
    name: 'pcb_board_jobs_oldest_queued_seconds', help: 'Age of the oldest queued board job (0 when none waits).', registers,
    async collect() {
      this.reset();
      const read = await snapshot();
      if (read) this.set(age(read.boardJobs.queued));
    },
  });
  const channels = ['email', 'sms', 'flashcall'] as const;
  new Gauge({
    name: 'pcb_outbox_waiting', help: 'Letters (email) and SMS or flash calls not yet sent, by channel.', labelNames: ['channel'] as const, registers,
    async collect() {
      this.reset();
      const read = await snapshot();
      for (const channel of read ? channels : []) this.set({ channel }, read?.outbox.get(channel)?.count ?? 0);
    },
  });
  new Gauge({
    name: 'pcb_outbox_oldest_waiting_seconds',
    help: 'Age of the oldest unsent message, by channel (0 when none waits).',
    labelNames: ['channel'] as const,
    registers,
    async collect() {
      this.reset();
      const read = await snapshot();
      for (const channel of read ? channels : []) {
        const figure = read?.outbox.get(channel);
        this.set({ channel }, figure ? age(figure) : 0);
      }
    },
  });
  new Gauge({
    name: 'pcb_webhook_deliveries_waiting', help: 'Webhook deliveries queued or being sent.', registers,
    async collect() {
      this.reset();
      const read = await snapshot();
      if (read) this.set(read.webhooks.count);
    },
  });
  new Gauge({
    name: 'pcb_webhook_deliveries_oldest_waiting_seconds', help: 'Age of the oldest undelivered webhook delivery (0 when none waits).', registers,
    async collect() {
      this.reset();
      const read = await snapshot();
      if (read) this.set(age(read.webhooks));
    },
  });
  new Gauge({
    name: 'pcb_http_calls_in_flight', help: 'API calls this gateway is answering now (server/http/admission.ts).', registers,
    collect() { this.set(sources.admission.inFlight()); },
  });
  new Counter({
    name: 'pcb_http_calls_shed_total', help: 'API calls this gateway answered 503 busy since it started.', registers,
    collect() { this.reset(); this.inc(sources.admission.shed()); },
  });
  new Gauge({
    name: 'pcb_gateway_warm', help: '1 once the start-up warm-up has ended and the gateway reports ready, 0 while it warms.', registers,
    collect() { this.set(sources.warm() ? 1 : 0); },
  });
  new Counter({
    name: 'pcb_idle_memory_releases_total',
    help: 'Times this gateway, quiet, gave freed memory back to the system (MEMORY_RELEASE_IDLE_SECONDS; 0 when off).',
    registers,
    collect() {
      this.reset();
      this.inc(sources.idleMemory()?.releases ?? 0);
    },
  });
  new Gauge({
    name: 'pcb_idle_memory_last_released_bytes', help: 'Resident memory the last of those releases gave back.', registers,
    collect() { this.set(sources.idleMemory()?.lastReleasedBytes ?? 0); },
  });
  return {
    contentType: registry.contentType,
    // prom-client writes a missing figure (the event loop's mean before its first sample) as 'Nan'; the format says NaN.
    text: async () => `${await processMetrics().metrics()}${await registry.metrics()}`.replace(/ Nan$/gm, ' NaN'),
  };
}
