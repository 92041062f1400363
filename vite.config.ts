import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { flowsCoverage } from './scripts/flows-coverage-plugin';
import { localeTexts } from './scripts/locale-texts-plugin';

const gatewayPort = process.env.PORT ?? '8080';

/** The libraries every page runs; xstate/graph stays with /flows. */
const coreLibraries =
  /node_modules[\\/](xstate[\\/](?!graph)|@xstate[\\/]react|wouter|regexparam|rosetta|dlv|templite|superstruct|use-sync-external-store)|src[\\/]services[\\/](i18n|cookies)\.ts|src[\\/]views[\\/]components[\\/](logo|local-link)\.tsx|preload-helper/;
/**
 * What /auth shows before the visitor acts: its layout, the page, the sign-in flow and the form parts it is made of.
 * In the entry's static graph, so index.html preloads them (tests/unit/first-visit-preload.test.ts checks it).
 */
const firstVisitModules =
  /src[\\/](views[\\/](styles|layouts[\\/]auth-layout|pages[\\/]auth-page|pages[\\/]auth[\\/](actor-contexts|auth-deps|flow-hooks|login-flow|login-form|use-signed-in|auth\.css)|components[\\/](language-switch|support-chat)|components[\\/]form[\\/](field|flow-form|text-field|password-field|form-error|submit-button|form\.css))|machines[\\/](login[\\/]login(-setup|-types)?|shared[\\/]form-checks)|services[\\/](auth-actors|device)|contract[\\/](auth|fields))\.(tsx?|css)$/;

const sourcePath = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * A module replaced with `vi.mock` in one view file would stay replaced, or stay real, for the next files of a worker
 * that share modules: its importers are already loaded. Such files run in a process of their own.
 */
const viewTests = readdirSync(sourcePath('tests/views')).filter((name) => /\.test\.tsx?$/.test(name)).map((name) => `tests/views/${name}`);
const replacesModules = (file: string) => /\bvi\.mock\(/.test(readFileSync(sourcePath(file), 'utf8'));
const viewTestsWithMocks = viewTests.filter(replacesModules);
const sharedViewTests = viewTests.filter((file) => !replacesModules(file));
/**
 * The files that take longest start first: on a fresh clone Vitest knows no durations and starts the larger files
 * first, so a small file that runs for a minute (the fuzzing, the real-board corpus) started last and kept the run
 * waiting on one core. Measured durations, once a run has left them, still order the rest.
 */
const LONG_FILES = ['tests/server/fuzz.test.ts', 'tests/server/gerber-corpus.test.ts', 'tests/server/kept-counts.property.test.ts',
  'tests/server/outbox-gateways-postgres.test.ts', 'tests/server/outbox-delivery.test.ts', 'tests/server/production-mode.test.ts',
  'tests/server/dfm-boards.test.ts', 'tests/server/board-files.test.ts'];
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONG_FILES.findIndex((name) => file.moduleId.endsWith(name));
      return index < 0 ? LONG_FILES.length : index;
    };
    return (await super.sort(files)).map((file, order) => ({ file, order }))
      .sort((a, b) => a.file.project.config.sequence.groupOrder - b.file.project.config.sequence.groupOrder || rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

/** A file that measures time or load says so in its first line; it runs after the others, with nothing beside it. */
const serverTests = readdirSync(sourcePath('tests/server')).filter((name) => /\.test\.tsx?$/.test(name)).map((name) => `tests/server/${name}`);
const timedTests = serverTests.filter((file) => /^\/\/ Runs alone\b/.test(readFileSync(sourcePath(file), 'utf8')));

interface ModuleGraph { getModuleInfo(id: string): { importedIds: readonly string[] } | null }

function staticClosure(roots: readonly string[], graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

let portalModules: Set<string> | null = null;
/**
 * The signed-in frame and the dashboard with what they import statically, less what the entry imports (that is
 * already loaded, and /auth must not fetch the portal's chunk). Nothing the entry loads imports this chunk, so the
 * group needs none of its modules' dependencies pulled in with it.
 */
function portalChunkOf(id: string, graph: ModuleGraph): string | null {
  if (!portalModules) {
    const entry = staticClosure([sourcePath('src/main.tsx')], graph);
    const frame = staticClosure([sourcePath('src/views/layouts/default-layout.tsx'), sourcePath('src/views/pages/home-page.tsx')], graph);
    portalModules = new Set([...frame].filter((module) => !entry.has(module)));
  }
  return portalModules.has(id) ? 'portal' : null;
}

/** The portal group's module set belongs to one build: a second build in the same process works it out afresh. */
const portalChunkReset = { name: 'portal-chunk-reset', buildStart: () => { portalModules = null; } };

export default defineConfig({
  plugins: [react(), localeTexts(), flowsCoverage(), portalChunkReset],
  resolve: {
    // React 19 has useSyncExternalStore: @xstate/react's shim for React 17 is dead weight on every page.
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('src/app/use-sync-external-store.ts', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${gatewayPort}`, '/files': `http://127.0.0.1:${gatewayPort}`, '/streaming': { target: `ws://127.0.0.1:${gatewayPort}`, ws: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // Every browser the portal supports has modulepreload: the polyfill is bytes on each first visit for nobody.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React in a chunk of its own: it changes rarely (long cache life) and bench:bundle reports its share.
        codeSplitting: {
          groups: [
            // With it the bundler's runtime (CommonJS interop, which React needs): a file of its own cost a header.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|rolldown[\\/]runtime/ },
            // Every first visit runs these, so they travel as one file: split in small chunks they cost a header, a
            // cold compression dictionary and, for lazy ones, a round trip each (layout → page → form was a chain).
            { name: 'core', test: new RegExp(`${coreLibraries.source}|${firstVisitModules.source}`) },
            // A signed-in visit opens the default layout and, most often, the dashboard: what they import beyond the
            // entry's own graph travels as one file, not as 50 small ones (each a request on a slow phone).
            { name: portalChunkOf, debugName: 'portal', includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    environment: 'node',
    pool: 'forks',
    sequence: { sequencer: LongFilesFirst },
    testTimeout: 20000,
    hookTimeout: 60000,
    // Vitest's default is one worker fewer than the cores, so one on this two-core machine; most files wait on a
    // database, a worker thread or a timer, and two side by side keep both cores busy. The timed files then run alone.
    projects: [
      {
        extends: true,
        // Each view file spent most of its time loading React, the app's modules and a fresh jsdom (the view files took
        // 348 s isolated, 117 s sharing them). Files of one worker share them; tests/views/between-files.ts puts back
        // what a file may leave behind in them.
        test: { name: 'views', include: sharedViewTests, isolate: false, setupFiles: ['tests/views/between-files.ts'], maxWorkers: 2 },
      },
      {
        extends: true,
        // A process per file: the gateway files hold timers, worker pools and process-wide settings; the unit and
        // machine files load little, so sharing would save little; and a view file that replaces a module cannot share.
        test: {
          name: 'isolated',
          include: ['tests/{unit,machines,server}/**/*.test.{ts,tsx}', ...viewTestsWithMocks],
          exclude: timedTests,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: { name: 'timed', include: timedTests, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
