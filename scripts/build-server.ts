/**
 * The gateway's half of `npm run build`: server/ compiled by esbuild into dist-server/, so that a production
 * install runs plain JavaScript with neither tsx nor Vite. Packages stay in node_modules.
 */
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

/** `npx tsx scripts/build-server.ts <folder>` builds elsewhere (the production-install test does). */
const SERVER_OUT = process.argv[2] ?? 'dist-server';

/** Commands of the production install. */
const commands = ['main', 'migrate', 'ops', 'admin'];

/**
 * Files the gateway reads beside its own code through `import.meta.url`. Every built file sits in dist-server/
 * itself (shared chunks included), so `new URL('./migrations', import.meta.url)` finds the copy made here.
 */
const besideTheCode: Array<[from: string, to: string]> = [
  ['server/db/migrations', 'migrations'],
  ['server/banks/bik-reference.json', 'bik-reference.json'],
];

rmSync(SERVER_OUT, { recursive: true, force: true });
await build({
  entryPoints: {
    ...Object.fromEntries(commands.map((name) => [name, `server/${name}.ts`])),
    // The pool starts runner processes from `./runner-entry.mjs` beside it (server/board-jobs/runner-code.ts).
    'runner-entry': 'server/board-jobs/runner-main.ts',
  },
  outdir: SERVER_OUT,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
for (const [from, to] of besideTheCode) cpSync(from, `${SERVER_OUT}/${to}`, { recursive: true });
