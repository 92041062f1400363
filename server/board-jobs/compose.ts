import { loadSigningSecret } from '../auth/tokens';
import type { GatewayContext } from '../context';
import { createProcessing, type Processing } from './jobs';
import { moveLegacyBytes } from './legacy-bytes';
import { startProgress, type Progress } from './progress';
import { scheduleUploadSweep } from './retention';
import { createStreamingTokens, type StreamingTokens } from '../board-files/streaming';
import { createStreamingHub, type StreamingHub } from './streaming-hub';
import { createBoardWorkers, type BoardWorkers } from './worker-pool';

/** The board-files subsystem of one gateway (issue 17): what its routes use, and how it stops. */
export interface BoardFiles {
  workers: BoardWorkers;
  processing: Processing;
  progress: Progress;
  hub: StreamingHub;
  tokens: StreamingTokens;
  /** Stops the upload sweep, finishes or gives back the running jobs, stops hearing other gateways. */
  close(): Promise<void>;
}

/**
 * Starts the worker pool, the job runner, the progress channel between gateways and the upload sweep. Uploads run
 * in the worker pool, never on the event loop; any gateway's runner takes a queued job.
 */
export async function startBoardFiles(ctx: GatewayContext): Promise<BoardFiles> {
  const settings = ctx.config.boardJobs;
  const moved = await moveLegacyBytes(ctx.db, ctx.files);
  if (moved > 0) ctx.log.info({ count: moved }, 'board files stored in the database were moved to the file store');
  const tokens = createStreamingTokens(await loadSigningSecret(ctx.db, ctx.config.jwtSecret), ctx.now);
  const hub = createStreamingHub();
  const workers = createBoardWorkers({
    store: ctx.files.spec, threads: settings.concurrency, memoryMb: settings.memoryMb, timeoutMs: settings.timeoutSeconds * 1000,
  });
  // The runner reports through the channel and the channel wakes the runner: tied once both exist.
  let runner: Processing | null = null;
  const progress = await startProgress({ db: ctx.db, notifications: ctx.notifications, hub, log: ctx.log, onJobQueued: () => runner?.wake() });
  const processing = createProcessing({ db: ctx.db, log: ctx.log, now: ctx.now, hub, progress, workers, store: ctx.files, settings });
  runner = processing;
  const stopSweep = scheduleUploadSweep(ctx);
  return {
    workers, processing, progress, hub, tokens,
    close: async () => {
      stopSweep();
      await processing.close();
      await progress.close();
    },
  };
}
