import type { BoardJobSettings } from '../config';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { findJob, type JobRow } from './queue';
import { findUpload, type UploadRow } from './store';
import type { StreamingHub } from './streaming-hub';

/** A missed message costs at most this much: the job row is read again this often anyway. */
const RECHECK_MS = 1000;

/**
 * Resolves with the upload once its job is over, on whichever gateway it ran: woken by the job's end through the
 * hub, and re-reading the job row now and then in case a message was lost. A job normally ends within its time
 * limit per attempt and a lease per crash; past that the caller gets 'busy' and the job goes on.
 */
export async function waitForJob(db: Db, hub: StreamingHub, job: JobRow, settings: BoardJobSettings): Promise<UploadRow> {
  const deadline = Date.now() + settings.attempts * (settings.timeoutSeconds + 2 * settings.leaseSeconds) * 1000;
  let wakeUp: (() => void) | null = null;
  const stop = hub.subscribe(job.uploadId, (event) => {
    if (event.final) wakeUp?.();
  });
  try {
    for (;;) {
      const row = await findJob(db, job.id);
      // Measuring: the first stage (pictures, layers, price) is stored; its DFM lands later, as on a first upload.
      if (!row || (row.status !== 'queued' && row.status !== 'running')) break;
      if (Date.now() > deadline) throw new ApiError(409, 'uploadBusy', {}, { field: 'uploadId', code: 'busy' });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, RECHECK_MS);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  } finally {
    stop();
  }
  const upload = await findUpload(db, job.uploadId);
  if (!upload) throw new ApiError(404, 'uploadNotFound', {}, { field: 'uploadId', code: 'not_found' });
  return upload;
}
