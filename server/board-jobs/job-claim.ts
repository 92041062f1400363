import type { FastifyBaseLogger } from 'fastify';
import type { ProcessingStep } from '../../src/contract/board-files';
import type { BoardJobSettings } from '../config';
import type { Db } from '../db/connect';
import type { FileStore } from './file-store';
import type { Progress } from './progress';
import type { Lease } from '../db/leased-queue';
import { recordStep, renewLease, type JobRow } from './queue';
import { storeStep } from './store';
import type { BoardWorkers } from './worker-pool';

/** What every stage of a claimed job works with: this gateway's lease on the queue and its services. */
export interface JobContext {
  db: Db;
  log: FastifyBaseLogger;
  now(): Date;
  progress: Progress;
  workers: BoardWorkers;
  store: FileStore;
  settings: BoardJobSettings;
  lease: Lease;
  /** A quote whose first stage is stored measures DFM beside a customer's job instead of ahead of it. */
  lendSlot(job: JobRow): void;
}

export class LeaseLost extends Error {}
export class ShuttingDown extends Error {}

/** One claim of a job: what its stages, its heartbeat and its settling tell each other. */
export interface Claim {
  job: JobRow;
  controller: AbortController;
  /** The folder its pictures are drawn into and the DFM stage it waits for: one per attempt. */
  generation: string;
  /** A claim of a measuring job: its gateway died or stopped after the first stage, so DFM alone is measured. */
  measureOnly: boolean;
  /** Set once the claim writes the job's end: a lease no longer held is then its own doing. */
  finishing: boolean;
  /** Set once the first stage is stored: whatever goes wrong after it concerns DFM only. */
  stored: boolean;
  /** The first stage's storing, begun when the worker posts it. */
  analysed: Promise<void> | null;
  /** The steps sent so far, each after the one before. */
  steps: Promise<void>;
}

export function newClaim(job: JobRow, controller: AbortController): Claim {
  const measureOnly = job.status === 'measuring';
  return {
    job, controller, generation: `${job.id}-${job.attempts}`, measureOnly,
    finishing: false, stored: measureOnly, analysed: null, steps: Promise.resolve(),
  };
}

/** Renews the claim's lease while it runs; a lease another gateway or a re-run took stops the claim. */
export function keepLease({ db, lease, log, now }: JobContext, claim: Claim): NodeJS.Timeout {
  const { job, controller } = claim;
  return setInterval(() => {
    renewLease(db, job.id, lease, now()).then((held) => {
      if (!held && !claim.finishing) controller.abort(new LeaseLost());
    }, (error: unknown) => log.warn({ err: error, jobId: job.id }, 'board job lease could not be renewed'));
  }, Math.max(250, lease.leaseMs / 3));
}

/**
 * A step goes out after the previous one was sent and written. A DFM-only claim has none to show: its upload's first
 * stage is on show.
 */
export function reportStep({ db, lease, log, progress }: JobContext, claim: Claim, step: ProcessingStep): void {
  if (claim.measureOnly) return;
  const { id, uploadId } = claim.job;
  claim.steps = claim.steps.then(async () => {
    await Promise.all([progress.step(uploadId, step), recordStep(db, id, lease.owner, step), storeStep(db, uploadId, step)]);
  }).catch((error: unknown) => log.warn({ err: error, uploadId }, 'board job step not recorded'));
}
