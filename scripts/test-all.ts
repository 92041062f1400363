/**
 * `npm test`: the whole suite, in the order that fails fastest — typecheck, lint, unit/machine/view/gateway
 * tests (vitest), then the browser tests (Playwright against the real gateway in Debian's Chromium).
 * Ends with one line `tests: N passed, N failed` that CI reads.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { chromiumPath, ensureChromium } from './chromium';

interface StepResult { name: string; ok: boolean; passed: number; failed: number }

const results: StepResult[] = [];
mkdirSync('.tmp', { recursive: true });

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function readCounts(file: string, read: (json: unknown) => { passed: number; failed: number }) {
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 0 };
  }
}

const typecheckOk = run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
results.push({ name: 'typecheck', ok: typecheckOk, passed: 0, failed: typecheckOk ? 0 : 1 });

const lintOk = run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
results.push({ name: 'lint', ok: lintOk, passed: 0, failed: lintOk ? 0 : 1 });

const vitestReport = '.tmp/vitest-report.json';
rmSync(vitestReport, { force: true });
const vitestOk = run('unit, machine, view and gateway tests', 'npx', [
  'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`,
]);
const vitestCounts = readCounts(vitestReport, (json) => {
  const report = json as { numPassedTests: number; numFailedTests: number };
  return { passed: report.numPassedTests, failed: report.numFailedTests };
});
results.push({ name: 'vitest', ok: vitestOk, ...vitestCounts, failed: vitestCounts.failed || (vitestOk ? 0 : 1) });

const browserReady = ensureChromium();
if (!browserReady) {
  console.error(`Browser tests cannot run: Chromium is missing at ${chromiumPath} and could not be installed (apt-get install -y chromium).`);
  results.push({ name: 'browser', ok: false, passed: 0, failed: 1 });
} else {
  const buildOk = run('build the app for the browser tests', 'npx', ['vite', 'build', '--logLevel', 'warn']);
  const playwrightReport = '.tmp/playwright-report.json';
  rmSync(playwrightReport, { force: true });
  const e2eOk = buildOk && run('browser tests', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  const e2eCounts = readCounts(playwrightReport, (json) => {
    const stats = (json as { stats: { expected: number; unexpected: number; flaky: number } }).stats;
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
  });
  results.push({ name: 'browser', ok: e2eOk, ...e2eCounts, failed: e2eCounts.failed || (e2eOk ? 0 : 1) });
}

console.log('\nSummary');
for (const step of results) console.log(`  ${step.ok ? 'ok  ' : 'FAIL'} ${step.name}${step.passed ? ` (${step.passed} passed)` : ''}`);
const passed = results.reduce((sum, step) => sum + step.passed, 0);
const failed = results.reduce((sum, step) => sum + step.failed, 0);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(results.every((step) => step.ok) ? 0 : 1);
