import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * .env.example lists every environment variable the gateway (and `npm run ops`) reads. Both are parsed: the
 * gateway's sources for the ways it reads one (`env.NAME`, `env['NAME']`, a helper called with `(env, 'NAME'`), the
 * example for `NAME=` lines, commented out or not.
 */

const READS = [/\benv\.([A-Z][A-Z0-9_]+)\b/g, /\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g, /\(env, '([A-Z][A-Z0-9_]+)'/g];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function variablesRead(source: string): string[] {
  return READS.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1] ?? ''));
}

function variablesListed(example: string): string[] {
  return [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1] ?? '');
}

const read = new Set(sourceFiles('server').flatMap((file) => variablesRead(readFileSync(file, 'utf8'))));
const example = readFileSync('.env.example', 'utf8');
const listed = variablesListed(example);

describe('.env.example', () => {
  it('reads the ways the gateway reads a variable, and only names', () => {
    expect(variablesRead("const a = env.PORT; b(env, 'SMTP_URL'); env['LOG_LEVEL']; process.env.HOST; envNumber(env, 'X_Y', 3)"))
      .toEqual(['PORT', 'HOST', 'LOG_LEVEL', 'SMTP_URL', 'X_Y']);
    expect(variablesListed('# a comment\nNODE_ENV=production\n# PORT=8080\n#   not a line\n')).toEqual(['NODE_ENV', 'PORT']);
  });

  it('lists every variable the gateway reads (config.ts and the settings it delegates to among them)', () => {
    expect(read.size).toBeGreaterThan(50);
    for (const name of ['DATABASE_URL', 'JWT_SECRET', 'MIGRATE_AT_START', 'SMS_API_KEY', 'WEBHOOK_RETRY_SECONDS', 'LOG_LEVEL']) expect(read).toContain(name);
    expect([...read].filter((name) => !listed.includes(name)).sort()).toEqual([]);
  });

  it('lists nothing the gateway does not read, and each variable once', () => {
    expect(listed.filter((name) => !read.has(name))).toEqual([]);
    expect(listed.filter((name, index) => listed.indexOf(name) !== index)).toEqual([]);
  });

  it('holds no secret: every key, password and API key is a placeholder', () => {
    for (const line of example.split('\n').filter((text) => /^#? ?[A-Z_]*(SECRET|KEY|PASSWORD)[A-Z_]*=/.test(text))) {
      expect(line).toMatch(/=replace-with-/);
    }
    expect(example).toMatch(/^DATABASE_URL=postgres:\/\/portal:replace-with-/m);
    expect(example).toMatch(/^SMTP_URL=smtp:\/\/portal:replace-with-/m);
  });
});
