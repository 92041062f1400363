import { mkdirSync } from 'node:fs';
import { expect } from '@playwright/test';
import { corpusZip, openWizard, signInDemo } from './support/wizard';
import { test } from './support/test';

/**
 * In the browser: the board wizard survives a reload (F5) and a closed tab the way /quote does: the upload,
 * every step's choices and the step on screen come back. Russian and English.
 */
const SHOTS = '.tmp/screens/issue32-quote-path';
const BOARD = 'kicad5-2l-otterpill';

const TEXT = {
  ru: { upload: /Загрузить файлы/, next: 'Далее', layers: 'Слои', order: 'Количество и срочность', quantity: /^Количество, шт/ },
  en: { upload: /Upload files/, next: 'Next', layers: 'Layers', order: 'Quantity and urgency', quantity: /^Quantity/ },
} as const;




for (const locale of ['ru', 'en'] as const) {
  test(`the wizard after a reload and after a closed tab: the upload, the choices and the step come back (${locale})`, async ({ page, context }) => {
    test.setTimeout(120_000);
    mkdirSync(SHOTS, { recursive: true });
    const text = TEXT[locale];
    await signInDemo(page, locale);
    await openWizard(page, locale);
    await page.getByRole('button', { name: text.upload }).click();
    await page.locator('input[type=file]').setInputFiles(corpusZip(BOARD, 'wizard'));
    await expect(page.getByRole('heading', { name: text.layers })).toBeVisible({ timeout: 60_000 });
    const next = page.getByRole('button', { name: text.next, exact: true });
    await next.click();
    await next.click();
    await next.click();
    await expect(page.getByRole('heading', { name: text.order })).toBeVisible();
    await page.getByRole('textbox', { name: text.quantity }).fill('37');
    await page.getByRole('textbox', { name: text.quantity }).blur();

    await page.reload();
    await expect(page.getByRole('heading', { name: text.order })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('textbox', { name: text.quantity })).toHaveValue('37');
    await page.screenshot({ path: `${SHOTS}/wizard-after-reload-${locale}.png`, fullPage: true });
    // The upload is there too: its layers are one click back in the side menu.
    await page.getByRole('navigation').getByRole('button', { name: new RegExp(text.layers) }).first().click();
    await expect(page.getByText('otterpill').first()).toBeVisible();

    // A closed tab: a new one of the same browser opens the wizard on the layers step it was left on.
    await page.close();
    const again = await context.newPage();
    await again.goto(locale === 'ru' ? '/wizard-board' : '/en/wizard-board');
    await expect(again.getByRole('heading', { name: text.layers })).toBeVisible({ timeout: 30_000 });
    await again.getByRole('button', { name: text.next, exact: true }).click();
    await again.getByRole('button', { name: text.next, exact: true }).click();
    await again.getByRole('button', { name: text.next, exact: true }).click();
    await expect(again.getByRole('textbox', { name: text.quantity })).toHaveValue('37');
  });
}
