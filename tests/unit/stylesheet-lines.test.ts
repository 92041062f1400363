import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ESLint's max-len keeps code to 160 characters a line and does not read stylesheets; this does, by the same
 * measure, so a rule of twenty declarations on one line cannot hide a stylesheet's size either.
 */
const MAX_LINE = 160;
const root = resolve(import.meta.dirname, '../..');

function longLines(text: string): number[] {
  return text.split('\n').flatMap((line, index) => (line.length > MAX_LINE ? [index + 1] : []));
}

describe('stylesheet lines', () => {
  it('are found when longer than 160 characters', () => {
    const rule = `.card { ${Array.from({ length: 12 }, (_, index) => `--space-${index}: ${index * 4}px;`).join(' ')} }`;
    expect(rule.length).toBeGreaterThan(MAX_LINE);
    expect(longLines(`.a { margin: 0; }\n${rule}\n.b { padding: 0; }`)).toEqual([2]);
  });

  it('of the app are at most 160 characters', () => {
    const sheets = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.css'))
      .map((name) => join(root, 'src', name));
    expect(sheets.length).toBeGreaterThan(20);
    const long = sheets.flatMap((file) => longLines(readFileSync(file, 'utf8')).map((line) => `${relative(root, file)}:${line}`));
    expect(long).toEqual([]);
  });
});
