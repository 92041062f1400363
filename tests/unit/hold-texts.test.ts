import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SYSTEM_HOLDS } from '../../src/contract/orders';

type Tree = { [key: string]: string | Tree };
const load = (lang: string) => JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')) as Tree;
const holdTexts = (tree: Tree) => {
  const notifications = tree.notifications;
  const codes = typeof notifications === 'object' ? notifications.holdCodes : undefined;
  return typeof codes === 'object' ? codes : {};
};

/**
 * A notification of a system hold names it by its code (`notifications.holdCodes.<code>`, built at run time, so the
 * text-keys test sees only the family): every hold the contract knows has its text in both languages.
 */
describe('system hold texts', () => {
  it.each(['ru', 'en'])('name every system hold of the contract in %s', (lang) => {
    const texts = holdTexts(load(lang));
    const missing = SYSTEM_HOLDS.filter((code) => typeof texts[code] !== 'string' || texts[code] === '');
    expect(missing).toEqual([]);
  });
});
