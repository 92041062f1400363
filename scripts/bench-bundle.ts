/**
 * `npm run bench:bundle`: builds the app, serves it from the real gateway, opens /auth in Chromium as a first
 * visit, and prints the gzipped size of every JavaScript file the page loaded and the share that is React.
 * Target (issue 2): at most 100 KB gzipped.
 * `BENCH_DIST=<folder>` measures another build instead (for example an older commit's `dist`) to compare.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath, ensureChromium } from './chromium';
import { startLocalGateway } from './local-gateway';

const port = Number(process.env.BENCH_PORT ?? 8191);
const targetKb = 100;

if (!ensureChromium()) {
  console.error(`Chromium is missing at ${chromiumPath}; install Debian's chromium package.`);
  process.exit(1);
}
const distDir = process.env.BENCH_DIST ?? 'dist';
if (!process.env.BENCH_DIST) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const gateway = await startLocalGateway(port, '.tmp/bench-data', distDir);

try {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(`${gateway.url}/auth`, { waitUntil: 'networkidle' });
  await browser.close();

  const rows = [...scripts].map((path) => {
    const file = join(distDir, path);
    const gzipped = gzipSync(readFileSync(file), { level: 9 }).length;
    return { file: basename(path), gzipped, isReact: basename(path).startsWith('react-') };
  });
  rows.sort((a, b) => b.gzipped - a.gzipped);
  const total = rows.reduce((sum, row) => sum + row.gzipped, 0);
  const react = rows.filter((row) => row.isReact).reduce((sum, row) => sum + row.gzipped, 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

  console.log('\nJavaScript loaded by a first visit to /auth (gzip -9):');
  for (const row of rows) console.log(`  ${kb(row.gzipped).padStart(9)}  ${row.file}${row.isReact ? '  (React)' : ''}`);
  console.log(`  ${'-'.repeat(9)}`);
  console.log(`  ${kb(total).padStart(9)}  total in ${rows.length} files; React itself ${kb(react)} = ${((100 * react) / total).toFixed(0)} %`);
  console.log(`  target ≤ ${targetKb} KB: ${total <= targetKb * 1024 ? 'met' : 'NOT met'}`);
} finally {
  gateway.stop();
}
