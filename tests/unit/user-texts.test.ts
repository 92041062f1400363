import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_TYPES } from '../../src/contract/clients';
import { DELIVERY_KINDS } from '../../src/contract/delivery-settings';
import { ORDER_ACTIONS, ORDER_LINE_STATUSES, ORDER_STATUSES, REQUEST_STATUSES } from '../../src/contract/orders';
import { MESSAGE_KEYS, translate, type Lang } from '../../server/http/messages';

/**
 * Texts a user reads never show the portal's internal names: no action or status codes in parentheses
 * («Нельзя отменить (cancel) заказ»), no snake_case identifiers, no code-valued parameters in the gateway's words.
 */
type Tree = { [key: string]: string | Tree };
const flat = (tree: Tree, prefix = ''): Array<[string, string]> => Object.entries(tree).flatMap(([key, value]) =>
  (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flat(value, `${prefix}${key}.`)));
const locale = (lang: Lang): Array<[string, string]> =>
  flat(JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')) as Tree);

const CODES: ReadonlySet<string> = new Set([
  ...ORDER_ACTIONS, ...ORDER_STATUSES, ...ORDER_LINE_STATUSES, ...REQUEST_STATUSES, ...DELIVERY_KINDS, ...CLIENT_TYPES,
]);

/** What in one text gives an internal name away; empty when nothing does. */
function leaksOf(text: string, lang: Lang): string[] {
  // Placeholders are filled in at run time: their names are not shown.
  const shown = text.replace(/\{\{\w+\}\}/g, '…').replace(/⟦\w+⟧/g, '…');
  const leaks = [...shown.matchAll(/\b[a-z]+(?:_[a-z]+)+\b/g)].map((match) => match[0]);
  for (const [, word = ''] of shown.matchAll(/\(([A-Za-z_]+)\)/g)) {
    // Russian never puts a Latin lowercase word alone in parentheses; English may ('(optional)'), but not a code.
    if ((lang === 'ru' && /^[a-z]/.test(word)) || CODES.has(word)) leaks.push(`(${word})`);
  }
  return leaks;
}

/** A gateway text with every parameter it reads, each shown as ⟦name⟧. */
function rendered(lang: Lang, key: (typeof MESSAGE_KEYS)[number]): { text: string; params: string[] } {
  const params: string[] = [];
  const proxy = new Proxy({}, {
    get: (_, name) => {
      params.push(String(name));
      return `⟦${String(name)}⟧`;
    },
  }) as Record<string, string>;
  return { text: translate(lang, key, proxy), params };
}

describe('user texts', () => {
  it('spot an action code in parentheses and a snake_case status, in either language', () => {
    expect(leaksOf('Нельзя отменить (cancel) заказ в статусе «Отменён»', 'ru')).toEqual(['(cancel)']);
    expect(leaksOf('Cannot cancel (cancel) an order', 'en')).toEqual(['(cancel)']);
    expect(leaksOf('Заказ в статусе waiting_for_payment', 'ru')).toEqual(['waiting_for_payment']);
    expect(leaksOf('Скрайбирование (V-cut) и {{count}} (optional)', 'en')).toEqual([]);
  });

  it.each(['ru', 'en'] as const)('of the app (%s) name no internal action or status', (lang) => {
    const leaks = locale(lang).flatMap(([key, text]) => leaksOf(text, lang).map((leak) => `${key}: ${leak}`));
    expect(leaks).toEqual([]);
  });

  it.each(['ru', 'en'] as const)('of the gateway (%s) name no internal action or status', (lang) => {
    const leaks = MESSAGE_KEYS.flatMap((key) => {
      const { text, params } = rendered(lang, key);
      // A parameter holding a code ('actionCode') would print it, whatever the text around it says.
      const codeParams = params.filter((name) => /.Code$/.test(name)).map((name) => `⟦${name}⟧`);
      return [...leaksOf(text, lang), ...codeParams].map((leak) => `${key}: ${leak}`);
    });
    expect(leaks).toEqual([]);
  });
});
