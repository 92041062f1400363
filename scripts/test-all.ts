/**
 * `npm test`: the whole suite, in the order that fails fastest — typecheck, lint, the app's build, unit/machine/view/
 * gateway tests (vitest; the production-install test copies that build), then the browser tests (Playwright against
 * the real gateway in Debian's Chromium). Ends with one line `tests: N passed, N failed` that CI reads.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { chromiumPath, ensureChromium } from './chromium';

interface StepResult { name: string; ok: boolean; passed: number; failed: number; seconds: number; failures?: string[] }

const results: StepResult[] = [];
const suiteStarted = performance.now();
/** Seconds since `started` (a performance.now() value), so the summary says where the time went. */
const secondsSince = (started: number) => (performance.now() - started) / 1000;
mkdirSync('.tmp', { recursive: true });
console.log(`node ${process.version}`);

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

type Counts = { passed: number; failed: number; failures: string[] };

function readCounts(file: string, read: (json: unknown) => Counts): Counts {
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 0, failures: [] };
  }
}

/** The first line of a failure, so the summary at the end of a long log says what broke and where. */
function firstLine(message: string | undefined): string {
  return (message ?? '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    startTime: number;
    endTime: number;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

function vitestFailures(report: VitestReport): string[] {
  return report.testResults.flatMap((file) => {
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (failed.length === 0 && file.status === 'failed') return [`${file.name}: ${firstLine(file.message)}`];
    return failed.map((test) => `${file.name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
}

interface PlaywrightSuite {
  title: string;
  /** The spec file, on the top-level suites. */
  file?: string;
  specs?: { title: string; file: string; line: number; ok: boolean; tests: { results: { duration: number; error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport { stats: { expected: number; unexpected: number; flaky: number }; suites: PlaywrightSuite[] }

function playwrightFailures(suites: PlaywrightSuite[]): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).filter((spec) => !spec.ok).map((spec) => {
      const error = spec.tests.flatMap((test) => test.results).find((result) => result.error)?.error?.message;
      return `${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`;
    }),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

/** Seconds each browser spec file took, its tests' runs added up; a spec file may define its tests in a shared module. */
function playwrightFileSeconds(suites: PlaywrightSuite[], into = new Map<string, number>(), file?: string): Map<string, number> {
  for (const suite of suites) {
    const specFile = file ?? suite.file;
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((test) => test.results).reduce((sum, result) => sum + result.duration, 0);
      const key = `tests/e2e/${specFile ?? spec.file}`;
      into.set(key, (into.get(key) ?? 0) + ms / 1000);
    }
    playwrightFileSeconds(suite.suites ?? [], into, specFile);
  }
  return into;
}

/** Runs a command with its output kept, so two running side by side print one after the other. */
function runQuietly(name: string, command: string, args: string[]): Promise<{ name: string; ok: boolean; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.on('error', (error) => resolve({ name, ok: false, output: `${output}${error.message}\n`, seconds: secondsSince(started) }));
    child.on('close', (status) => resolve({ name, ok: status === 0, output, seconds: secondsSince(started) }));
  });
}

// Typecheck and lint each keep one core busy, and the machine has two: side by side, they take the time of the
// longer. Both keep what they learnt in .tmp, so a second run checks only what changed (a fresh clone, all of it).
const checks = await Promise.all([
  runQuietly('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit', '--incremental', '--tsBuildInfoFile', '.tmp/typecheck.tsbuildinfo']),
  runQuietly('lint', 'npx', ['eslint', '.', '--max-warnings', '0', '--cache', '--cache-location', '.tmp/eslint-cache']),
]);
for (const check of checks) {
  console.log(`\n▶ ${check.name}${check.ok ? '' : ': FAILED'}`);
  process.stdout.write(check.output);
  results.push({ name: check.name, ok: check.ok, passed: 0, failed: check.ok ? 0 : 1, seconds: check.seconds });
}

// Built once for both that need it: the browser tests serve it, and the production-install test copies it rather
// than running the same `vite build` again in the middle of the gateway tests.
const buildStarted = performance.now();
const buildOk = run('build the app for the browser tests and the production-install test', 'npx', ['vite', 'build', '--logLevel', 'warn']);
results.push({ name: 'build', ok: buildOk, passed: 0, failed: buildOk ? 0 : 1, seconds: secondsSince(buildStarted) });

const vitestReport = '.tmp/vitest-report.json';
rmSync(vitestReport, { force: true });
const vitestStarted = performance.now();
const vitestOk = run('unit, machine, view and gateway tests', 'npx', [
  'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`,
], buildOk ? { PORTAL_BUILT_APP: resolve('dist') } : {});
/** Where the suite's time goes, so the slowest files are the first looked at when it grows. */
const fileSeconds = new Map<string, number>();
const vitestCounts = readCounts(vitestReport, (json) => {
  const report = json as VitestReport;
  for (const file of report.testResults) fileSeconds.set(relative('.', file.name), (file.endTime - file.startTime) / 1000);
  return { passed: report.numPassedTests, failed: report.numFailedTests, failures: vitestFailures(report) };
});
results.push({ name: 'vitest', ok: vitestOk, ...vitestCounts, failed: vitestCounts.failed || (vitestOk ? 0 : 1), seconds: secondsSince(vitestStarted) });

const browserReady = ensureChromium();
if (!browserReady) {
  console.error(`Browser tests cannot run: Chromium is missing at ${chromiumPath} and could not be installed (apt-get install -y chromium).`);
  results.push({ name: 'browser', ok: false, passed: 0, failed: 1, seconds: 0 });
} else {
  const playwrightReport = '.tmp/playwright-report.json';
  const browserStarted = performance.now();
  rmSync(playwrightReport, { force: true });
  const e2eOk = buildOk && run('browser tests', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  const e2eCounts = readCounts(playwrightReport, (json) => {
    const report = json as PlaywrightReport;
    for (const [file, seconds] of playwrightFileSeconds(report.suites)) fileSeconds.set(file, seconds);
    const { stats } = report;
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected, failures: playwrightFailures(report.suites) };
  });
  results.push({ name: 'browser', ok: e2eOk, ...e2eCounts, failed: e2eCounts.failed || (e2eOk ? 0 : 1), seconds: secondsSince(browserStarted) });
}

console.log('\nSummary');
for (const step of results) {
  console.log(`  ${step.ok ? 'ok  ' : 'FAIL'} ${step.name}${step.passed ? ` (${step.passed} passed)` : ''} in ${Math.round(step.seconds)} s`);
  for (const failure of step.failures ?? []) console.log(`       ✗ ${failure}`);
}
console.log('\nThe ten slowest test files');
for (const [file, seconds] of [...fileSeconds].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
  console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
}
const passed = results.reduce((sum, step) => sum + step.passed, 0);
const failed = results.reduce((sum, step) => sum + step.failed, 0);
console.log(`total time: ${Math.round(secondsSince(suiteStarted))} s`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(results.every((step) => step.ok) ? 0 : 1);
