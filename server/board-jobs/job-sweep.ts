import type { JobContext } from './job-claim';
import { failExhausted } from './queue';
import { failJobDfm, failStaleDfm, storeFailure } from './store';

type SweepContext = Pick<JobContext, 'db' | 'log' | 'now' | 'progress' | 'settings'>;

/**
 * Jobs whose gateways died on every attempt end: one still in its first stage fails its upload; one measuring DFM
 * fails only its DFM, the pictures and price standing.
 */
export async function failOutOfAttempts({ db, log, now, progress, settings }: SweepContext): Promise<void> {
  const failed = await db.transaction(async (tx) => {
    const jobs = await failExhausted(tx, settings.attempts, 'processingInterrupted', now());
    for (const job of jobs) await storeFailure(tx, job.uploadId, 'processingInterrupted');
    const measuring = await failExhausted(tx, settings.attempts, 'dfmInterrupted', now(), 'measuring');
    const dfmFailed = [];
    for (const job of measuring) if (await failJobDfm(tx, job.uploadId, job.id)) dfmFailed.push(job);
    return [...jobs, ...dfmFailed];
  });
  for (const job of failed) {
    log.warn({ uploadId: job.uploadId, jobId: job.id, attempts: job.attempts, error: job.error }, 'board job failed: its attempts ran out');
    await progress.over(job.uploadId);
  }
}

/** A DFM stage of an older version's, awaited past the job's time limit and two leases, with no job measuring it. */
export async function failAbandonedDfm({ db, log, now, progress, settings }: SweepContext): Promise<void> {
  const before = new Date(now().getTime() - (settings.timeoutSeconds + 2 * settings.leaseSeconds) * 1000);
  for (const uploadId of await failStaleDfm(db, before)) {
    log.warn({ uploadId }, 'board DFM failed: its gateway stopped measuring it');
    await progress.over(uploadId);
  }
}
