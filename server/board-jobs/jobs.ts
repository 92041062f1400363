import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { ProcessingStep } from '../../src/contract/board-files';
import type { BoardJobSettings } from '../config';
import type { Db } from '../db/connect';
import type { FileStore } from './file-store';
import type { Progress } from './progress';
import {
  claimJob, CUSTOMER_PRIORITY, failExhausted, finishJob, recordStep, releaseJob, renewLease, startMeasuring, type JobRow, type Lease,
} from './queue';
import {
  failJobDfm, failStaleDfm, findUpload, limitError, listStoredFiles, storeDfm, storeFailure, storeResult, storeStep, takeOverDfm,
  type StoredError, type UploadRow,
} from './store';
import type { StreamingHub } from './streaming-hub';
import { renderPrefix } from './upload-keys';
import { JobLimitExceeded, type BoardWorkers } from './worker-pool';
import type { DfmOutcome, StoredAnalysis } from './worker-tasks';
import { waitForJob } from './wait';

/** Between looks at the queue for due retries and leases that ran out (a new job wakes the runners at once). */
const POLL_MS = 2000;
/**
 * How long closing waits for running jobs before stopping them and giving them back to the queue (without counting an
 * attempt): short enough that a SIGTERM, after its in-flight requests, still exits within its 10 s.
 */
const DRAIN_MS = 5000;
/** A runner that has not finished a look at the queue for this long is stuck (its database calls hang). */
const STUCK_MS = 30_000;

class LeaseLost extends Error {}
class ShuttingDown extends Error {}

/** One claim's state the heartbeat reads: once it writes the job's end, a lease no longer held is its own doing. */
interface Attempt { finishing: boolean }

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

const folderOf = (key: string) => key.slice(0, key.lastIndexOf('/') + 1);
const backoffMs = (attempts: number) => Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));

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

  async function fail(job: JobRow, error: StoredError, file: string | null = null): Promise<void> {
    const failed = await db.transaction(async (tx) => {
      if (!(await finishJob(tx, job.id, lease.owner, { error }, now()))) return false;
      await storeFailure(tx, job.uploadId, error, file);
      return true;
    });
    if (failed) await progress.over(job.uploadId);
  }

  /**
   * Jobs whose gateways died on every attempt end: one still in its first stage fails its upload; one measuring DFM
   * fails only its DFM, the pictures and price standing.
   */
  async function failOutOfAttempts(): Promise<void> {
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
  async function failAbandonedDfm(): Promise<void> {
    const before = new Date(now().getTime() - (settings.timeoutSeconds + 2 * settings.leaseSeconds) * 1000);
    for (const uploadId of await failStaleDfm(db, before)) {
      log.warn({ uploadId }, 'board DFM failed: its gateway stopped measuring it');
      await progress.over(uploadId);
    }
  }

  /**
   * The DFM stage's end and the job's, together, while the lease is still this gateway's and the analysis on show is
   * this job's; whoever follows the upload hears of it. A failed DFM fails the job row, never the upload.
   */
  async function finishDfm(job: JobRow, generation: string, outcome: DfmOutcome, attempt: Attempt): Promise<void> {
    const { uploadId } = job;
    if (outcome.kind === 'failed') log.error({ uploadId, reason: outcome.reason }, 'board DFM failed; the analysis stands');
    attempt.finishing = true;
    const stored = await db.transaction(async (tx) => {
      if (!(await finishJob(tx, job.id, lease.owner, { error: outcome.kind === 'failed' ? 'dfmFailed' : null }, now()))) return false;
      return storeDfm(tx, uploadId, generation, outcome.kind === 'measured' ? outcome.stage.dfm : null);
    });
    if (stored) await progress.over(uploadId);
  }

  /**
   * One claim of a job, held under its lease until its DFM is stored. A claim of a measuring job (its gateway died or
   * stopped after the first stage) measures DFM only: the stored pictures and price are not made again.
   */
  async function run(job: JobRow, controller: AbortController): Promise<void> {
    const { uploadId } = job;
    const generation = `${job.id}-${job.attempts}`;
    const measureOnly = job.status === 'measuring';
    const attempt: Attempt = { finishing: false };
    let stored = measureOnly;
    const heartbeat = setInterval(() => {
      renewLease(db, job.id, lease, now()).then((held) => {
        if (!held && !attempt.finishing) controller.abort(new LeaseLost());
      }, (error: unknown) => log.warn({ err: error, jobId: job.id }, 'board job lease could not be renewed'));
    }, Math.max(250, lease.leaseMs / 3));
    // Steps go out in order, each after the previous one was sent and written. A DFM-only claim has none to show:
    // its upload's first stage is on show.
    let steps = Promise.resolve();
    const onStep = (step: ProcessingStep) => {
      if (measureOnly) return;
      steps = steps.then(async () => {
        await Promise.all([progress.step(uploadId, step), recordStep(db, job.id, lease.owner, step), storeStep(db, uploadId, step)]);
      }).catch((error: unknown) => log.warn({ err: error, uploadId }, 'board job step not recorded'));
    };
    let analysed: Promise<void> | null = null;
    try {
      const upload = await findUpload(db, uploadId);
      if (!upload) return;
      if (measureOnly) {
        if (!(await takeOverDfm(db, uploadId, job.id, generation, now()))) {
          // A re-run replaced the analysis this DFM was for: it measures its own.
          attempt.finishing = true;
          await finishJob(db, job.id, lease.owner, { error: null }, now());
          return;
        }
        log.info({ uploadId, jobId: job.id, attempts: job.attempts }, 'board DFM taken over: its earlier attempt stopped');
        lendSlot(job);
      }
      const files = await listStoredFiles(db, uploadId);
      /** The first stage is stored and shown at once; the job, still leased, goes on measuring DFM in the worker. */
      const storeAnalysed = async (result: StoredAnalysis): Promise<void> => {
        await steps;
        const replaced = await db.transaction(async (tx) => {
          if (!(await startMeasuring(tx, job.id, lease.owner))) return null;
          return storeResult(tx, upload, result, { generation, since: now() });
        });
        if (replaced === null) {
          controller.abort(new LeaseLost());
          throw new LeaseLost();
        }
        stored = true;
        lendSlot(job);
        await Promise.all([...new Set(replaced.map(folderOf))].map((folder) => store.removeAll(folder)));
        await progress.over(uploadId);
      };
      const onAnalysed = (result: StoredAnalysis) => {
        analysed = storeAnalysed(result);
        // Awaited below; this only keeps a failure from counting as unhandled before then.
        analysed.catch(() => undefined);
      };
      const outcome = await workers.analyse(
        { uploadId, generation, files, overrides: job.overrides, uploadName: upload.archiveName, measureOnly },
        onStep, controller.signal, measureOnly ? undefined : onAnalysed,
      );
      await steps;
      if (outcome.kind === 'failed' && measureOnly) {
        await finishDfm(job, generation, outcome, attempt);
        return;
      }
      if (outcome.kind === 'failed') {
        log.error({ uploadId, reason: outcome.reason }, 'board files processing failed');
        await store.removeAll(renderPrefix(uploadId, generation));
        await fail(job, 'processingFailed');
        return;
      }
      if (!measureOnly) {
        if (!analysed) throw new Error('the worker finished without posting its first stage');
        await analysed;
      }
      await finishDfm(job, generation, outcome.dfm, attempt);
    } catch (error) {
      await steps;
      await (analysed as Promise<void> | null)?.catch(() => undefined);
      if (stored) {
        await settleDfm(job, generation, error, attempt);
        return;
      }
      await store.removeAll(renderPrefix(uploadId, generation)).catch(() => undefined);
      await settle(job, error);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * A visitor's quote never delays a customer's job (issue 21): once its pictures and price are stored, its DFM goes
   * on beside the next customer's job instead of ahead of it, each in its own thread.
   */
  function lendSlot(job: JobRow): void {
    const entry = running.get(job.id);
    if (!entry || job.priority <= CUSTOMER_PRIORITY) return;
    entry.lends = true;
    wake();
  }

  /**
   * What a job that threw while measuring DFM comes to. The pictures and the price stand either way. A shutdown gives
   * it back (no attempt counted) for DFM alone, here or on another gateway; its limit or the engine fails the DFM;
   * the machine's fault retries it while attempts remain.
   */
  async function settleDfm(job: JobRow, generation: string, error: unknown, attempt: Attempt): Promise<void> {
    const { uploadId } = job;
    if (error instanceof LeaseLost) {
      log.warn({ uploadId, jobId: job.id }, 'board DFM lease lost: another gateway or a re-run has it');
    } else if (error instanceof ShuttingDown) {
      await releaseJob(db, job.id, lease.owner, { countAttempt: false, delayMs: 0 }, now());
      log.info({ uploadId, jobId: job.id }, 'board DFM stopped by the shutdown; it is queued again');
      await progress.jobQueued();
    } else if (error instanceof JobLimitExceeded || job.attempts >= settings.attempts) {
      await finishDfm(job, generation, { kind: 'failed', reason: error instanceof Error ? error.message : String(error) }, attempt);
    } else {
      log.error({ err: error, uploadId }, 'board DFM failed, it will be retried');
      await releaseJob(db, job.id, lease.owner, { countAttempt: true, delayMs: backoffMs(job.attempts) }, now());
    }
  }

  /** What a job that threw comes to: its files' fault fails it, the machine's fault retries it. */
  async function settle(job: JobRow, error: unknown): Promise<void> {
    if (error instanceof JobLimitExceeded) {
      // A runner that died on these files would die again on them: the job fails now, it is not handed on.
      log.warn({ uploadId: job.uploadId, limit: error.limit, file: error.file, reason: error.message }, 'board job stopped by its limit');
      await fail(job, limitError(error.limit), error.file);
    } else if (error instanceof LeaseLost) {
      log.warn({ uploadId: job.uploadId, jobId: job.id }, 'board job lease lost: another gateway has the job');
    } else if (error instanceof ShuttingDown) {
      await releaseJob(db, job.id, lease.owner, { countAttempt: false, delayMs: 0 }, now());
      await progress.jobQueued();
    } else if (job.attempts >= settings.attempts) {
      log.error({ err: error, uploadId: job.uploadId }, 'board job failed on its last attempt');
      await fail(job, 'processingFailed');
    } else {
      log.error({ err: error, uploadId: job.uploadId }, 'board job failed, it will be retried');
      await releaseJob(db, job.id, lease.owner, { countAttempt: true, delayMs: backoffMs(job.attempts) }, now());
    }
  }

  function start(job: JobRow): void {
    const controller = new AbortController();
    const done = run(job, controller)
      .catch((error: unknown) => log.error({ err: error, uploadId: job.uploadId }, 'board job could not be settled'))
      .finally(() => {
        running.delete(job.id);
        wake();
      });
    running.set(job.id, { controller, done, lends: false });
  }

  async function pump(): Promise<void> {
    await failOutOfAttempts();
    await failAbandonedDfm();
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
