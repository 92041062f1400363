import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import { analyseFiles, type LayerOverride } from './pipeline';
import { findUpload, loadSourceFiles, storeFailure, storeResult, storeStep, type UploadRow } from './store';
import { eventOfRow, runningEvent, type StreamingHub } from './streaming-hub';

/** Thrown into jobs that were still waiting for a slot when the gateway closed. */
export class QueueClosed extends Error {
  constructor() {
    super('The job queue is closed');
  }
}

export interface JobQueue {
  /** Runs `task` when one of the slots is free; `onCancelled` instead when the queue closed while it waited. */
  run<T>(task: () => Promise<T>, onCancelled?: () => Promise<void>): Promise<T>;
  /** Takes no new jobs, cancels the waiting ones and resolves when the running ones are over. */
  close(): Promise<void>;
}

/**
 * At most `concurrency` jobs at a time, the rest wait in order: rendering holds whole boards in memory, so a burst
 * of uploads must queue rather than run side by side.
 */
export function createJobQueue(concurrency: number): JobQueue {
  let active = 0;
  let closed = false;
  const waiting: Array<() => void> = [];
  const pending = new Set<Promise<unknown>>();

  const acquire = (): Promise<void> => {
    if (active < concurrency) {
      active += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => waiting.push(resolve));
  };
  // A freed slot passes straight to the next waiter, so `active` never dips below the number of running jobs.
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };

  return {
    run(task, onCancelled) {
      if (closed) return Promise.reject(new QueueClosed());
      const job = (async () => {
        await acquire();
        try {
          if (closed) {
            await onCancelled?.();
            throw new QueueClosed();
          }
          return await task();
        } finally {
          release();
        }
      })();
      const settled = job.then(() => undefined, () => undefined);
      pending.add(settled);
      void settled.then(() => pending.delete(settled));
      return job;
    },
    async close() {
      closed = true;
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export interface Processing {
  /** Queues the first processing of a stored upload; the caller has already answered. */
  start(upload: UploadRow): void;
  /** Runs the processing again (SetLayers) and resolves with the stored row once it is over. */
  rerun(upload: UploadRow, overrides: LayerOverride[]): Promise<UploadRow>;
  /** True while a job of this upload waits or runs in this process. */
  busy(uploadId: string): boolean;
  close(): Promise<void>;
}

interface Deps { db: Db; log: FastifyBaseLogger; hub: StreamingHub; concurrency: number }

export function createProcessing({ db, log, hub, concurrency }: Deps): Processing {
  const queue = createJobQueue(concurrency);

  /**
   * Whatever goes wrong ends as a stored 'failed' with the reason in the log. The files are read from the database
   * only when the job gets its slot, so waiting jobs hold no board in memory.
   */
  async function process(upload: UploadRow, overrides: LayerOverride[] | null): Promise<UploadRow> {
    // The step callback is synchronous; the writes queue up behind one another and are awaited before the end.
    let stepWrites = Promise.resolve();
    try {
      const files = await loadSourceFiles(db, upload.id);
      const result = await analyseFiles(files, overrides, (step) => {
        hub.publish(runningEvent(upload.id, step));
        stepWrites = stepWrites.then(() => storeStep(db, upload.id, step));
      });
      await stepWrites;
      await storeResult(db, upload, result);
    } catch (error) {
      await stepWrites.catch(() => undefined);
      log.error({ err: error, uploadId: upload.id }, 'board files processing failed');
      await storeFailure(db, upload.id, 'processingFailed');
    }
    return finish(upload.id);
  }

  async function finish(uploadId: string): Promise<UploadRow> {
    const row = await findUpload(db, uploadId);
    if (!row) throw new Error(`upload ${uploadId} vanished while it was processed`);
    hub.publish(eventOfRow(row));
    return row;
  }

  // A first processing cut off by shutdown is failed now rather than left for the next start to find.
  const cancelled = (uploadId: string) => async () => {
    await storeFailure(db, uploadId, 'processingFailed');
    await finish(uploadId);
  };

  return {
    start(upload) {
      hub.publish(runningEvent(upload.id, 'identify'));
      queue.run(() => process(upload, null), cancelled(upload.id)).catch((error: unknown) => {
        if (!(error instanceof QueueClosed)) log.error({ err: error, uploadId: upload.id }, 'board files job failed');
      });
    },
    rerun(upload, overrides) {
      hub.publish(runningEvent(upload.id, 'identify'));
      // Cut off by shutdown, a re-run leaves the previous result as it was.
      return queue.run(() => process(upload, overrides), async () => { await finish(upload.id); });
    },
    busy: (uploadId) => hub.current(uploadId) !== null,
    close: () => queue.close(),
  };
}
