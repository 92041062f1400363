import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { enqueueJob } from '../../server/board-jobs/queue';
import { startGateway } from './helpers';
import { startPgCluster, type PgCluster } from './pg-cluster';
import { firstOwner, makeUpload } from './project-fixtures';
import { scrape, value } from './prometheus-text';

/**
 * Two gateways on one PostgreSQL (a private cluster started here) read the shared queues at each scrape,
 * so both report the same board job and outbox figures, and a job queued through one shows on the other.
 */

const KEY = 'metrics-postgres-operator-key-0123456789abcdef';
let cluster: PgCluster;
let a: Gateway;
let b: Gateway;

beforeAll(async () => {
  cluster = await startPgCluster();
  // Neither runs jobs (a queued one stays queued) and the mail server is away (a letter stays waiting).
  const options = { databaseUrl: cluster.url, operatorKey: KEY, boardJobs: { concurrency: 0 }, smtpUrl: 'smtp://127.0.0.1:9' };
  a = await startGateway(options);
  b = await startGateway(options);
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  cluster?.stop();
});

describe('/api/metrics on PostgreSQL with two gateways', () => {
  it('shows a job and a letter queued through one gateway on both, with the same figures', async () => {
    const owner = await firstOwner(a);
    const upload = await makeUpload(a, { ...owner, status: 'processing' });
    expect(await enqueueJob(a.db, upload, null, new Date())).not.toBeNull();
    await a.context.delivery.queue(a.db, { channel: 'email', recipient: 'buyer@example.ru', subject: 'Счёт', body: 'Счёт во вложении', code: null });
    const [fromA, fromB] = await Promise.all([scrape(a, KEY), scrape(b, KEY)]);
    for (const families of [fromA, fromB]) {
      expect(value(families, 'pcb_queue_read_ok')).toBe(1);
      expect(value(families, 'pcb_board_jobs', { state: 'queued' })).toBe(1);
      expect(value(families, 'pcb_board_jobs', { state: 'running' })).toBe(0);
      expect(value(families, 'pcb_board_jobs_oldest_queued_seconds')).toBeGreaterThanOrEqual(0);
      expect(value(families, 'pcb_outbox_waiting', { channel: 'email' })).toBe(1);
      expect(value(families, 'pcb_webhook_deliveries_waiting')).toBe(0);
      expect(value(families, 'pcb_gateway_warm')).toBe(1);
    }
  }, 60_000);

  it('leaves the queue gauges out, and says so, while the database is away, and answers at once', async () => {
    cluster.down();
    try {
      const started = Date.now();
      const families = await scrape(a, KEY).catch(() => null);
      // The operator key is checked against the configured key, not the database: the scrape itself answers.
      expect(families).not.toBeNull();
      expect(value(families ?? new Map(), 'pcb_queue_read_ok')).toBe(0);
      expect(value(families ?? new Map(), 'pcb_board_jobs', { state: 'queued' })).toBeUndefined();
      expect(value(families ?? new Map(), 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      cluster.up();
    }
  }, 60_000);
});
