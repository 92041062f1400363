import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_VISIT_SECTIONS } from '../../scripts/locale-texts-plugin';
import { applyLocale, loadPortalTexts, t } from '../../src/services/i18n';

const sections = (locale: string) =>
  Object.keys(JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8')) as object);

describe('texts bundles', () => {
  it('name only sections that exist in both locale files', () => {
    for (const locale of ['ru', 'en']) expect(sections(locale)).toEqual(expect.arrayContaining(FIRST_VISIT_SECTIONS));
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
