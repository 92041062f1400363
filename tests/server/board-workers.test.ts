// Runs alone (vite.config.ts, "timed"): it measures time or load, which a second test file beside it would bend.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderStore } from '../../server/board-jobs/file-store';
import { createBoardWorkers, JobLimitExceeded } from '../../server/board-jobs/worker-pool';
import type { StoredAnalysis, StoredFile } from '../../server/board-jobs/worker-tasks';
import { zipBoard, zipOf } from './board-fixtures';
import { strokeLayer, zipLayer } from './heavy-board';

/** The runner processes on their own: unpacking, analysing, progress, and the time limit. */

const dir = mkdtempSync(join(tmpdir(), 'board-workers-test-'));
const store = folderStore(dir);
const workers = createBoardWorkers({ store: store.spec, threads: 1, memoryMb: 1024, timeoutMs: 4000 });
afterAll(async () => {
  await workers.destroy();
  rmSync(dir, { recursive: true, force: true });
});

async function stored(uploadId: string, zip: Buffer): Promise<StoredFile[]> {
  const outcome = await workers.unpack({ uploadId, fileName: `${uploadId}.zip`, bytes: new Uint8Array(zip) });
  if (outcome.kind !== 'stored') throw new Error(`refused: ${outcome.code}`);
  return outcome.files;
}

describe('Board workers', () => {
  it('unpack into the store and analyse there, reporting each step to the gateway\'s thread in order', async () => {
    const files = await stored('arduino', zipBoard('arduino-uno'));
    expect(files).toHaveLength(7);
    expect((await store.get(files[0]?.key ?? ''))?.length).toBe(files[0]?.bytes);
    const steps: string[] = [];
    let analysed: StoredAnalysis | null = null;
    const outcome = await workers.analyse(
      { uploadId: 'arduino', generation: '1-1', files, overrides: null, uploadName: 'board.zip' }, (step) => steps.push(step), new AbortController().signal,
      (first) => { analysed = first; steps.push('analysed'); },
    );
    // The first stage is posted with its pictures stored, before DFM is measured and the task answers.
    expect(steps).toEqual(['identify', 'render', 'measure', 'check', 'analysed']);
    if (outcome.kind !== 'done') throw new Error(outcome.reason);
    expect(analysed).toEqual(outcome.result);
    expect(outcome.dfm.kind === 'measured' && outcome.dfm.stage.dfm.pictureBoxMm).toBeTruthy();
    expect(outcome.result.measurements?.layerCount).toBe(2);
    const top = outcome.result.renders.find((render) => render.name === 'top');
    expect(top?.key).toBe('uploads/arduino/renders/1-1/top.svg');
    expect((await store.get(top?.key ?? ''))?.toString('utf8')).toMatch(/^<svg[\s>]/);
    expect(top?.etag).toMatch(/^"[\w-]{27}"$/);
  });

  it('refuse an unsafe archive inside the worker with its code, writing nothing', async () => {
    const outcome = await workers.unpack({ uploadId: 'evil', fileName: 'evil.zip', bytes: new Uint8Array(zipOf({ '../evil.gbr': 'G04*\nM02*\n' })) });
    expect(outcome).toMatchObject({ kind: 'refused', code: 'zipTraversal' });
    expect(await store.list('uploads/evil/')).toEqual([]);
  });

  it('stop a job at its time limit, and take the next job on a fresh thread', async () => {
    const files = await stored('slow', zipLayer('slow.gtl', strokeLayer(2_000_000)));
    const started = Date.now();
    const failure = await workers
      .analyse(
        { uploadId: 'slow', generation: '1-1', files, overrides: null, uploadName: 'board.zip' },
        () => undefined,
        new AbortController().signal,
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(JobLimitExceeded);
    expect((failure as JobLimitExceeded).limit).toBe('time');
    expect(Date.now() - started).toBeLessThan(15_000);
    const next = await workers.analyse(
      { uploadId: 'arduino', generation: '2-1', files: await stored('arduino', zipBoard('arduino-uno')), overrides: null, uploadName: 'board.zip' },
      () => undefined,
      new AbortController().signal,
    );
    expect(next.kind).toBe('done');
  });

  it('stop a job when the gateway asks, with the reason it gave', async () => {
    const files = await stored('stopped', zipLayer('slow.gtl', strokeLayer(2_000_000)));
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('shutting down')), 300);
    const failure = await workers
      .analyse({ uploadId: 'stopped', generation: '1-1', files, overrides: null, uploadName: 'board.zip' }, () => undefined, controller.signal)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect((failure as Error).message).toBe('shutting down');
  });
});
