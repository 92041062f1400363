/**
 * `npm start`: builds the app when the build is missing or older than its sources, then runs the gateway,
 * which applies migrations, seeds demo data on first start and serves the app and the API on one port.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const sources = ['src', 'locales', 'index.html', 'vite.config.ts'];

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
}

await import('../server/main');
