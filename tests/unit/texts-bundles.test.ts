import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLES, FIRST_VISIT_SECTIONS, GATEWAY_SECTIONS, localeTexts } from '../../scripts/locale-texts-plugin';
import { applyLocale, loadPortalTexts, t } from '../../src/services/i18n';

const catalogue = (locale: string) => JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8')) as object;
const sections = (locale: string) => Object.keys(catalogue(locale));

/** Every text's path, 'section.key.subkey'. */
function textPaths(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => textPaths(value, prefix === '' ? key : `${prefix}.${key}`));
}

/** The texts one bundle carries, as the plugin hands them to the bundler. */
function bundleTexts(locale: string, bundle: string): object {
  const load = localeTexts().load as (this: { addWatchFile: (file: string) => void }, id: string) => string;
  const code = load.call({ addWatchFile: () => undefined }, `\0virtual:texts/${locale}/${bundle}`);
  return JSON.parse(code.replace(/^export default /, '').replace(/;$/, '')) as object;
}

describe('texts bundles', () => {
  it('name only sections that exist in both locale files', () => {
    for (const locale of ['ru', 'en']) expect(sections(locale)).toEqual(expect.arrayContaining(FIRST_VISIT_SECTIONS));
  });

  it('carry every text of the app once but never the gateway texts, in every language', () => {
    for (const locale of ['ru', 'en']) {
      const shipped = BUNDLES.flatMap((bundle) => textPaths(bundleTexts(locale, bundle)));
      expect(shipped.filter((path) => path.startsWith('gateway.'))).toEqual([]);
      const gateway = textPaths(catalogue(locale)).filter((path) => GATEWAY_SECTIONS.includes(path.split('.')[0] ?? ''));
      expect([...shipped, ...gateway].sort()).toEqual(textPaths(catalogue(locale)).sort());
    }
  });

  it('leave the portal texts out of the first visit until the frame asks for them, in every language', async () => {
    expect(t('auth.login.submit')).not.toBe('auth.login.submit');
    expect(t('menu.projects')).toBe('menu.projects');
    await loadPortalTexts();
    expect(t('menu.projects')).toBe('Проекты');
    applyLocale('en');
    await expect.poll(() => t('menu.projects')).toBe('Projects');
    applyLocale('ru');
  });
});
