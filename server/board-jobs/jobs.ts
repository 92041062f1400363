import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { BoardJobSettings } from '../config';
import type { Db } from '../db/connect';
import type { FileStore } from './file-store';
import { ShuttingDown, type JobContext } from './job-claim';
import { runJob } from './job-run';
import { failAbandonedDfm, failOutOfAttempts } from './job-sweep';
import type { Progress } from './progress';
import type { Lease } from '../db/leased-queue';
import { claimJob, CUSTOMER_PRIORITY, type JobRow } from './queue';
import type { UploadRow } from './store';
import type { StreamingHub } from './streaming-hub';
import { waitForJob } from './wait';
import type { BoardWorkers } from './worker-pool';

/** Between looks at the queue for due retries and leases that ran out (a new job wakes the runners at once). */
const POLL_MS = 2000;
/**
 * How long closing waits for running jobs before stopping them and giving them back to the queue (without counting an
 * attempt): short enough that a SIGTERM, after its in-flight requests, still exits within its 10 s.
 */
const DRAIN_MS = 5000;
/** A runner that has not finished a look at the queue for this long is stuck (its database calls hang). */
const STUCK_MS = 30_000;

export interface Processing {
  /** Looks for work now: a job was queued here or on another gateway. */
  wake(): void;
  /** A re-run with the user's corrections, queued by the caller: resolves with the upload once it is over, wherever it ran. */
  rerun(job: JobRow): Promise<UploadRow>;
  /** For the readiness probe: 'off' when this gateway processes nothing (concurrency 0). */
  state(): 'running' | 'stopped' | 'stuck' | 'off';
  close(): Promise<void>;
}

export interface ProcessingDeps {
  db: Db;
  log: FastifyBaseLogger;
  now(): Date;
  hub: StreamingHub;
  progress: Progress;
  workers: BoardWorkers;
  store: FileStore;
  settings: BoardJobSettings;
}

/**
 * This gateway's share of the queue: it claims jobs while it has free slots, renews their leases while they run,
 * and stores what they produce only if the lease is still its own. Jobs of a gateway that crashed are claimed by any
 * gateway once their lease runs out (docs/decisions.md "Board jobs").
 */
export function createProcessing(deps: ProcessingDeps): Processing {
  const { db, log, now, progress, workers, store, settings } = deps;
  const lease: Lease = { owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, leaseMs: settings.leaseSeconds * 1000 };
  /** `lends`: a quote whose first stage is stored, measuring DFM on in a slot a customer's job may take meanwhile. */
  const running = new Map<number, { controller: AbortController; done: Promise<void>; lends: boolean }>();
  let closing = false;
  let pumping: Promise<void> | null = null;
  let again = false;
  let lastLook = Date.now();
  const ctx: JobContext = { db, log, now, progress, workers, store, settings, lease, lendSlot };

  /**
   * A visitor's quote never delays a customer's job: once its pictures and price are stored, its DFM goes on beside
   * the next customer's job instead of ahead of it, each in its own thread.
   */
  function lendSlot(job: JobRow): void {
    const entry = running.get(job.id);
    if (!entry || job.priority <= CUSTOMER_PRIORITY) return;
    entry.lends = true;
    wake();
  }

  function start(job: JobRow): void {
    const controller = new AbortController();
    const done = runJob(ctx, job, controller)
      .catch((error: unknown) => log.error({ err: error, uploadId: job.uploadId }, 'board job could not be settled'))
      .finally(() => {
        running.delete(job.id);
        wake();
      });
    running.set(job.id, { controller, done, lends: false });
  }

  async function pump(): Promise<void> {
    await failOutOfAttempts(ctx);
    await failAbandonedDfm(ctx);
    for (;;) {
      const upTo = claimableNow();
      if (upTo === null) return;
      const job = await claimJob(db, lease, settings.attempts, now(), upTo);
      if (!job) return;
      start(job);
    }
  }

  /**
   * Which jobs a free slot may take now: any (undefined), customers' only (a slot lent by a quote's DFM: at most one
   * more thread per slot), or none.
   */
  function claimableNow(): number | undefined | null {
    const { concurrency } = settings;
    if (closing) return null;
    if (running.size < concurrency) return undefined;
    const holding = [...running.values()].filter((entry) => !entry.lends).length;
    return holding < concurrency && running.size < 2 * concurrency ? CUSTOMER_PRIORITY : null;
  }

  function wake(): void {
    if (closing || settings.concurrency === 0) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = pump().catch((error: unknown) => log.error({ err: error }, 'board job queue could not be read')).finally(() => {
      pumping = null;
      lastLook = Date.now();
      if (again) {
        again = false;
        wake();
      }
    });
  }

  const poll = setInterval(wake, POLL_MS);
  poll.unref();
  wake();

  return {
    wake,
    async rerun(job) {
      await progress.step(job.uploadId, 'identify');
      await progress.jobQueued();
      return waitForJob(db, deps.hub, job, settings);
    },
    state() {
      if (settings.concurrency === 0) return 'off';
      if (closing) return 'stopped';
      return pumping !== null && Date.now() - lastLook > STUCK_MS ? 'stuck' : 'running';
    },
    async close() {
      closing = true;
      clearInterval(poll);
      await pumping;
      const jobs = () => Promise.all([...running.values()].map((job) => job.done));
      let timer: NodeJS.Timeout | undefined;
      const drained = await Promise.race([
        jobs().then(() => true),
        new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), DRAIN_MS); }),
      ]);
      clearTimeout(timer);
      if (!drained) {
        for (const job of running.values()) job.controller.abort(new ShuttingDown());
        await jobs();
      }
      await workers.destroy();
    },
  };
}
