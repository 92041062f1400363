/**
 * `npm run bench:bundle`: builds the app, serves it from the real gateway and, in Debian's Chromium,
 * 1. measures the bytes a first visit to /auth transfers as served (the request headers Chromium sends), by kind,
 *    with React's share, and what they would be if every file went out gzip -9 or brotli -11; then the bytes of
 *    signing in (the dashboard after /auth) and of a first visit to the dashboard with a session;
 * 2. runs Lighthouse on /auth and on the signed-in dashboard, mobile and desktop, `BENCH_LIGHTHOUSE_RUNS` times
 *    each (3; 0 skips it), and prints the median run's scores and paint times.
 * Targets: /auth ≤ 100 KB transferred; mobile performance ≥ 95 and accessibility 100 on both pages.
 * `BENCH_COMPRESS=1` puts a compressing proxy in front of the gateway (a stand-in for precompressed assets, to see
 * the Lighthouse figures they would give). `BENCH_FILES=1` lists every file of each visit. `BENCH_DIST=<folder>`
 * measures another build instead (for example an older commit's `dist`) to compare.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { formatRun, medianRun, runLighthouse, type FormFactor, type LighthouseRun } from './bench-bundle-lighthouse';
import { recordTransfers, setVisitorStorage, settle, signInToken, summarise, type Transfer } from './bench-bundle-transfer';
import { startCompressingProxy, type Proxy } from './bench-bundle-proxy';
import { chromiumArgs, chromiumPath, ensureChromium } from './chromium';
import { startLocalGateway } from './local-gateway';

const port = Number(process.env.BENCH_PORT ?? 8191);
const debuggingPort = Number(process.env.BENCH_DEBUGGING_PORT ?? port + 1000);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** BENCH_LIGHTHOUSE_REPORTS=<folder>: every run's whole report is written there as JSON. */
const reportsDir = process.env.BENCH_LIGHTHOUSE_REPORTS;
if (reportsDir) mkdirSync(reportsDir, { recursive: true });
const demo = { login: 'demo@example.ru', password: 'demo12345' };
const targets = { authKb: 100, mobilePerformance: 95, accessibility: 100 };
const profileDir = '.tmp/bench-chromium-profile';

if (!ensureChromium()) {
  console.error(`Chromium is missing at ${chromiumPath}; install Debian's chromium package.`);
  process.exit(1);
}
// Built as `npm run build` builds it (with its Brotli and gzip copies), in a folder of its own so a running test's
// dist/ is left alone.
const distDir = process.env.BENCH_DIST ?? '.tmp/bench-dist';
if (!process.env.BENCH_DIST) {
  const steps: string[][] = [
    ['npx', 'vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'],
    [process.execPath, '--import', 'tsx', 'scripts/compress-assets.ts', distDir],
  ];
  for (const [command = '', ...args] of steps) if (spawnSync(command, args, { stdio: 'inherit' }).status !== 0) process.exit(1);
}

/** The machine's load (1, 5 and 15 minutes): Lighthouse's blocking time grows with it, so it stands beside the scores. */
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const cell = (bytes: number) => kb(bytes).padStart(10);

function printVisit(title: string, transfers: readonly Transfer[], targetKb?: number): void {
  const summary = summarise(transfers);
  console.log(`\n${title} (served with ${summary.encodings.join(', ') || 'nothing'}):`);
  console.log(`  ${'kind'.padEnd(6)} ${'files'.padStart(5)} ${'served'.padStart(10)} ${'raw'.padStart(10)} ${'gzip -9'.padStart(10)} ${'brotli'.padStart(10)}`);
  for (const row of summary.byKind) {
    console.log(`  ${row.kind.padEnd(6)} ${String(row.count).padStart(5)} ${cell(row.transferred)} ${cell(row.raw)} ${cell(row.asGzip)} ${cell(row.asBrotli)}`);
  }
  if (process.env.BENCH_FILES === '1') {
    for (const row of [...transfers].sort((a, b) => b.asBrotli - a.asBrotli))
      console.log(`         ${cell(row.transferred)} ${cell(row.asBrotli)}  ${row.path}`);
  }
  const { total, react, scripts } = summary;
  console.log(
    `  ${'total'.padEnd(6)} ${String(transfers.length).padStart(5)} ${cell(total.transferred)} ${cell(total.raw)} ${cell(total.asGzip)} ${cell(total.asBrotli)}`,
  );
  const share = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(0)} %` : '-');
  console.log(
    `  React: ${kb(react.transferred)} served = ${share(react.transferred, scripts.transferred)} of the JavaScript (${kb(react.asBrotli)} = ${share(react.asBrotli, scripts.asBrotli)} as brotli)`,
  );
  if (targetKb !== undefined) {
    const verdict = (bytes: number) => (bytes <= targetKb * 1024 ? 'met' : 'NOT met');
    console.log(`  target ≤ ${targetKb} KB transferred: as served ${verdict(total.transferred)}; with brotli assets ${verdict(total.asBrotli)}`);
  }
}

async function signInWithForm(page: Page): Promise<void> {
  await page.locator('input[name="login"]').fill(demo.login);
  await page.locator('input[name="password"]').fill(demo.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.locator('h1.page__title').waitFor();
}

// Each Lighthouse run of the dashboard signs in afresh (see below): more sign-ins of one login than the gateway's
// guard against password guessing allows in its window, for a bench that is not measuring that guard.
const localGateway = await startLocalGateway(port, '.tmp/bench-data', distDir, { RATE_LIMIT_PER_LOGIN: '1000' });
let proxy: Proxy | null = null;
try {
  if (process.env.BENCH_COMPRESS === '1') {
    proxy = await startCompressingProxy(port + 2, new URL(localGateway.url));
    console.log(`\nThrough a compressing proxy (BENCH_COMPRESS=1): static files as brotli -11 / gzip -9, the API as the gateway sends it.`);
  }
  const gateway = { url: proxy?.url ?? localGateway.url };
  // 1. Bytes on the wire: each visit in a fresh context (no cache, no storage).
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const guest = await browser.newContext();
  await setVisitorStorage(guest, gateway.url, null);
  const authPage = await guest.newPage();
  const recording = await recordTransfers(authPage, distDir);
  await authPage.goto(`${gateway.url}/auth`);
  await settle(authPage);
  printVisit('A first visit to /auth', recording.take(), targets.authKb);
  await signInWithForm(authPage);
  await settle(authPage);
  printVisit('Signing in from there: the dashboard after /auth (its files already cached)', recording.take());
  await recording.stop();

  const member = await browser.newContext();
  await setVisitorStorage(member, gateway.url, await signInToken(gateway.url, demo.login, demo.password));
  const dashboardPage = await member.newPage();
  const dashboardRecording = await recordTransfers(dashboardPage, distDir);
  await dashboardPage.goto(`${gateway.url}/`);
  await dashboardPage.locator('h1.page__title').waitFor();
  await settle(dashboardPage);
  printVisit('A first visit to the dashboard with a session (cold cache)', dashboardRecording.take());
  await dashboardRecording.stop();
  await browser.close();

  // 2. Lighthouse, in a browser whose profile holds the visitor's storage.
  if (lighthouseRuns > 0) {
    rmSync(profileDir, { recursive: true, force: true });
    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath: chromiumPath,
      args: [...chromiumArgs, `--remote-debugging-port=${debuggingPort}`],
    });
    console.log(`\nLighthouse ${lighthouseRuns}× per row, median run by performance score (${new Date().toISOString()}, load ${load()}):`);
    const verdicts: string[] = [];
    for (const target of [{ name: '/auth', path: '/auth', signedIn: false }, { name: 'dashboard', path: '/', signedIn: true }]) {
      for (const formFactor of ['mobile', 'desktop'] as FormFactor[]) {
        const runs: LighthouseRun[] = [];
        for (let index = 0; index < lighthouseRuns; index += 1) {
          // A fresh token for each run: the app treats a token older than 105 s as expired and refreshes it first.
          const token = target.signedIn ? await signInToken(gateway.url, demo.login, demo.password) : null;
          await setVisitorStorage(context, gateway.url, token);
          const saveAs = reportsDir ? join(reportsDir, `${target.name.replace(/\W/g, '') || 'page'}-${formFactor}-${index + 1}.json`) : undefined;
          runs.push(await runLighthouse(context, debuggingPort, `${gateway.url}${target.path}`, formFactor, saveAs));
        }
        const median = medianRun(runs);
        console.log(
          `  ${target.name.padEnd(9)} ${formFactor.padEnd(7)} ${formatRun(median)}   (perf of each run: ${runs.map((run) => run.scores.performance).join(', ')}; load ${load()})`,
        );
        const failed = [...new Set(runs.flatMap((run) => run.failed))];
        if (failed.length > 0) console.log(`            audits below 0.9: ${failed.join(', ')}`);
        if (formFactor === 'mobile') {
          const met = median.scores.performance >= targets.mobilePerformance && median.scores.accessibility >= targets.accessibility;
          verdicts.push(`${target.name}: ${met ? 'met' : 'NOT met'}`);
        }
      }
    }
    console.log(`  target mobile performance ≥ ${targets.mobilePerformance} and accessibility ${targets.accessibility}: ${verdicts.join('; ')}`);
    await context.close();
  }
} finally {
  proxy?.close();
  await localGateway.stop();
}
