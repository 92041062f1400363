import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { corpusBoard } from '../../scripts/gerber-corpus';
import { call, checkoutWithSampleClient, newClient, newProject, uploadedBoard } from './browser-paths/customer';
import { registerAccount, signInAs, tokenOf } from './support';
import { test } from './support/test';

/**
 * In both languages: the checkout that places the boards for review as an order of their own, and the
 * wizard's stack-up step drawing the line's standard builds (4 layers, and JLCPCB's 6-layer 3313 build) — with the
 * screenshots of each, ru and en, under .tmp/screens/s40-i32.
 */
const SCREENS = '.tmp/screens/s40-i32';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });

const WORDS = {
  ru: {
    prefix: '', checkout: (name: string) => `Оформить заказ для «${name}»`, next: 'Далее',
    split: 'Оформить платы на проверку отдельным заказом', splitNote: /остальные платы пойдут в работу сразу/,
    place: 'Оформить заказ', placed: /Оформлены заказы № .+ и № .+/,
    onboarding: 'Понятно', upload: /Загрузить файлы/, layersStep: 'Слои', stackupStep: 'Стек слоёв', edit: 'Изменить стек',
    layers: 'Число слоёв', drawing: /^Разрез платы/, prepreg7628: 'Препрег 7628', prepreg3313: 'Препрег 3313', core: '1,065 мм',
  },
  en: {
    prefix: '/en', checkout: (name: string) => `Check out for “${name}”`, next: 'Next',
    split: 'Place the boards for review as a separate order', splitNote: /the other boards go on at once/,
    place: 'Place the order', placed: /Orders No\. .+ and No\. .+ placed/,
    onboarding: 'Got it', upload: /Upload files/, layersStep: 'Layers', stackupStep: 'Stack-up', edit: 'Edit the stack',
    layers: 'Layers', drawing: /^Board cross-section/, prepreg7628: 'Prepreg 7628', prepreg3313: 'Prepreg 3313', core: '1.065 mm',
  },
} as const;

for (const lang of ['ru', 'en'] as const) {
  const w = WORDS[lang];

  // In Russian the same walk, with the two orders' pages, is checkout-truth.spec.ts's first test.
  if (lang === 'en') test(`${lang}: the boards for review are placed as an order of their own, beside the clean one`, async ({ page, request }) => {
    test.setTimeout(240_000);
    mkdirSync(SCREENS, { recursive: true });
    const account = await registerAccount(request, { firstName: 'Ирина', lastName: 'Раздельная' });
    const token = () => tokenOf(request, account);
    const clientName = `Split ${lang} ${Date.now() % 100000}`;
    const clientId = await newClient(request, token, clientName, false);
    // A clean board, and OtterPill, whose pour 0.18 mm from the edge no option cures: it goes for review.
    const clean = await newProject(request, token, clientId, await uploadedBoard(request, token, clientId, 'kicad6-2l-tfrpm01-subfolder'));
    const review = await newProject(request, token, clientId, await uploadedBoard(request, token, clientId));
    await call(request, token, '/cart/AddProject', { projectId: clean });
    await call(request, token, '/cart/AddProject', { projectId: review, dfmReview: true });
    await signInAs(page, account);

    await page.goto(`${w.prefix}/cart`);
    await page.getByRole('link', { name: w.checkout(clientName) }).click();
    await checkoutWithSampleClient(page, w.next);
    await page.getByRole('checkbox', { name: w.split }).check();
    await expect(page.getByText(w.splitNote)).toBeVisible();
    await shot(page, `checkout-split-${lang}`);
    await page.getByRole('button', { name: w.place }).click();
    await expect(page.getByRole('heading', { name: w.placed })).toBeVisible();
    await shot(page, `checkout-placed-two-${lang}`);
  });

  test(`${lang}: the wizard's stack-up step draws the line's standard 4- and 6-layer builds`, async ({ page, request }) => {
    test.setTimeout(120_000);
    mkdirSync(SCREENS, { recursive: true });
    const account = await registerAccount(request, { firstName: 'Семён', lastName: 'Стеков' });
    await newClient(request, () => tokenOf(request, account), `Stack ${lang} ${Date.now() % 100000}`, true);
    await signInAs(page, account);
    await page.goto(`${w.prefix}/wizard-board`);
    await page.getByRole('button', { name: w.onboarding }).click();
    await page.getByRole('button', { name: w.upload }).click();
    const board = corpusBoard('kicad5-2l-otterpill');
    await page.locator('input[type=file]').first().setInputFiles({ name: board.uploadName, mimeType: 'application/zip', buffer: Buffer.from(board.upload) });
    await expect(page.getByRole('heading', { name: w.layersStep })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: w.next, exact: true }).click();
    await expect(page.getByRole('heading', { name: w.stackupStep })).toBeVisible();
    await page.getByRole('button', { name: w.edit }).click();
    const drawing = page.getByRole('list', { name: w.drawing });
    await page.getByLabel(w.layers, { exact: true }).selectOption('4');
    await expect(drawing.getByText(w.prepreg7628)).toHaveCount(2);
    await expect(drawing.getByText(w.core)).toBeVisible();
    await shot(page, `stackup-4l-${lang}`);
    await page.getByLabel(w.layers, { exact: true }).selectOption('6');
    await expect(drawing.getByText(w.prepreg3313)).toHaveCount(2);
    await expect(page.getByText('L6-1.6-3313, FR-4, Tg 135')).toBeVisible();
    await shot(page, `stackup-6l-${lang}`);
  });
}
