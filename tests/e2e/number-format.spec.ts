import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { fourLayerBoardZip } from '../../scripts/four-layer-board';
import { test } from './support/test';

/**
 * One number format per language everywhere, inputs included: the quote of a board with findings, walked
 * step by step in Russian and in English, shows no number written the other language's way — in its texts, its
 * fields and its choices — and a number typed the other way ('0.15' on a Russian page) is written back the page's way.
 */
const SHOTS = '.tmp/screens/s40-i32';

/** A Russian page's decimal point: '0.038', '0.15 мм'; not a date ('28.10.2026') nor a build's code ('L4-1.6-7628'). */
const POINT = /(?<![\w.-])\d+\.\d+(?![\w.-])/;
/** An English page's decimal comma: '0,15', '1,6 mm'; not a thousands group ('7,810.40'). */
const COMMA = /(?<![\w.,-])(?:0,\d+|\d+,\d{1,2})(?![\d.,])/;

function boardWithFindings(): string {
  mkdirSync('.tmp/e2e-boards', { recursive: true });
  const path = '.tmp/e2e-boards/number-format.zip';
  writeFileSync(path, fourLayerBoardZip({
    annularRingMm: 0.038, edgeClearanceMm: 0.12, trackSpacingMm: 0.05, maskSliverMm: 0.05, slotWidthMm: 0.45, silkOverPad: true,
  }));
  return path;
}

/** Every visible text, text field and choice of the main area written against `pattern`. */
async function wrongNumbers(page: Page, pattern: RegExp): Promise<string[]> {
  return page.getByRole('main').evaluate((main, source) => {
    const wrong = new RegExp(source);
    const found: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (node.parentElement?.checkVisibility() && wrong.test(text)) found.push(`text «${text.trim()}»`);
    }
    for (const field of main.querySelectorAll<HTMLInputElement>('input[type=text], input:not([type]), textarea')) {
      if (wrong.test(field.value)) found.push(`field ${field.name || field.id} «${field.value}»`);
    }
    for (const option of main.querySelectorAll('option')) {
      if (wrong.test(option.textContent ?? '')) found.push(`choice «${option.textContent}»`);
    }
    return found;
  }, pattern.source);
}

/** Walks the quote from its layers to its parameters, and the panel and stencil tabs, collecting what is written wrong. */
async function walkQuote(page: Page, lang: 'ru' | 'en', pattern: RegExp): Promise<string[]> {
  const words = lang === 'ru'
    ? { next: 'Далее', steps: ['Стек слоёв', 'Параметры'], tabs: ['Панель', 'Трафарет', 'Плата'] }
    : { next: 'Next', steps: ['Stack-up', 'Parameters'], tabs: ['Panel', 'Stencil', 'Board'] };
  const found = [...await wrongNumbers(page, pattern)];
  for (const heading of words.steps) {
    await page.getByRole('button', { name: words.next, exact: true }).click();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    found.push(...await wrongNumbers(page, pattern));
  }
  for (const tab of words.tabs) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    found.push(...await wrongNumbers(page, pattern));
  }
  return found;
}

test('the quote of a board with findings writes every number the page\'s way, and a number typed the other way is written back', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.goto('/quote');
  await page.getByRole('button', { name: /Загрузить файлы/ }).click();
  await page.locator('input[type=file]').setInputFiles(boardWithFindings());
  await expect(page.getByRole('heading', { name: 'Слои' })).toBeVisible({ timeout: 60_000 });
  const findings = page.getByRole('list', { name: 'Замечания технологичности' });
  await expect(findings).toContainText('Поясок вокруг отверстия 0,038 мм', { timeout: 60_000 });
  expect(await walkQuote(page, 'ru', POINT)).toEqual([]);

  // '0.15' typed on a Russian page is read as 0,15 and written back so when the field is left; the hole stays as it was.
  const track = page.getByRole('textbox', { name: /Минимальный проводник/ });
  const hole = page.getByRole('textbox', { name: /Минимальное отверстие/ });
  const holeBefore = await hole.inputValue();
  await track.fill('0.15');
  await track.press('Tab');
  await expect(track).toHaveValue('0,15');
  await expect(hole).toHaveValue(holeBefore);
  await expect(page.getByText('Введите число')).toHaveCount(0);
  expect(await wrongNumbers(page, POINT)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/number-format-parameters-ru.png`, fullPage: true });

  // The same quote in English (a reload keeps it): points, never commas; '0,2' typed is written back '0.2'.
  await page.goto('/en/quote');
  await expect(page.getByRole('heading', { name: 'Parameters' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Manufacturability findings' })).toContainText('0.038 mm', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Layers' })).toBeVisible();
  expect(await walkQuote(page, 'en', COMMA)).toEqual([]);
  const trackEn = page.getByRole('textbox', { name: /Minimum track/ });
  await expect(trackEn).toHaveValue('0.15');
  await trackEn.fill('0,2');
  await trackEn.press('Tab');
  await expect(trackEn).toHaveValue('0.2');
  expect(await wrongNumbers(page, COMMA)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/number-format-parameters-en.png`, fullPage: true });
});
