import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import type { BoardJobSettings } from '../../server/config';
import { createProcessing } from '../../server/board-jobs/jobs';
import type { Progress } from '../../server/board-jobs/progress';
import { CUSTOMER_PRIORITY, enqueueJob, QUOTE_PRIORITY } from '../../server/board-jobs/queue';
import { failStaleDfm, findUpload, storeDfm, storeResult } from '../../server/board-jobs/store';
import { createStreamingHub } from '../../server/board-jobs/streaming-hub';
import { renderKey } from '../../server/board-jobs/upload-keys';
import { JobLimitExceeded, type AnalyseInput, type BoardWorkers } from '../../server/board-jobs/worker-pool';
import type { AnalyseOutcome, StoredAnalysis } from '../../server/board-jobs/worker-tasks';
import { boardJobs } from '../../server/board-jobs/schema';
import type { BoardDfm } from '../../src/contract/dfm';
import { startGateway } from './helpers';
import { firstOwner, makeUpload } from './project-fixtures';

/**
 * DFM as a stage of its own: the job stores the pictures, layers and measurements as soon as the worker
 * posts them, and the DFM places when they come. The worker pool is replaced by one the test holds: it posts the
 * first stage, then waits for the test before answering, so the state in between can be read.
 */

let gw: Gateway;
let owner = { clientId: 0, userId: 0 };
const SETTINGS: BoardJobSettings = { concurrency: 1, timeoutSeconds: 10, memoryMb: 256, attempts: 3, leaseSeconds: 30 };
const DFM: BoardDfm = { places: [{ rule: 'trackWidth', fileId: 'f1', valueMm: 0.08, at: { x: 1, y: 2 } }], moreByRule: [], pictureBoxMm: [0, 0, 10, 10] };

beforeAll(async () => {
  gw = await startGateway({ boardJobs: { concurrency: 0 } });
  owner = await firstOwner(gw);
});
afterAll(() => gw.close());

function firstStage(uploadId: string, generation: string): StoredAnalysis {
  return {
    files: [
      {
        id: 'f1',
        name: 'top.gtl',
        bytes: 10,
        format: 'gerber',
        type: 'copper',
        side: 'top',
        identifiedBy: 'name',
        needsCheck: false,
        order: 0,
        hidden: false,
        error: null,
      },
    ],
    measurements: null,
    alerts: [],
    renders: [{ name: 'top', key: renderKey(uploadId, generation, 'top'), etag: '"t"' }],
    layersCorrected: false,
    boardName: 'top',
  };
}

interface Held { release(outcome: (result: StoredAnalysis) => Promise<AnalyseOutcome>): void }

/**
 * Workers whose analysis posts its first stage at once and answers when the test releases it: `held` is the first
 * analysis, `heldByUpload` every one once its first stage is posted, `calls` the uploads in the order they came.
 */
function heldWorkers(): { workers: BoardWorkers; held: Promise<Held>; heldByUpload: Map<string, Held>; calls: string[]; inputs: AnalyseInput[] } {
  let holdFirst: (held: Held) => void = () => undefined;
  const held = new Promise<Held>((resolve) => { holdFirst = resolve; });
  const heldByUpload = new Map<string, Held>();
  const calls: string[] = [];
  const inputs: AnalyseInput[] = [];
  const workers: BoardWorkers = {
    unpack: () => Promise.reject(new Error('not used')),
    parseBom: () => Promise.reject(new Error('not used')),
    analyse: async (input, _onStep, signal, onAnalysed) => {
      calls.push(input.uploadId);
      inputs.push(input);
      const result = firstStage(input.uploadId, input.generation);
      await gw.context.files.put(result.renders[0]?.key ?? '', Buffer.from('<svg/>'));
      onAnalysed?.(result);
      return new Promise<AnalyseOutcome>((resolve, reject) => {
        // As the real pool does, a job stopped from outside (shutdown, a lost lease) rejects with the signal's reason.
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
        const one: Held = { release: (outcome) => void outcome(result).then(resolve, reject) };
        heldByUpload.set(input.uploadId, one);
        holdFirst(one);
      });
    },
    destroy: () => Promise.resolve(),
  };
  return { workers, held, heldByUpload, calls, inputs };
}

/** Answers a held analysis with DFM measured. */
const measured = (result: StoredAnalysis): Promise<AnalyseOutcome> =>
  Promise.resolve({ kind: 'done', result, dfm: { kind: 'measured', stage: { dfm: DFM, dfmMs: 1 } } });

function recordingProgress(): Progress & { overs: string[] } {
  const overs: string[] = [];
  return {
    overs,
    step: () => Promise.resolve(),
    over: (uploadId) => { overs.push(uploadId); return Promise.resolve(); },
    jobQueued: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/** The gateway's processing of board jobs over `workers`, with a progress that records unless one is given. */
function processingWith(
  workers: BoardWorkers,
  { progress = recordingProgress(), settings = SETTINGS }: { progress?: Progress; settings?: BoardJobSettings } = {},
) {
  return createProcessing({
    db: gw.db, log: gw.app.log, now: () => new Date(), hub: createStreamingHub(), progress, workers, store: gw.context.files, settings,
  });
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function started() {
  const uploadId = await makeUpload(gw, { ...owner, status: 'processing' });
  const job = await enqueueJob(gw.db, uploadId, null, new Date());
  if (!job) throw new Error('not queued');
  const { workers, held } = heldWorkers();
  const progress = recordingProgress();
  const processing = processingWith(workers, { progress });
  return { uploadId, jobId: job.id, held, progress, processing };
}

describe('DFM as a stage after the first one', () => {
  it('stores the pictures and measurements as done before DFM ends, then the DFM places, telling followers each time', async () => {
    const { uploadId, jobId, held, progress, processing } = await started();
    try {
      const first = await until(() => findUpload(gw.db, uploadId), (row) => row?.status === 'done');
      expect(first?.analysis?.dfmStatus).toBe('running');
      expect(first?.analysis?.dfm).toBeUndefined();
      expect(first?.analysis?.images.top).toMatch(/top\.svg$/);
      const [job] = await gw.db.select().from(boardJobs).where(eq(boardJobs.id, jobId));
      expect(job?.status).toBe('measuring');
      expect(progress.overs).toEqual([uploadId]);

      (await held).release(async () => ({
        kind: 'done',
        result: firstStage(uploadId, `${jobId}-1`),
        dfm: { kind: 'measured', stage: { dfm: DFM, dfmMs: 5 } },
      }));
      const second = await until(() => findUpload(gw.db, uploadId), (row) => row?.analysis?.dfmStatus !== 'running');
      expect(second?.analysis?.dfmStatus).toBe('done');
      expect(second?.analysis?.dfm).toEqual(DFM);
      expect(second?.analysis?.images.top).toBe(first?.analysis?.images.top);
      expect(second?.dfmGeneration).toBeNull();
      await until(() => Promise.resolve(progress.overs.length), (count) => count === 2);
      const [over] = await gw.db.select().from(boardJobs).where(eq(boardJobs.id, jobId));
      expect(over).toMatchObject({ status: 'done', error: null });
    } finally {
      await processing.close();
    }
  });

  it('leaves the analysis and its pictures standing when DFM runs out of time, and says DFM failed', async () => {
    const { uploadId, jobId, held, processing } = await started();
    try {
      await until(() => findUpload(gw.db, uploadId), (row) => row?.status === 'done');
      (await held).release(() => Promise.reject(new JobLimitExceeded('time')));
      const row = await until(() => findUpload(gw.db, uploadId), (value) => value?.analysis?.dfmStatus !== 'running');
      expect(row).toMatchObject({ status: 'done', error: null });
      expect(row?.analysis?.dfmStatus).toBe('failed');
      expect(await gw.context.files.get(renderKey(uploadId, `${jobId}-1`, 'top'))).not.toBeNull();
    } finally {
      await processing.close();
    }
  });
});

describe('A quote measuring DFM', () => {
  it('lends its slot to a customer\'s job, which runs beside it, but not to another quote', async () => {
    const { workers, heldByUpload, calls } = heldWorkers();
    const queued = async (priority: number) => {
      const uploadId = await makeUpload(gw, { ...owner, status: 'processing' });
      await enqueueJob(gw.db, uploadId, null, new Date(), priority);
      return uploadId;
    };
    const quote = await queued(QUOTE_PRIORITY);
    const processing = processingWith(workers);
    try {
      await until(() => findUpload(gw.db, quote), (row) => row?.status === 'done');
      const otherQuote = await queued(QUOTE_PRIORITY);
      const customer = await queued(CUSTOMER_PRIORITY);
      processing.wake();
      await until(() => findUpload(gw.db, customer), (row) => row?.status === 'done');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(calls).toEqual([quote, customer]);
      expect((await findUpload(gw.db, quote))?.analysis?.dfmStatus).toBe('running');
      heldByUpload.get(quote)?.release(measured);
      heldByUpload.get(customer)?.release(measured);
      // It is held once its first stage is posted, a moment after the call.
      await until(() => Promise.resolve(heldByUpload.has(otherQuote)), Boolean);
      expect(calls).toEqual([quote, customer, otherQuote]);
      heldByUpload.get(otherQuote)?.release(measured);
      await until(() => findUpload(gw.db, otherQuote), (row) => row?.analysis?.dfmStatus === 'done');
    } finally {
      await processing.close();
    }
  });
});

describe('A shutdown while DFM is measured', () => {
  it('gives the job back for its DFM alone, no attempt counted, and leaves its DFM running rather than failed', async () => {
    const { uploadId, jobId, held, processing } = await started();
    await until(() => findUpload(gw.db, uploadId), (row) => row?.status === 'done');
    await held;
    // DFM never answers here, so closing waits out its drain and stops it.
    await processing.close();
    const jobs = await gw.db.select().from(boardJobs).where(eq(boardJobs.uploadId, uploadId)).orderBy(asc(boardJobs.id));
    expect(jobs.map((job) => [job.id === jobId, job.status, job.attempts, job.leaseOwner])).toEqual([[true, 'measuring', 0, null]]);
    const row = await findUpload(gw.db, uploadId);
    expect(row).toMatchObject({ status: 'done', dfmGeneration: `${jobId}-1` });
    expect(row?.analysis?.dfmStatus).toBe('running');
  }, 15_000);
});

describe('Storing a DFM stage', () => {
  it('keeps the DFM of an attempt whose analysis a re-run replaced off the new one', async () => {
    const uploadId = await makeUpload(gw, { ...owner, status: 'processing' });
    const upload = await findUpload(gw.db, uploadId);
    if (!upload) throw new Error('no upload');
    await storeResult(gw.db, upload, firstStage(uploadId, '1-1'), { generation: '1-1', since: new Date() });
    await storeResult(gw.db, upload, firstStage(uploadId, '2-1'), { generation: '2-1', since: new Date() });
    expect(await storeDfm(gw.db, uploadId, '1-1', DFM)).toBe(false);
    expect((await findUpload(gw.db, uploadId))?.analysis?.dfmStatus).toBe('running');
    expect(await storeDfm(gw.db, uploadId, '2-1', DFM)).toBe(true);
    expect((await findUpload(gw.db, uploadId))?.analysis).toMatchObject({ dfmStatus: 'done', dfm: DFM });
  });

  it('fails a DFM stage nobody finished in time (its gateway stopped), and only that one', async () => {
    const stale = await makeUpload(gw, { ...owner, status: 'processing' });
    const live = await makeUpload(gw, { ...owner, status: 'processing' });
    for (const [uploadId, since] of [[stale, new Date('2026-01-01T10:00:00Z')], [live, new Date('2026-01-01T10:01:00Z')]] as const) {
      const upload = await findUpload(gw.db, uploadId);
      if (!upload) throw new Error('no upload');
      await storeResult(gw.db, upload, firstStage(uploadId, '1-1'), { generation: '1-1', since });
    }
    expect(await failStaleDfm(gw.db, new Date('2026-01-01T10:00:30Z'))).toEqual([stale]);
    expect((await findUpload(gw.db, stale))?.analysis?.dfmStatus).toBe('failed');
    expect((await findUpload(gw.db, live))?.analysis?.dfmStatus).toBe('running');
  });
});

/**
 * A gateway killed during DFM, at the lease level: a killed gateway's row keeps its lease until it runs
 * out and nobody renews it. `crash` leaves the row so (an owner that is gone, a lease already over); the gateway in
 * this process that held it finds its lease gone at its next renewal and lets go, as a dead one no longer acts.
 */
describe('A gateway that dies while DFM is measured', () => {
  const LEASED: BoardJobSettings = { ...SETTINGS, leaseSeconds: 1 };
  const gateway = () => {
    const { workers, heldByUpload, inputs } = heldWorkers();
    const processing = processingWith(workers, { settings: LEASED });
    return { processing, heldByUpload, inputs };
  };
  const jobRow = async (jobId: number) => (await gw.db.select().from(boardJobs).where(eq(boardJobs.id, jobId)))[0];
  async function crash(jobId: number, processing: ReturnType<typeof gateway>['processing']) {
    await gw.db.update(boardJobs).set({ leaseOwner: 'killed', leaseUntil: new Date(Date.now() - 1) }).where(eq(boardJobs.id, jobId));
    await processing.close();
  }
  async function measuringOnFirst() {
    // Earlier tests leave jobs a gateway would claim first (the shutdown's, given back); these gateways have one slot.
    await gw.db.update(boardJobs).set({ status: 'done' }).where(inArray(boardJobs.status, ['queued', 'running', 'measuring']));
    const uploadId = await makeUpload(gw, { ...owner, status: 'processing' });
    const job = await enqueueJob(gw.db, uploadId, null, new Date());
    if (!job) throw new Error('not queued');
    const first = gateway();
    const shown = await until(() => findUpload(gw.db, uploadId), (row) => row?.status === 'done');
    expect(await jobRow(job.id)).toMatchObject({ status: 'measuring', attempts: 1 });
    return { uploadId, jobId: job.id, first, images: shown?.analysis?.images };
  }

  it('hands its DFM to another gateway, which measures DFM alone and stores it under the first stage kept as it was', async () => {
    const { uploadId, jobId, first, images } = await measuringOnFirst();
    await crash(jobId, first.processing);
    const next = gateway();
    try {
      await until(() => Promise.resolve(next.heldByUpload.has(uploadId)), Boolean);
      expect(next.inputs.map((input) => [input.uploadId, input.measureOnly])).toEqual([[uploadId, true]]);
      expect(await jobRow(jobId)).toMatchObject({ status: 'measuring', attempts: 2 });
      next.heldByUpload.get(uploadId)?.release(measured);
      const row = await until(() => findUpload(gw.db, uploadId), (value) => value?.analysis?.dfmStatus !== 'running');
      expect(row?.analysis).toMatchObject({ dfmStatus: 'done', dfm: DFM, images });
      expect(await gw.context.files.get(renderKey(uploadId, `${jobId}-1`, 'top'))).not.toBeNull();
      expect(await jobRow(jobId)).toMatchObject({ status: 'done', attempts: 2, error: null });
    } finally {
      await next.processing.close();
    }
  }, 30_000);

  it('fails only the DFM of a board that kills its gateway on every attempt, with its reason, the first stage still shown', async () => {
    const { uploadId, jobId, first, images } = await measuringOnFirst();
    await crash(jobId, first.processing);
    for (let attempt = 2; attempt <= LEASED.attempts; attempt += 1) {
      const next = gateway();
      await until(() => Promise.resolve(next.heldByUpload.has(uploadId)), Boolean);
      expect(await jobRow(jobId)).toMatchObject({ status: 'measuring', attempts: attempt });
      await crash(jobId, next.processing);
    }
    const last = gateway();
    try {
      const row = await until(() => findUpload(gw.db, uploadId), (value) => value?.analysis?.dfmStatus !== 'running');
      expect(row).toMatchObject({ status: 'done', error: null });
      expect(row?.analysis).toMatchObject({ dfmStatus: 'failed', images });
      expect(await jobRow(jobId)).toMatchObject({ status: 'failed', error: 'dfmInterrupted', attempts: LEASED.attempts });
      expect(last.inputs).toEqual([]);
    } finally {
      await last.processing.close();
    }
  }, 30_000);
});
