import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_VISIT_SECTIONS, GATEWAY_SECTIONS, localeTexts } from '../../scripts/locale-texts-plugin';
import { applyLocale, loadPortalTexts, t } from '../../src/services/i18n';

const sections = (locale: string) =>
  Object.keys(JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8')) as object);

/** The sections one bundle carries, as the plugin hands them to the bundler. */
function bundled(locale: string, bundle: string): string[] {
  const load = localeTexts().load as (this: { addWatchFile: (file: string) => void }, id: string) => string;
  const code = load.call({ addWatchFile: () => undefined }, `\0virtual:texts/${locale}/${bundle}`);
  return Object.keys(JSON.parse(code.replace(/^export default /, '').replace(/;$/, '')) as object);
}

describe('texts bundles', () => {
  it('name only sections that exist in both locale files', () => {
    for (const locale of ['ru', 'en']) expect(sections(locale)).toEqual(expect.arrayContaining(FIRST_VISIT_SECTIONS));
  });

  it('carry every section of the app but never the gateway texts, in every language', () => {
    for (const locale of ['ru', 'en']) {
      const shipped = [...bundled(locale, 'first-visit'), ...bundled(locale, 'portal')];
      expect(shipped).not.toContain('gateway');
      expect([...shipped, ...GATEWAY_SECTIONS].sort()).toEqual(sections(locale).sort());
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
