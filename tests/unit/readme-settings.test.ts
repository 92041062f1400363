import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * An operator learns every setting from the README's Settings table. Fails when the gateway, its
 * commands (`npm run admin`, `npm run ops`) or `npm start` read an environment variable the table lacks.
 */

/** What runs in a deployment: the gateway and its commands; benchmarks and test tools document their own. */
const RUN_TIME = ['server', 'scripts/start.ts', 'scripts/dev.ts'];

const READS = [
  /process\.env\.([A-Z][A-Z0-9_]*)/g,
  /process\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]/g,
  /\benv\.([A-Z][A-Z0-9_]*)/g,
  /\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g,
  /\benv[A-Z][A-Za-z]*\(\s*env,\s*['"]([A-Z][A-Z0-9_]*)['"]/g,
];

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => files(join(path, name)));
}

function variablesRead(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of RUN_TIME.flatMap(files).filter((name) => /\.(ts|mjs|js)$/.test(name))) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of READS) for (const match of text.matchAll(pattern)) if (match[1]) found.set(match[1], file);
  }
  return found;
}

function settingsTable(): Set<string> {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.split('\n## Settings')[1]?.split('\n## ')[0] ?? '';
  return new Set([...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1] ?? ''));
}

describe('the README\'s Settings table', () => {
  it('lists every environment variable the gateway and its commands read', () => {
    const read = variablesRead();
    // The scan itself works: variables read in each of its forms are found.
    for (const known of ['JWT_SECRET', 'TRUST_PROXY', 'LOG_LEVEL', 'RATE_LIMIT_PER_LOGIN', 'BOARD_JOBS_PER_GATEWAY']) expect(read.has(known)).toBe(true);
    const table = settingsTable();
    const missing = [...read].filter(([name]) => !table.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });
});
