import { keepLease, newClaim, reportStep, type Claim, type JobContext } from './job-claim';
import { settleDfm, settleFirstStage } from './job-settle';
import { failJob, finishDfm, storeFirstStage, takeOverMeasuring } from './job-stages';
import type { JobRow } from './queue';
import { findUpload, listStoredFiles, type UploadRow } from './store';
import { renderPrefix } from './upload-keys';
import type { AnalyseOutcome, StoredAnalysis } from './worker-tasks';

/**
 * One claim of a job, held under its lease until its DFM is stored. A claim of a measuring job (its gateway died or
 * stopped after the first stage) measures DFM only: the stored pictures and price are not made again.
 */
export async function runJob(ctx: JobContext, job: JobRow, controller: AbortController): Promise<void> {
  const claim = newClaim(job, controller);
  const heartbeat = keepLease(ctx, claim);
  try {
    await processClaim(ctx, claim);
  } catch (error) {
    await claim.steps;
    await claim.analysed?.catch(() => undefined);
    await (claim.stored ? settleDfm(ctx, claim, error) : settleFirstStage(ctx, claim, error));
  } finally {
    clearInterval(heartbeat);
  }
}

/** The stages in order: take a measuring job over, analyse (storing the first stage as it comes), end with DFM. */
async function processClaim(ctx: JobContext, claim: Claim): Promise<void> {
  const upload = await findUpload(ctx.db, claim.job.uploadId);
  if (!upload) return;
  if (claim.measureOnly && !(await takeOverMeasuring(ctx, claim))) return;
  const outcome = await analyse(ctx, claim, upload);
  await claim.steps;
  if (outcome.kind === 'failed') {
    await (claim.measureOnly ? finishDfm(ctx, claim, outcome) : failAnalysis(ctx, claim, outcome.reason));
    return;
  }
  if (!claim.measureOnly) {
    if (!claim.analysed) throw new Error('the worker finished without posting its first stage');
    await claim.analysed;
  }
  await finishDfm(ctx, claim, outcome.dfm);
}

/** The worker's run over the stored files; its first stage is stored the moment it posts it. */
async function analyse(ctx: JobContext, claim: Claim, upload: UploadRow): Promise<AnalyseOutcome> {
  const { job, generation, measureOnly, controller } = claim;
  const files = await listStoredFiles(ctx.db, job.uploadId);
  const onAnalysed = (result: StoredAnalysis) => {
    const analysed = storeFirstStage(ctx, claim, upload, result);
    claim.analysed = analysed;
    // Awaited by the claim; this only keeps a failure from counting as unhandled before then.
    analysed.catch(() => undefined);
  };
  return ctx.workers.analyse(
    { uploadId: job.uploadId, generation, files, overrides: job.overrides, uploadName: upload.archiveName, measureOnly },
    (step) => reportStep(ctx, claim, step), controller.signal, measureOnly ? undefined : onAnalysed,
  );
}

/** The worker could not read the files: the job and its upload fail, and the pictures it drew go. */
async function failAnalysis(ctx: JobContext, claim: Claim, reason: string): Promise<void> {
  const { job, generation } = claim;
  ctx.log.error({ uploadId: job.uploadId, reason }, 'board files processing failed');
  await ctx.store.removeAll(renderPrefix(job.uploadId, generation));
  await failJob(ctx, job, 'processingFailed');
}
