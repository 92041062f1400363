import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

/** Where the built app serves the report; the /flows page reads it (src/views/pages/flows/coverage-source.ts). */
export const BUILT_COVERAGE_FILE = 'flows-coverage.json';

const root = fileURLToPath(new URL('..', import.meta.url));
/** What the machines' behaviour and the planner are made of; the views draw them but change no path. */
const SOURCES = ['src/machines', 'src/services', 'src/contract', 'tests/machines/path-harness.ts', 'tests/machines/path-model.ts', 'scripts/flows-coverage.ts'];
const CACHE = join(root, '.tmp', 'flows-coverage');

function filesOf(path: string): string[] {
  if (!existsSync(path)) return [];
  if (/\.tsx?$/.test(path)) return [path];
  return readdirSync(path, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() || /\.tsx?$/.test(entry.name) ? filesOf(join(path, entry.name)) : []));
}

/** A digest of the sources and the browser path counts: the same ones give the same report. */
function sourceDigest(): string {
  const hash = createHash('sha256');
  const files = SOURCES.flatMap((source) => filesOf(join(root, source))).sort();
  // The paths each browser-paths spec file walked, one file each (tests/e2e/browser-paths/walk.ts).
  const browserPaths = join(root, '.tmp', 'browser-paths');
  const walked = existsSync(browserPaths)
    ? readdirSync(browserPaths).filter((name) => name.endsWith('.json')).sort().map((name) => join(browserPaths, name))
    : [];
  for (const file of [...files, ...walked]) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The report as JSON text; planning every machine takes about 20 s, so a report is kept per source digest. */
async function coverageJson(): Promise<string> {
  const cached = join(CACHE, `${sourceDigest()}.json`);
  if (existsSync(cached)) return readFileSync(cached, 'utf8');
  const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const { stdout } = await promisify(execFile)(process.execPath, [tsx, 'scripts/flows-coverage.ts'], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  JSON.parse(stdout);
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(cached, stdout);
  return stdout;
}

/** `vite build` writes dist/flows-coverage.json, planned in a child process while the bundle is made. */
export function flowsCoverage(): Plugin {
  let report: Promise<string> | null = null;
  return {
    name: 'pcb-flows-coverage',
    apply: 'build',
    buildStart() {
      report = coverageJson();
      // Awaited in generateBundle; a failure must not surface earlier as an unhandled rejection.
      report.catch(() => undefined);
    },
    async generateBundle() {
      if (!report) return;
      this.emitFile({ type: 'asset', fileName: BUILT_COVERAGE_FILE, source: await report });
    },
  };
}
