import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { demoUser, signInAs } from './support';
import { test } from './support/test';

/**
 * The orders and invoices lists are exported as CSV and XLSX with the columns an accountant filters by.
 * Each file downloaded from the list holds the numbers the list shows, under the columns' names.
 */
async function downloaded(page: Page, label: string): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: label }).click()]);
  return readFileSync(await download.path());
}

function shownNumbers(text: string, pattern: RegExp): string[] {
  return [...new Set(text.match(pattern) ?? [])];
}

test('the orders list downloads as CSV and XLSX holding the orders it shows', async ({ page }) => {
  await signInAs(page, demoUser);
  await page.goto('/orders');
  const main = page.getByRole('main');
  await expect(main.getByText(/ПП-\d{4}-\d{5}/).first()).toBeVisible();
  const numbers = shownNumbers(await main.innerText(), /ПП-\d{4}-\d{5}/g);
  expect(numbers.length).toBeGreaterThan(0);

  const csv = await downloaded(page, 'Выгрузить показанные заказы в CSV (Excel)');
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.toString('utf8').slice(1).trim().split(/\r?\n/);
  const header = lines[0]?.split(';') ?? [];
  for (const column of ['Номер', 'Дата', 'Клиент', 'Плательщик', 'Сумма, ₽', 'НДС, ₽', 'Статус', 'Дата оплаты']) expect(header).toContain(column);
  for (const number of numbers) expect(lines.some((line) => line.startsWith(number) || line.startsWith(`"${number}"`))).toBe(true);

  const xlsx = unzipSync(new Uint8Array(await downloaded(page, 'Выгрузить показанные заказы в XLSX (Excel)')));
  const sheet = Object.entries(xlsx).find(([name]) => /^xl\/worksheets\/.+\.xml$/.test(name))?.[1];
  expect(sheet).toBeDefined();
  const xml = strFromU8(sheet ?? new Uint8Array());
  expect(xml).toContain('>Номер<');
  for (const number of numbers) expect(xml).toContain(number);
});

test('the invoices list downloads as CSV holding the invoices it shows', async ({ page }) => {
  await signInAs(page, demoUser);
  await page.goto('/invoices');
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Выгрузить показанные счета в CSV (Excel)' })).toBeVisible();
  await expect(main.getByText(/ПП-\d{4}-\d{5}|СЧ-\d+|№\s?\S+/).first()).toBeVisible();
  const csv = (await downloaded(page, 'Выгрузить показанные счета в CSV (Excel)')).toString('utf8').slice(1).trim().split(/\r?\n/);
  const header = csv[0]?.split(';') ?? [];
  for (const column of ['Номер', 'Дата', 'Заказ', 'Плательщик', 'ИНН плательщика', 'Сумма, ₽', 'НДС, ₽']) expect(header).toContain(column);
  // One row per invoice, each a number the page shows.
  const firstCells = csv.slice(1).map((line) => line.split(';')[0]?.replace(/^"|"$/g, '') ?? '');
  expect(firstCells.length).toBeGreaterThan(0);
  const text = await main.innerText();
  for (const number of firstCells) expect(text).toContain(number);
});
