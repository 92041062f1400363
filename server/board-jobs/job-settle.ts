import type { Claim, JobContext } from './job-claim';
import { LeaseLost, ShuttingDown } from './job-claim';
import { failJob, finishDfm } from './job-stages';
import { releaseJob } from './queue';
import { limitError } from './store';
import { renderPrefix } from './upload-keys';
import { JobLimitExceeded } from './worker-pool';

const backoffMs = (attempts: number) => Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));

/**
 * What a job that threw before its first stage was stored comes to, its half-drawn pictures removed: its files'
 * fault fails it, the machine's fault retries it.
 */
export async function settleFirstStage(ctx: JobContext, claim: Claim, error: unknown): Promise<void> {
  const { db, lease, log, now, progress, settings, store } = ctx;
  const { job } = claim;
  await store.removeAll(renderPrefix(job.uploadId, claim.generation)).catch(() => undefined);
  if (error instanceof JobLimitExceeded) {
    // A runner that died on these files would die again on them: the job fails now, it is not handed on.
    log.warn({ uploadId: job.uploadId, limit: error.limit, file: error.file, reason: error.message }, 'board job stopped by its limit');
    await failJob(ctx, job, limitError(error.limit), error.file);
  } else if (error instanceof LeaseLost) {
    log.warn({ uploadId: job.uploadId, jobId: job.id }, 'board job lease lost: another gateway has the job');
  } else if (error instanceof ShuttingDown) {
    await releaseJob(db, job.id, lease.owner, { countAttempt: false, delayMs: 0 }, now());
    await progress.jobQueued();
  } else if (job.attempts >= settings.attempts) {
    log.error({ err: error, uploadId: job.uploadId }, 'board job failed on its last attempt');
    await failJob(ctx, job, 'processingFailed');
  } else {
    log.error({ err: error, uploadId: job.uploadId }, 'board job failed, it will be retried');
    await releaseJob(db, job.id, lease.owner, { countAttempt: true, delayMs: backoffMs(job.attempts) }, now());
  }
}

/**
 * What a job that threw while measuring DFM comes to. The pictures and the price stand either way. A shutdown gives
 * it back (no attempt counted) for DFM alone, here or on another gateway; its limit or the engine fails the DFM;
 * the machine's fault retries it while attempts remain.
 */
export async function settleDfm(ctx: JobContext, claim: Claim, error: unknown): Promise<void> {
  const { db, lease, log, now, progress, settings } = ctx;
  const { job } = claim;
  const { uploadId } = job;
  if (error instanceof LeaseLost) {
    log.warn({ uploadId, jobId: job.id }, 'board DFM lease lost: another gateway or a re-run has it');
  } else if (error instanceof ShuttingDown) {
    await releaseJob(db, job.id, lease.owner, { countAttempt: false, delayMs: 0 }, now());
    log.info({ uploadId, jobId: job.id }, 'board DFM stopped by the shutdown; it is queued again');
    await progress.jobQueued();
  } else if (error instanceof JobLimitExceeded || job.attempts >= settings.attempts) {
    await finishDfm(ctx, claim, { kind: 'failed', reason: error instanceof Error ? error.message : String(error) });
  } else {
    log.error({ err: error, uploadId }, 'board DFM failed, it will be retried');
    await releaseJob(db, job.id, lease.owner, { countAttempt: true, delayMs: backoffMs(job.attempts) }, now());
  }
}
