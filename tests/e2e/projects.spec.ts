import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { demoUser, signInAs } from './support';
import { test } from './support/test';
import { openWizard } from './support/wizard';

/**
 * In the browser against the real gateway: a real open-hardware board (Arduino Uno from
 * @tracespace/fixtures) uploaded as a zip becomes pictures, parameters read from the files and a price, saved as a
 * draft and then made ready to order; and a project entered by hand reaches a price without files.
 */

const BOARD_DIR = 'node_modules/@tracespace/fixtures/boards/arduino-uno';
const SHOTS = '.tmp/screens/issue6';

function boardZip(): string {
  const files = Object.fromEntries(
    readdirSync(BOARD_DIR).filter((name) => !/^(LICENSE|manifest\.json)$/.test(name))
      .map((name) => [name, new Uint8Array(readFileSync(join(BOARD_DIR, name)))]),
  );
  mkdirSync('.tmp', { recursive: true });
  const path = '.tmp/e2e-arduino-uno.zip';
  writeFileSync(path, zipSync(files));
  return path;
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const next = (page: Page) => page.getByRole('button', { name: 'Далее', exact: true }).click();

async function saveFromSummary(page: Page, title: string, button: 'Сохранить черновик' | 'Сохранить как готовый к заказу') {
  await expect(page.getByRole('heading', { name: 'Цена и сохранение' }).or(page.getByRole('heading', { name: 'Итог' })).first()).toBeVisible();
  await page.getByLabel('Название проекта').fill(title);
  await expect(page.getByText('Итого').first()).toBeVisible();
  await expect(page.locator('.price-breakdown').getByText(/\d[\d\s]*,\d{2}\s₽/).first()).toBeVisible();
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByText(`Проект «${title}» сохранён`).first()).toBeVisible();
}

async function openListWith(page: Page, status: 'draft' | 'actual', title: string) {
  await page.waitForLoadState('networkidle');
  await page.goto(`/projects?status=${status}`);
  await page.getByRole('searchbox').or(page.getByPlaceholder(/Поиск/)).first().fill(title);
  await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
}

test('a zipped Arduino Uno becomes pictures, parameters and a price; saved as draft, then ready to order', async ({ page }) => {
  const title = `Arduino Uno ${Date.now().toString(36)}`;
  await signInAs(page, demoUser);
  await openWizard(page, 'ru');
  await page.getByRole('button', { name: /Загрузить файлы/ }).click();
  await page.locator('input[type=file]').setInputFiles(boardZip());

  await expect(page.getByRole('heading', { name: 'Слои' })).toBeVisible({ timeout: 30_000 });
  const picture = page.locator('img.board-preview__image');
  await expect(picture).toBeVisible();
  await expect(page.getByText('arduino-uno.gko').first()).toBeVisible();
  await shot(page, 'wizard-layers-top');
  const pictureSize = await picture.evaluate((image: HTMLImageElement) => ({ width: image.naturalWidth, height: image.naturalHeight }));
  expect(pictureSize.width / pictureSize.height).toBeCloseTo(68.58 / 53.34, 1);
  await page.getByRole('button', { name: 'Снизу' }).click();
  await expect(picture).toHaveAttribute('alt', /снизу/i);
  await expect(picture).toBeVisible();
  await shot(page, 'wizard-layers-bottom');

  await next(page);
  await expect(page.getByRole('heading', { name: 'Стек слоёв' })).toBeVisible();
  await next(page);
  await expect(page.getByRole('heading', { name: 'Параметры' })).toBeVisible();
  // In the language's numbers: a decimal comma in Russian.
  await expect(page.getByLabel(/Ширина/).first()).toHaveValue(/^68,5[78]/);
  await expect(page.getByLabel(/Длина|Высота/).first()).toHaveValue(/^53,3[34]/);
  // The header with the step bar and the price column must fit the 1400 px viewport of the product spec's layouts.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1400);
  await shot(page, 'wizard-parameters');
  await next(page);
  await expect(page.getByRole('heading', { name: 'Количество и срочность' })).toBeVisible();
  await next(page);
  await saveFromSummary(page, title, 'Сохранить черновик');
  await shot(page, 'wizard-saved');

  await openListWith(page, 'draft', title);
  await shot(page, 'projects-drafts');
  await page.getByRole('link', { name: title }).first().click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // With 'Ошибки' on (the default), a checked board's picture is the one with the DFM findings over it.
  await expect(page.locator('img.board-preview__image, img.findings-picture__image')).toBeVisible();
  await page.getByRole('button', { name: 'Сохранить как готовый к заказу' }).click();
  await expect(page.getByText('Доступен для заказа').or(page.getByText('Доступны для заказа')).first()).toBeVisible();
  await shot(page, 'project-page');

  await openListWith(page, 'actual', title);
  await page.goto('/projects?status=draft');
  await page.getByRole('searchbox').or(page.getByPlaceholder(/Поиск/)).first().fill(title);
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});

test('parameters entered by hand, without files, reach a priced project ready to order', async ({ page }) => {
  const title = `Ручной ввод ${Date.now().toString(36)}`;
  await signInAs(page, demoUser);
  await openWizard(page, 'ru');
  await page.getByRole('button', { name: /Ввести параметры вручную/ }).click();
  await expect(page.getByRole('heading', { name: 'Параметры' })).toBeVisible();
  await page.getByLabel(/Ширина/).first().fill('120');
  await next(page);
  await expect(page.getByRole('heading', { name: 'Количество и срочность' })).toBeVisible();
  await next(page);
  await saveFromSummary(page, title, 'Сохранить как готовый к заказу');
  await page.getByRole('link', { name: 'Открыть проект' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(/\d[\d\s]*,\d{2}\s₽/).first()).toBeVisible();
  await openListWith(page, 'actual', title);
});
