/**
 * `npm start`: builds the app when the build is missing or older than its sources, then runs the gateway,
 * which applies migrations, seeds demo data on first start and serves the app and the API on one port.
 * The demo runs the gateway from its source (tsx) so it never runs a stale dist-server/; production runs the
 * build (`npm run build`, `npm run start:prod`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const sources = ['src', 'locales', 'public', 'index.html', 'vite.config.ts'];

function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestModification(join(path, name))), stats.mtimeMs);
}

const builtAt = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestModification))) {
  console.log('Building the app…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // Served as a real site is: the Brotli and gzip copies beside the files.
  const compress = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/compress-assets.ts'], { stdio: 'inherit' });
  if (compress.status !== 0) process.exit(compress.status ?? 1);
}

await import('../server/main');
