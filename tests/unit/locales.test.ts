import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

function load(locale: string): Tree {
  return JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8')) as Tree;
}

function missingKeys(from: Tree, to: Tree): string[] {
  const present = new Set(keys(to));
  return keys(from).filter((key) => !present.has(key));
}

describe('locale files', () => {
  const ru = load('ru');
  const en = load('en');

  it('have the same set of keys in Russian and English', () => {
    expect(missingKeys(ru, en), 'keys missing in en.json').toEqual([]);
    expect(missingKeys(en, ru), 'keys missing in ru.json').toEqual([]);
  });

  it('hold the gateway texts too, so the same checks cover them', () => {
    const gateway = (tree: Tree) => keys(tree).filter((key) => key.startsWith('gateway.messages.'));
    expect(gateway(ru).length).toBeGreaterThan(250);
    expect(gateway(en)).toEqual(gateway(ru));
  });

  it('detect a key missing from one language', () => {
    expect(missingKeys({ a: { b: 'x', c: 'y' } }, { a: { b: 'x' } })).toEqual(['a.c']);
  });

  it('have no empty texts', () => {
    for (const [name, tree] of [['ru', ru], ['en', en]] as const) {
      const empty = keys(tree).filter((key) => key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part] ?? '', tree) === '');
      expect(empty, name).toEqual([]);
    }
  });
});
