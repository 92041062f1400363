import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { CORPUS_DIR } from '../../scripts/gerber-corpus';
import { corpusZip, openWizard, signInDemo } from './support/wizard';
import { test } from './support/test';

/**
 * In the browser: a project is named after its board (OtterPill's X2 project), not after the first of the
 * picked files ('OtterPill-B_Cu'); the name stays editable, and a name the user typed outlives new files finishing
 * their processing and is the one saved. Russian and English.
 */
const SHOTS = '.tmp/screens/s40-names';
const BOARD = 'kicad5-2l-otterpill';
/** A second board for the new files, named otherwise by its own (at2xt): the typed name must stay. */
const OTHER_BOARD = 'kicad6-2l-at2xt';

const TEXT = {
  ru: {
    upload: /Загрузить файлы/,
    next: 'Далее',
    layers: 'Слои',
    files: 'Файлы платы',
    summary: 'Итог',
    title: 'Название проекта',
    typed: 'Отладочная плата OtterPill, ред. 1.2',
    draft: 'Сохранить черновик',
    saved: 'Проект «Отладочная плата OtterPill, ред. 1.2» сохранён',
  },
  en: {
    upload: /Upload files/,
    next: 'Next',
    layers: 'Layers',
    files: 'Board files',
    summary: 'Summary',
    title: 'Project title',
    typed: 'OtterPill dev board, rev 1.2',
    draft: 'Save as draft',
    saved: 'Project “OtterPill dev board, rev 1.2” saved',
  },
} as const;

/** The board folder's files as a user picks them one by one (the app zips them, named after the first). */
const looseFiles = (board: string): string[] => readdirSync(join(CORPUS_DIR, board))
  .filter((name) => !['SOURCE.md', 'truth.json'].includes(name)).sort().map((name) => join(CORPUS_DIR, board, name));




/** Layers → stack-up → parameters → order → summary. */
async function toSummary(page: Page, locale: 'ru' | 'en'): Promise<void> {
  const text = TEXT[locale];
  await expect(page.getByRole('heading', { name: text.layers })).toBeVisible({ timeout: 60_000 });
  for (let step = 0; step < 4; step += 1) await page.getByRole('button', { name: text.next, exact: true }).click();
  await expect(page.getByRole('heading', { name: text.summary, exact: true })).toBeVisible();
}

for (const locale of ['ru', 'en'] as const) {
  test(`the project is named after the board its files name, and a name typed over it is kept (${locale})`, async ({ page }) => {
    test.setTimeout(180_000);
    mkdirSync(SHOTS, { recursive: true });
    const text = TEXT[locale];
    await signInDemo(page, locale);
    // A board left in the wizard by an earlier test would be picked up: this one starts afresh.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.startsWith('wizard-board:')) localStorage.removeItem(key);
    });
    await openWizard(page, locale);
    await page.getByRole('button', { name: text.upload }).click();
    await page.locator('input[type=file]').setInputFiles(looseFiles(BOARD));
    await toSummary(page, locale);
    const title = page.getByRole('textbox', { name: text.title });
    await expect(title).toHaveValue('OtterPill');
    await page.screenshot({ path: `${SHOTS}/wizard-named-${locale}.png`, fullPage: true });

    await title.fill(text.typed);
    // Other files, which name another board, finish processing: the typed name stays.
    await page.getByRole('navigation').getByRole('button', { name: new RegExp(text.files) }).first().click();
    await page.locator('input[type=file]').setInputFiles(corpusZip(OTHER_BOARD, 'names'));
    await toSummary(page, locale);
    await expect(title).toHaveValue(text.typed);
    await page.screenshot({ path: `${SHOTS}/wizard-typed-${locale}.png`, fullPage: true });

    await page.getByRole('button', { name: text.draft }).click();
    await expect(page.getByRole('heading', { name: text.saved })).toBeVisible({ timeout: 30_000 });
  });
}
