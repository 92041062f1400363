import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import {
  claimJob, CUSTOMER_PRIORITY, enqueueJob, failExhausted, finishJob, QUOTE_PRIORITY, releaseJob, renewLease, startMeasuring, type JobRow,
} from '../../server/board-jobs/queue';
import { boardJobs } from '../../server/board-jobs/schema';
import { startGateway } from './helpers';
import { firstOwner, makeUpload } from './project-fixtures';

/**
 * The leased job queue on the embedded database, called directly with a clock of the test's own. The gateway
 * processes nothing here (0 jobs per gateway), so only the test claims.
 */

let gw: Gateway;
let owner = { clientId: 0, userId: 0 };
const t0 = new Date('2026-03-01T10:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const A = { owner: 'gateway-a', leaseMs: 30_000 };
const B = { owner: 'gateway-b', leaseMs: 30_000 };
const MAX = 3;

beforeAll(async () => {
  gw = await startGateway({ boardJobs: { concurrency: 0 } });
  owner = await firstOwner(gw);
});
afterAll(() => gw.close());

/** Empties the queue, then queues one job for each of `count` new uploads. */
async function queued(count: number): Promise<JobRow[]> {
  await gw.db.delete(boardJobs);
  const jobs: JobRow[] = [];
  for (let i = 0; i < count; i += 1) {
    const job = await enqueueJob(gw.db, await makeUpload(gw, { ...owner, status: 'processing' }), null, t0);
    if (!job) throw new Error('not queued');
    jobs.push(job);
  }
  return jobs;
}

describe('The board job queue', () => {
  it('hands out the oldest due job, exactly one per claim, running under the claimer\'s lease', async () => {
    const [first, second, third] = await queued(3);
    const claimed = await claimJob(gw.db, A, MAX, t0);
    expect(claimed).toMatchObject({ id: first?.id, status: 'running', attempts: 1, leaseOwner: 'gateway-a' });
    expect(claimed?.leaseUntil?.getTime()).toBe(at(30).getTime());
    const rest = await gw.db.select().from(boardJobs).where(inArray(boardJobs.id, [second?.id ?? 0, third?.id ?? 0]));
    expect(rest.map((job) => job.status)).toEqual(['queued', 'queued']);
  });

  it('hands out customers\' jobs before older quotes\', and only customers\' to a slot a quote lends', async () => {
    await gw.db.delete(boardJobs);
    const make = async (priority: number) => {
      const job = await enqueueJob(gw.db, await makeUpload(gw, { ...owner, status: 'processing' }), null, t0, priority);
      if (!job) throw new Error('not queued');
      return job;
    };
    const quote = await make(QUOTE_PRIORITY);
    const customer = await make(CUSTOMER_PRIORITY);
    expect(await claimJob(gw.db, A, MAX, t0)).toMatchObject({ id: customer.id });
    expect(await claimJob(gw.db, A, MAX, t0, CUSTOMER_PRIORITY)).toBeNull();
    expect(await claimJob(gw.db, A, MAX, t0)).toMatchObject({ id: quote.id });
  });

  it('keeps one queued or running job per upload, and takes a new one once it is over', async () => {
    const [job] = await queued(1);
    if (!job) throw new Error('no job');
    expect(await enqueueJob(gw.db, job.uploadId, [], t0)).toBeNull();
    await claimJob(gw.db, A, MAX, t0);
    expect(await enqueueJob(gw.db, job.uploadId, [], t0)).toBeNull();
    expect(await finishJob(gw.db, job.id, A.owner, { error: null }, at(5))).toBe(true);
    expect(await enqueueJob(gw.db, job.uploadId, [], at(6))).toMatchObject({ status: 'queued', overrides: [] });
  });

  it('renews a lease its owner holds; once a lease runs out another gateway takes the job, counting the attempt', async () => {
    const [job] = await queued(1);
    await claimJob(gw.db, A, MAX, t0);
    expect(await renewLease(gw.db, job?.id ?? 0, A, at(20))).toBe(true);
    expect(await claimJob(gw.db, B, MAX, at(45))).toBeNull();
    const taken = await claimJob(gw.db, B, MAX, at(51));
    expect(taken).toMatchObject({ id: job?.id, attempts: 2, leaseOwner: 'gateway-b' });
    // The first owner comes back: its lease is gone, so neither a renewal nor a result of its own is taken.
    expect(await renewLease(gw.db, job?.id ?? 0, A, at(52))).toBe(false);
    expect(await finishJob(gw.db, job?.id ?? 0, A.owner, { error: null }, at(53))).toBe(false);
    expect(await finishJob(gw.db, job?.id ?? 0, B.owner, { error: null }, at(54))).toBe(true);
  });

  it('keeps a job measuring DFM under its lease; a correction queued meanwhile ends it, and its owner loses the lease', async () => {
    const [job] = await queued(1);
    if (!job) throw new Error('no job');
    await claimJob(gw.db, A, MAX, t0);
    expect(await startMeasuring(gw.db, job.id, A.owner)).toBe(true);
    expect(await renewLease(gw.db, job.id, A, at(20))).toBe(true);
    // Its lease ran out (the gateway died): another takes it, still measuring, counting the attempt.
    expect(await claimJob(gw.db, B, MAX, at(45))).toBeNull();
    expect(await claimJob(gw.db, B, MAX, at(51))).toMatchObject({ id: job.id, status: 'measuring', attempts: 2, leaseOwner: 'gateway-b' });
    // Given back by a shutdown: taken again at once, still measuring.
    await releaseJob(gw.db, job.id, B.owner, { countAttempt: false, delayMs: 0 }, at(52));
    expect(await claimJob(gw.db, A, MAX, at(52))).toMatchObject({ id: job.id, status: 'measuring', attempts: 2, leaseOwner: 'gateway-a' });
    const rerun = await enqueueJob(gw.db, job.uploadId, [], at(53));
    expect(rerun).toMatchObject({ status: 'queued', overrides: [] });
    expect(await renewLease(gw.db, job.id, A, at(54))).toBe(false);
    const [over] = await gw.db.select().from(boardJobs).where(eq(boardJobs.id, job.id));
    expect(over).toMatchObject({ status: 'done' });
  });

  it('fails a measuring job whose lease ran out on its last attempt as a DFM interrupted', async () => {
    const [job] = await queued(1);
    if (!job) throw new Error('no job');
    await claimJob(gw.db, A, MAX, t0);
    await startMeasuring(gw.db, job.id, A.owner);
    await claimJob(gw.db, B, MAX, at(31));
    await claimJob(gw.db, A, MAX, at(62));
    expect(await claimJob(gw.db, B, MAX, at(93))).toBeNull();
    expect(await failExhausted(gw.db, MAX, 'processingInterrupted', at(94))).toEqual([]);
    expect(await failExhausted(gw.db, MAX, 'dfmInterrupted', at(94), 'measuring'))
      .toMatchObject([{ id: job.id, status: 'failed', error: 'dfmInterrupted', attempts: 3 }]);
  });

  it('fails a job whose lease ran out on its last attempt instead of handing it out again', async () => {
    const [job] = await queued(1);
    await claimJob(gw.db, A, MAX, t0);
    await claimJob(gw.db, B, MAX, at(31));
    await claimJob(gw.db, A, MAX, at(62));
    expect(await claimJob(gw.db, B, MAX, at(93))).toBeNull();
    expect(await failExhausted(gw.db, MAX, 'processingInterrupted', at(94))).toMatchObject([{ id: job?.id, status: 'failed', attempts: 3 }]);
    expect(await failExhausted(gw.db, MAX, 'processingInterrupted', at(95))).toEqual([]);
  });

  it('gives a job back: a shutdown refunds the attempt at once, an error keeps it and waits its back-off', async () => {
    const [job] = await queued(1);
    const id = job?.id ?? 0;
    await claimJob(gw.db, A, MAX, t0);
    await releaseJob(gw.db, id, A.owner, { countAttempt: false, delayMs: 0 }, at(1));
    expect(await claimJob(gw.db, B, MAX, at(1))).toMatchObject({ id, attempts: 1 });
    await releaseJob(gw.db, id, B.owner, { countAttempt: true, delayMs: 5000 }, at(2));
    expect(await claimJob(gw.db, A, MAX, at(6))).toBeNull();
    expect(await claimJob(gw.db, A, MAX, at(7))).toMatchObject({ id, attempts: 2 });
    // Releasing a job one does not hold changes nothing.
    await releaseJob(gw.db, id, B.owner, { countAttempt: false, delayMs: 0 }, at(8));
    const [row] = await gw.db.select().from(boardJobs).where(eq(boardJobs.id, id));
    expect(row).toMatchObject({ status: 'running', leaseOwner: 'gateway-a', attempts: 2 });
  });

  it('never gives one job to two claimers racing for them', async () => {
    const jobs = await queued(12);
    const claimer = async (lease: typeof A) => {
      const got: number[] = [];
      for (let job = await claimJob(gw.db, lease, MAX, t0); job; job = await claimJob(gw.db, lease, MAX, t0)) got.push(job.id);
      return got;
    };
    const [a, b] = await Promise.all([claimer(A), claimer(B)]);
    expect([...(a ?? []), ...(b ?? [])].sort((x, y) => x - y)).toEqual(jobs.map((job) => job.id));
    const rows = await gw.db.select().from(boardJobs);
    expect(rows.every((row) => row.status === 'running' && row.attempts === 1)).toBe(true);
  });
});
