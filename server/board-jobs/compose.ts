import type { GatewayContext } from '../context';
import type { UploadHolders } from './holders';
import { createProcessing, type Processing } from './jobs';
import { moveLegacyBytes } from './legacy-bytes';
import { startProgress, type Progress } from './progress';
import { scheduleUploadSweep } from './retention';
import { createStreamingHub, type StreamingHub } from './streaming-hub';
import { createBoardWorkers, type BoardWorkers } from './worker-pool';

/** The board pipeline of one gateway: what the routes use, and how it stops. */
export interface BoardJobs {
  workers: BoardWorkers;
  processing: Processing;
  progress: Progress;
  hub: StreamingHub;
  holders: UploadHolders;
  /** Stops the upload sweep, finishes or gives back the running jobs, stops hearing other gateways. */
  close(): Promise<void>;
}

/**
 * Starts the worker pool, the job runner, the progress channel between gateways and the upload sweep. Uploads run
 * in the worker pool, never on the event loop; any gateway's runner takes a queued job.
 */
export async function startBoardJobs(ctx: GatewayContext, holders: UploadHolders): Promise<BoardJobs> {
  const settings = ctx.config.boardJobs;
  const moved = await moveLegacyBytes(ctx.db, ctx.files);
  if (moved > 0) ctx.log.info({ count: moved }, 'board files stored in the database were moved to the file store');
  const hub = createStreamingHub();
  const workers = createBoardWorkers({
    store: ctx.files.spec, threads: settings.concurrency, memoryMb: settings.memoryMb, timeoutMs: settings.timeoutSeconds * 1000,
  });
  // The runner reports through the channel and the channel wakes the runner: tied once both exist.
  let runner: Processing | null = null;
  const progress = await startProgress({ db: ctx.db, notifications: ctx.notifications, hub, log: ctx.log, onJobQueued: () => runner?.wake() });
  const processing = createProcessing({ db: ctx.db, log: ctx.log, now: ctx.now, hub, progress, workers, store: ctx.files, settings });
  runner = processing;
  const stopSweep = scheduleUploadSweep(ctx, holders);
  return {
    workers, processing, progress, hub, holders,
    close: async () => {
      stopSweep();
      await processing.close();
      await progress.close();
    },
  };
}
