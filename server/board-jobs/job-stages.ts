import type { Claim, JobContext } from './job-claim';
import { LeaseLost } from './job-claim';
import { finishJob, startMeasuring, type JobRow } from './queue';
import { storeDfm, storeFailure, storeResult, takeOverDfm, type StoredError, type UploadRow } from './store';
import type { DfmOutcome, StoredAnalysis } from './worker-tasks';

const folderOf = (key: string) => key.slice(0, key.lastIndexOf('/') + 1);

/**
 * A measuring job claimed again takes its upload's DFM stage over; false when a re-run replaced the analysis this
 * DFM was for, which measures its own: the job then ends here.
 */
export async function takeOverMeasuring(ctx: JobContext, claim: Claim): Promise<boolean> {
  const { db, lease, log, now } = ctx;
  const { job, generation } = claim;
  if (!(await takeOverDfm(db, job.uploadId, job.id, generation, now()))) {
    claim.finishing = true;
    await finishJob(db, job.id, lease.owner, { error: null }, now());
    return false;
  }
  log.info({ uploadId: job.uploadId, jobId: job.id, attempts: job.attempts }, 'board DFM taken over: its earlier attempt stopped');
  ctx.lendSlot(job);
  return true;
}

/**
 * The first stage (pictures, layers, measurements) is stored and shown at once, if the lease is still this
 * gateway's; the job, still leased, goes on measuring DFM in the worker. The pictures it replaces are removed.
 */
export async function storeFirstStage(ctx: JobContext, claim: Claim, upload: UploadRow, result: StoredAnalysis): Promise<void> {
  const { db, lease, now, store, progress } = ctx;
  const { job, generation, controller } = claim;
  await claim.steps;
  const replaced = await db.transaction(async (tx) => {
    if (!(await startMeasuring(tx, job.id, lease.owner))) return null;
    return storeResult(tx, upload, result, { generation, since: now() });
  });
  if (replaced === null) {
    controller.abort(new LeaseLost());
    throw new LeaseLost();
  }
  claim.stored = true;
  ctx.lendSlot(job);
  await Promise.all([...new Set(replaced.map(folderOf))].map((folder) => store.removeAll(folder)));
  await progress.over(job.uploadId);
}

/**
 * The DFM stage's end and the job's, together, while the lease is still this gateway's and the analysis on show is
 * this job's; whoever follows the upload hears of it. A failed DFM fails the job row, never the upload.
 */
export async function finishDfm({ db, lease, log, now, progress }: JobContext, claim: Claim, outcome: DfmOutcome): Promise<void> {
  const { job, generation } = claim;
  const { uploadId } = job;
  if (outcome.kind === 'failed') log.error({ uploadId, reason: outcome.reason }, 'board DFM failed; the analysis stands');
  claim.finishing = true;
  const stored = await db.transaction(async (tx) => {
    if (!(await finishJob(tx, job.id, lease.owner, { error: outcome.kind === 'failed' ? 'dfmFailed' : null }, now()))) return false;
    return storeDfm(tx, uploadId, generation, outcome.kind === 'measured' ? outcome.stage.dfm : null);
  });
  if (stored) await progress.over(uploadId);
}

/** The job and its upload fail together, if the lease is still this gateway's. */
export async function failJob(
  { db, lease, now, progress }: JobContext, job: JobRow, error: StoredError, file: string | null = null,
): Promise<void> {
  const failed = await db.transaction(async (tx) => {
    if (!(await finishJob(tx, job.id, lease.owner, { error }, now()))) return false;
    await storeFailure(tx, job.uploadId, error, file);
    return true;
  });
  if (failed) await progress.over(job.uploadId);
}
