import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's Chromium: Playwright's own browser download is not available on these machines. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic',
];

/** Installs Debian's chromium when it is missing and we are root; true when the browser is there. */
export function ensureChromium(): boolean {
  if (existsSync(chromiumPath)) return true;
  if (process.getuid?.() !== 0) return false;
  console.log('Chromium is missing: installing Debian\'s chromium package…');
  const install = spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], { stdio: 'inherit' });
  return install.status === 0 && existsSync(chromiumPath);
}
