import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../src/machines/index';
import { flowDocs, staleDocs, type DocFile } from '../../src/services/flows/docs';

const folder = join(process.cwd(), 'docs', 'flows');
const read = (path: string) => (existsSync(join(folder, path)) ? readFileSync(join(folder, path), 'utf8') : null);
const present = () => (existsSync(folder) ? readdirSync(folder).filter((name) => /\.(md|svg)$/.test(name)) : []);

describe('docs/flows', () => {
  it('matches what the registered machines produce (run `npm run flows` after changing a machine)', async () => {
    expect(staleDocs(await flowDocs(machineRegistry), read, present())).toEqual([]);
  });

  it('is generated the same way twice, with an index, a Mermaid page and an SVG per machine', async () => {
    const [first, second] = [await flowDocs(machineRegistry), await flowDocs(machineRegistry)];
    expect(second).toEqual(first);
    expect(first.map((file) => file.path)).toEqual(expect.arrayContaining([
      'README.md', ...machineRegistry.flatMap((entry) => [`${entry.id}.md`, `${entry.id}.svg`]),
    ]));
    for (const entry of machineRegistry) {
      expect(first.find((file) => file.path === `${entry.id}.md`)?.content).toContain('```mermaid\nstateDiagram-v2\n');
    }
  });

  it('names changed, missing and left-over files as stale', () => {
    const expected: DocFile[] = [{ path: 'a.md', content: 'new' }, { path: 'b.svg', content: '<svg/>' }];
    const committed: Record<string, string> = { 'a.md': 'old', 'gone.md': 'x' };
    expect(staleDocs(expected, (path) => committed[path] ?? null, Object.keys(committed))).toEqual([
      'a.md (out of date)', 'b.svg (missing)', 'gone.md (no machine produces it)',
    ]);
  });
});
