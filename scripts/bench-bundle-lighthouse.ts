import { writeFileSync } from 'node:fs';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import type { BrowserContext } from '@playwright/test';

export type FormFactor = 'mobile' | 'desktop';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const METRICS = { FCP: 'first-contentful-paint', LCP: 'largest-contentful-paint', TBT: 'total-blocking-time', CLS: 'cumulative-layout-shift' } as const;

export interface LighthouseRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<keyof typeof METRICS, number>;
  /** Audits of the three categories that did not pass, as `category/audit-id`. */
  failed: string[];
}

function readRun(lhr: Result): LighthouseRun {
  const score = (id: string) => Math.round(100 * (lhr.categories[id]?.score ?? 0));
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failed = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
      .map((ref) => `${category}/${ref.id}`),
  );
  return {
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices') },
    metrics: { FCP: metric(METRICS.FCP), LCP: metric(METRICS.LCP), TBT: metric(METRICS.TBT), CLS: metric(METRICS.CLS) },
    failed,
  };
}

/**
 * One Lighthouse navigation of `url` in the browser listening on `debuggingPort` (the profile of `context`, so the
 * storage the caller put there is the visitor's). Storage reset is off to keep a signed-in session: the HTTP cache is
 * cleared here instead, so every run is a first visit.
 */
export async function runLighthouse(
  context: BrowserContext, debuggingPort: number, url: string, formFactor: FormFactor, saveAs?: string,
): Promise<LighthouseRun> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const result = await lighthouse(
    url,
    { port: debuggingPort, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: true },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
  // The whole report, for the diagnostics a score hides (the largest paint's element, the request chains).
  if (saveAs && typeof result.report === 'string') writeFileSync(saveAs, result.report);
  return readRun(result.lhr);
}

/** The run whose performance score is the median (its paint times come with it), and every run's scores. */
export function medianRun(runs: readonly LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no Lighthouse runs');
  return median;
}

export function formatRun(run: LighthouseRun): string {
  const { scores, metrics } = run;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    `perf ${String(scores.performance).padStart(3)}`,
    `a11y ${String(scores.accessibility).padStart(3)}`,
    `bp ${String(scores['best-practices']).padStart(3)}`,
    `FCP ${seconds(metrics.FCP)}`,
    `LCP ${seconds(metrics.LCP)}`,
    `TBT ${Math.round(metrics.TBT)} ms`,
    `CLS ${metrics.CLS.toFixed(3)}`,
  ].join('  ');
}
