import { randomUUID } from 'node:crypto';
import type { Infer } from 'superstruct';
import type { setLayersRequest } from '../../src/contract/board-files';
import type { GatewayContext } from '../context';
import type { LayerOverride } from '../gerber/pipeline';
import { ApiError } from '../http/errors';
import type { BoardJobs } from './compose';
import { lockUploadForChange } from './frozen';
import { enqueueJob } from './queue';
import { createUpload, limitError, listFileIds, type UploadOwner, type UploadRow } from './store';
import { uploadPrefix } from './upload-keys';
import { JobLimitExceeded, WorkersBusy, type BoardWorkers } from './worker-pool';
import type { StoredFile } from './worker-tasks';

/** Unpacked and written to the file store in a worker; a refusal is the same 400 as ever and leaves nothing. */
async function unpackOrRefuse(workers: BoardWorkers, uploadId: string, bytes: Uint8Array, fileName: string): Promise<StoredFile[]> {
  let outcome;
  try {
    outcome = await workers.unpack({ uploadId, fileName, bytes });
  } catch (error) {
    if (error instanceof WorkersBusy) throw new ApiError(503, 'uploadsBusy', {}, { field: 'file', code: 'busy' });
    if (error instanceof JobLimitExceeded) {
      const code = limitError(error.limit);
      throw new ApiError(400, code, {}, { field: 'file', code });
    }
    throw error;
  }
  if (outcome.kind === 'refused') throw new ApiError(400, outcome.code, outcome.params, { field: 'file', code: outcome.code });
  return outcome.files;
}

/** The user's corrections for the pipeline; every id must name a stored file, once. */
function overridesFor(fileIds: string[], wanted: LayerOverride[]): LayerOverride[] {
  const known = new Set(fileIds);
  const seen = new Set<string>();
  wanted.forEach((override, index) => {
    if (!known.has(override.id) || seen.has(override.id)) {
      const field = `files.${index}.id`;
      throw new ApiError(400, 'layerFileUnknown', { id: override.id }, { field, code: 'bad_value' });
    }
    seen.add(override.id);
  });
  return wanted;
}

type Pipeline = Pick<BoardJobs, 'workers' | 'processing' | 'progress'>;

/**
 * An Upload's raw body unpacked (in a worker), stored and queued for processing: the one way in for a customer's
 * upload and a visitor's quote alike. Answers the new upload's id.
 */
export async function acceptArchive(
  ctx: GatewayContext, { workers, processing, progress }: Pipeline, body: unknown, fileName: string, owner: UploadOwner,
): Promise<string> {
  if (body !== undefined && !Buffer.isBuffer(body)) {
    throw new ApiError(415, 'uploadContentType', {}, { field: 'file', code: 'unsupported_media_type' });
  }
  const uploadId = randomUUID();
  const files = await unpackOrRefuse(workers, uploadId, body ?? new Uint8Array(0), fileName);
  try {
    await createUpload(ctx.db, { id: uploadId, owner, archiveName: fileName, now: ctx.now() }, files);
  } catch (error) {
    await ctx.files.removeAll(uploadPrefix(uploadId));
    throw error;
  }
  processing.wake();
  void progress.jobQueued().catch((error: unknown) => ctx.log.warn({ err: error }, 'other gateways were not told of a new job'));
  return uploadId;
}

/**
 * The upload processed again with the user's layer corrections, answered once done. One job per upload at a time,
 * across gateways: a unique index on active jobs decides, not this process; a busy upload is 409. Files a cart or an
 * order holds are not processed again (409 `uploadFrozen`): what is ordered is what was checked.
 */
export async function rerunWithLayers(
  ctx: GatewayContext,
  { processing, holders }: Pick<BoardJobs, 'processing' | 'holders'>,
  row: { id: string; status: string },
  files: Infer<typeof setLayersRequest>['files'],
  priority?: number,
): Promise<UploadRow> {
  const overrides = overridesFor(await listFileIds(ctx.db, row.id), files);
  const busy = () => new ApiError(409, 'uploadBusy', {}, { field: 'uploadId', code: 'busy' });
  if (row.status === 'processing') throw busy();
  const job = await ctx.db.transaction(async (tx) => {
    await lockUploadForChange(tx, row.id);
    if (await holders.isFrozen(tx, row.id)) throw new ApiError(409, 'uploadFrozen', {}, { field: 'uploadId', code: 'uploadFrozen' });
    return enqueueJob(tx, row.id, overrides, ctx.now(), priority);
  });
  if (!job) throw busy();
  return processing.rerun(job);
}
