import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Gateway } from '../../server/app';
import { releaseDue, startIdleMemoryRelease } from '../../server/health/idle-memory';
import { startGateway } from './helpers';
import { scrape, value } from './prometheus-text';

const MB = 2 ** 20;
const nodeMajor = Number(process.versions.node.split('.')[0]);

describe('when a quiet gateway gives memory back', () => {
  it('is due after the idle time that follows activity, and not again until there has been more', () => {
    expect(releaseDue({ lastActivityMs: 1000, lastReleaseMs: null }, 30_999, 30_000)).toBe(false);
    expect(releaseDue({ lastActivityMs: 1000, lastReleaseMs: null }, 31_000, 30_000)).toBe(true);
    expect(releaseDue({ lastActivityMs: 1000, lastReleaseMs: 31_000 }, 90_000, 30_000)).toBe(false);
    expect(releaseDue({ lastActivityMs: 40_000, lastReleaseMs: 31_000 }, 69_999, 30_000)).toBe(false);
    expect(releaseDue({ lastActivityMs: 40_000, lastReleaseMs: 31_000 }, 70_000, 30_000)).toBe(true);
  });

  describe('on the clock', () => {
    afterEach(() => { vi.useRealTimers(); });

    it('collects once after start-up has settled, once after each busy spell, and never while requests keep coming', () => {
      vi.useFakeTimers();
      let clock = 0;
      const collect = vi.fn();
      const release = startIdleMemoryRelease({ idleMs: 1000, now: () => clock, collect, rssBytes: () => 100 * MB });
      const pass = (ms: number) => { clock += ms; vi.advanceTimersByTime(ms); };
      pass(900);
      expect(collect).not.toHaveBeenCalled();
      pass(600);
      expect(collect).toHaveBeenCalledTimes(1);
      pass(10_000);
      expect(collect).toHaveBeenCalledTimes(1);
      for (let request = 0; request < 20; request += 1) { release.touch(); pass(500); }
      expect(collect).toHaveBeenCalledTimes(1);
      pass(1000);
      expect(collect).toHaveBeenCalledTimes(2);
      expect(release.figures().releases).toBe(2);
      release.stop();
    });
  });

  // Node 24's V8 pools freed pages; the figures of the soak (docs/decisions.md) were taken there.
  it.runIf(nodeMajor >= 24)('gives back the pages a plain full collection keeps', async () => {
    setFlagsFromString('--expose-gc');
    const plainCollection = runInNewContext('gc') as () => void;
    setFlagsFromString('--no-expose-gc');
    // Short-lived garbage grows the young generation; its pages go to V8's pool once it shrinks again.
    const kept: unknown[] = [];
    for (let round = 0; round < 300; round += 1) {
      const garbage = Array.from({ length: 20_000 }, (_, index) => ({ index, text: `x${index}`, pair: [index, index + 1] }));
      if (round % 10 === 0) kept.push(garbage.slice(0, 100));
    }
    plainCollection();
    const afterPlainCollection = process.memoryUsage.rss();
    const release = startIdleMemoryRelease({ idleMs: 50 });
    await vi.waitFor(() => expect(release.figures().releases).toBe(1), { timeout: 5000, interval: 50 });
    release.stop();
    expect(kept).toHaveLength(30);
    expect(afterPlainCollection - process.memoryUsage.rss()).toBeGreaterThan(20 * MB);
    expect(release.figures().lastReleasedBytes).toBeGreaterThan(20 * MB);
  });

  describe('in a gateway', () => {
    let gw: Gateway | null = null;
    afterEach(async () => { await gw?.close(); gw = null; });
    const KEY = 'idle-memory-test-operator-key-0123456789abcdef';

    it('counts its releases in /api/metrics once quiet, and none while off (the suite\'s default)', async () => {
      gw = await startGateway({ operatorKey: KEY, memoryReleaseIdleSeconds: 1, boardJobs: { concurrency: 0 } });
      await gw.warmedUp;
      await vi.waitFor(async () => {
        expect(value(await scrape(gw as Gateway, KEY), 'pcb_idle_memory_releases_total')).toBeGreaterThanOrEqual(1);
      }, { timeout: 10_000, interval: 1500 });
      await gw.close();
      gw = await startGateway({ operatorKey: KEY, boardJobs: { concurrency: 0 } });
      await new Promise((wake) => setTimeout(wake, 1500));
      expect(value(await scrape(gw, KEY), 'pcb_idle_memory_releases_total')).toBe(0);
    }, 60_000);
  });
});
