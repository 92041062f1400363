import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { eq } from 'drizzle-orm';
import { boardJobs } from '../../server/board-jobs/schema';
import { clients } from '../../server/db/schema';
import { uploadFiles, zipBoard } from './board-fixtures';
import { login, startGateway } from './helpers';
import { scrape, value } from './prometheus-text';

/**
 * GET /api/metrics, Prometheus text behind the operator key. The text is parsed line by line against the
 * exposition format, and the figures are read from the parsed samples.
 */

const KEY = 'metrics-test-operator-key-0123456789abcdef';

describe('/api/metrics', () => {
  let gw: Gateway;
  let token = '';
  beforeAll(async () => {
    // No job runs here: an uploaded board stays queued, where the gauge can see it.
    gw = await startGateway({ operatorKey: KEY, boardJobs: { concurrency: 0 } });
    token = await login(gw);
  });
  afterAll(() => gw.close());

  it('answers 401 without the operator key, with a wrong one and with a user\'s token', async () => {
    for (const authorization of [undefined, 'Operator wrong-key-wrong-key-wrong-key-0000', `Bearer ${token}`]) {
      const answer = await gw.app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });
      expect(answer.statusCode).toBe(401);
      expect(answer.body).not.toContain('pcb_');
    }
  });

  it('is Prometheus text: every line a HELP, TYPE or sample of a declared family, with the process figures', async () => {
    const families = await scrape(gw, KEY);
    expect(families.get('pcb_http_request_duration_seconds')?.type).toBe('histogram');
    expect(families.get('nodejs_eventloop_lag_p99_seconds')?.type).toBe('gauge');
    expect(value(families, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(value(families, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(value(families, 'pcb_queue_read_ok')).toBe(1);
    expect(value(families, 'pcb_gateway_warm')).toBe(1);
  });

  it('counts a request under its route pattern, method and status class, never its raw URL', async () => {
    const route = { route: '/files/exports/:file', method: 'GET', status_class: '4xx' };
    const before = value(await scrape(gw, KEY), 'pcb_http_request_duration_seconds_count', route) ?? 0;
    const answer = await gw.app.inject({ method: 'GET', url: '/files/exports/secret-name-4711.csv?search=private' });
    expect(answer.statusCode).toBe(401);
    const families = await scrape(gw, KEY);
    expect(value(families, 'pcb_http_request_duration_seconds_count', route)).toBe(before + 1);
    expect(value(families, 'pcb_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(before + 1);
    const labels = families.get('pcb_http_request_duration_seconds')?.samples.flatMap((sample) => Object.values(sample.labels)) ?? [];
    expect(labels.some((label) => label.includes('4711') || label.includes('private'))).toBe(false);
  });

  it('shows an uploaded board as a queued job, and its age', async () => {
    const [client] = await gw.db.select({ id: clients.id }).from(clients).limit(1);
    const before = value(await scrape(gw, KEY), 'pcb_board_jobs', { state: 'queued' }) ?? 0;
    const upload = await uploadFiles(gw, token, client?.id ?? 0, zipBoard('arduino-uno'), 'board.zip');
    expect(upload.status).toBe(200);
    const families = await scrape(gw, KEY);
    expect(value(families, 'pcb_board_jobs', { state: 'queued' })).toBe(before + 1);
    expect(value(families, 'pcb_board_jobs_oldest_queued_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('counts a job measuring its DFM apart from the queued ones', async () => {
    const [job] = await gw.db.select({ id: boardJobs.id }).from(boardJobs).where(eq(boardJobs.status, 'queued')).limit(1);
    expect(job).toBeDefined();
    const before = await scrape(gw, KEY);
    await gw.db.update(boardJobs).set({ status: 'measuring' }).where(eq(boardJobs.id, job?.id ?? 0));
    const after = await scrape(gw, KEY);
    expect(value(after, 'pcb_board_jobs', { state: 'measuring' })).toBe((value(before, 'pcb_board_jobs', { state: 'measuring' }) ?? 0) + 1);
    expect(value(after, 'pcb_board_jobs', { state: 'queued' })).toBe((value(before, 'pcb_board_jobs', { state: 'queued' }) ?? 0) - 1);
  });
});

describe('/api/metrics on a gateway whose mail server is away', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ production: true, operatorKey: KEY });
  });
  afterAll(() => gw.close());

  it('shows a letter waiting in the outbox under the email channel', async () => {
    const before = value(await scrape(gw, KEY), 'pcb_outbox_waiting', { channel: 'email' });
    expect(before).toBe(0);
    await gw.context.delivery.queue(gw.db, { channel: 'email', recipient: 'buyer@example.ru', subject: 'Счёт', body: 'Счёт во вложении', code: null });
    const families = await scrape(gw, KEY);
    expect(value(families, 'pcb_outbox_waiting', { channel: 'email' })).toBe(1);
    expect(value(families, 'pcb_outbox_waiting', { channel: 'sms' })).toBe(0);
    expect(value(families, 'pcb_outbox_oldest_waiting_seconds', { channel: 'email' })).toBeGreaterThanOrEqual(0);
  });
});
