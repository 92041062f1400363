import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RunnerDied, RunnerMisbehaved, startRunner, type RunnerSpec } from '../../server/board-jobs/runner-process';
import { bareNodeDataKb } from '../../server/board-jobs/runner-code';
import type { RunnerTask } from '../../server/board-jobs/runner-protocol';

/**
 * A board's runner is a process of its own under the system's memory cap, so what its files make it do ends
 * it alone. The runner here is a fixture that misbehaves on purpose (runner-fixtures/greedy-runner.mjs); the
 * measurements are its own reports of its resident memory as it grows.
 */

const GREEDY = fileURLToPath(new URL('./runner-fixtures/greedy-runner.mjs', import.meta.url));
const CAP_MB = 256;
// The cap is taken above what a bare Node holds at start, as the gateway takes it (about 48 MB on Node 20, 560 MB on 24).
const spec: RunnerSpec = { entry: GREEDY, memoryMb: CAP_MB, maxMessageBytes: 1024 * 1024, bareDataKb: await bareNodeDataKb() };

const taskOf = (behaviour: string): RunnerTask => ({
  kind: 'analyse',
  task: {
    store: { kind: 'folder', dir: '/nonexistent' },
    uploadId: behaviour,
    generation: '1-1',
    files: [],
    overrides: null,
    uploadName: 'board.zip',
  },
});

/** Runs one misbehaving task; answers how it ended and the largest resident memory the runner reported. */
async function runGreedy(behaviour: string) {
  const runner = startRunner(spec);
  let peakMb = 0;
  const ended = await runner.run(taskOf(behaviour), undefined, (report) => {
    const rss = 'reading' in report ? /rss (\d+)/.exec(report.reading ?? '')?.[1] : undefined;
    if (rss) peakMb = Math.max(peakMb, Number(rss));
  }, new AbortController().signal).then(() => null, (error: unknown) => error);
  await runner.exited;
  return { ended, peakMb, heapAfterMb: process.memoryUsage().heapUsed / 1024 / 1024 };
}

describe('Board runner processes', () => {
  it('stop a runner that fills memory outside the JavaScript heap at the system\'s cap, which a heap limit does not see', async () => {
    const { ended, peakMb } = await runGreedy('buffers');
    console.log(`buffers: the runner reported ${peakMb} MB resident at most under a ${CAP_MB} MB cap`);
    expect(ended).toBeInstanceOf(RunnerDied);
    expect((ended as RunnerDied).outOfMemory).toBe(true);
    // It grew close to the cap (so the cap, not something else, stopped it), and no further than the cap plus what
    // a bare Node holds resident (its code and first heap: about 40 MB).
    expect(peakMb).toBeGreaterThan(CAP_MB * 0.6);
    expect(peakMb).toBeLessThan(CAP_MB + 96);
  });

  it('stop a runner that fills the JavaScript heap, and tell it ran out of memory', async () => {
    const { ended, peakMb } = await runGreedy('heap');
    console.log(`heap: the runner reported ${peakMb} MB resident at most under a ${CAP_MB} MB cap`);
    expect(ended).toBeInstanceOf(RunnerDied);
    expect((ended as RunnerDied).outOfMemory).toBe(true);
    expect(peakMb).toBeLessThan(CAP_MB + 96);
  });

  it('stop a runner that announces a message over the limit before the gateway keeps any of it', async () => {
    const before = process.memoryUsage().heapUsed / 1024 / 1024;
    const { ended, heapAfterMb } = await runGreedy('flood');
    expect(ended).toBeInstanceOf(RunnerMisbehaved);
    expect((ended as Error).message).toMatch(/over the 1048576 bytes/);
    expect(heapAfterMb - before).toBeLessThan(50);
  });

  it('tell a crash from running out of memory, with what the runner last said', async () => {
    const { ended } = await runGreedy('crash');
    expect(ended).toBeInstanceOf(RunnerDied);
    expect(ended).toMatchObject({ outOfMemory: false, detail: 'exit code 3: something went wrong' });
  });

  it('take the next task once a task is answered, and end quietly when the gateway lets go of it', async () => {
    const runner = startRunner(spec);
    const signal = new AbortController().signal;
    for (let i = 0; i < 2; i += 1) {
      await expect(runner.run(taskOf('answer'), undefined, () => undefined, signal)).resolves.toMatchObject({ result: { kind: 'failed', reason: 'fine' } });
    }
    runner.kill();
    await runner.exited;
    expect(runner.alive()).toBe(false);
  });

  it('stop a runner at once when the gateway asks, with the gateway\'s reason', async () => {
    const runner = startRunner(spec);
    const controller = new AbortController();
    const running = runner.run(taskOf('heap'), undefined, () => undefined, controller.signal);
    setTimeout(() => controller.abort(new Error('shutting down')), 200);
    await expect(running).rejects.toThrow('shutting down');
    await runner.exited;
  });
});
