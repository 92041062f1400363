import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { defaultParams } from '../../src/contract/board';
import { call, checkoutWithSampleClient, newClient, newProject, uploadedBoard } from './browser-paths/customer';
import { corporateRequisites, registerAccount, signInAs, tokenOf } from './support';
import { test } from './support/test';

/**
 * In Chromium on the real gateway, from fresh accounts: the boards for an engineer's review placed as an
 * order of their own while the clean ones go on, the review order shown as waiting (not as an alarm), the payer form
 * offering the client's own requisites, and the setup line of the price naming the layer count.
 */
const SCREENS = '.tmp/screens/issue32-checkout';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });

test('boards for review go as an order of their own: the clean order goes on, the other waits calmly for the engineer', async ({ page, request }) => {
  test.setTimeout(240_000);
  mkdirSync(SCREENS, { recursive: true });
  const account = await registerAccount(request, { firstName: 'Ирина', lastName: 'Раздельная' });
  const token = () => tokenOf(request, account);
  const clientName = `Раздельно ${Date.now() % 100000}`;
  const clientId = await newClient(request, token, clientName, false);
  // A clean board, and OtterPill, whose pour 0.18 mm from the edge no option cures: it goes for review.
  const clean = await newProject(request, token, clientId, await uploadedBoard(request, token, clientId, 'kicad6-2l-tfrpm01-subfolder'));
  const review = await newProject(request, token, clientId, await uploadedBoard(request, token, clientId));
  await call(request, token, '/cart/AddProject', { projectId: clean });
  await call(request, token, '/cart/AddProject', { projectId: review, dfmReview: true });
  await signInAs(page, account);

  await page.goto('/cart');
  await page.getByRole('link', { name: `Оформить заказ для «${clientName}»` }).click();
  await checkoutWithSampleClient(page, 'Далее');
  const split = page.getByRole('checkbox', { name: 'Оформить платы на проверку отдельным заказом' });
  await expect(split).not.toBeChecked();
  await split.check();
  await expect(page.getByText(/остальные платы пойдут в работу сразу/)).toBeVisible();
  await shot(page, 'checkout-split-ru');
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  const title = page.getByRole('heading', { name: /Оформлены заказы № .+ и № .+/ });
  await expect(title).toBeVisible();
  const [, cleanNumber, reviewNumber] = /№ (\S+) и № (\S+)/.exec((await title.textContent()) ?? '') ?? [];
  expect(cleanNumber).toBeTruthy();
  expect(reviewNumber).not.toBe(cleanNumber);
  await shot(page, 'checkout-placed-two-ru');

  // The review order waits for the engineer: a status with the usual hours, no red alarm.
  await page.getByRole('link', { name: `Открыть заказ № ${reviewNumber}` }).click();
  await page.waitForURL(/\/orders\/\d+$/);
  await expect(page.locator('.order-review')).toContainText('Ждёт проверки инженером, обычно до 24 часов');
  await expect(page.locator('.order-hold')).toHaveCount(0);
  await expect(page.getByText(/Заказ приостановлен/)).toHaveCount(0);
  await shot(page, 'order-awaiting-review-ru');
  await page.goto(page.url().replace(/\/orders\//, '/en/orders/'));
  await expect(page.locator('.order-review')).toContainText("Awaiting an engineer's review, usually within 24 hours");
  await shot(page, 'order-awaiting-review-en');

  // The clean order is not held at all.
  await page.goto('/orders');
  await page.getByRole('link', { name: new RegExp(cleanNumber ?? '-') }).first().click();
  await page.waitForURL(/\/orders\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Заказ ${cleanNumber}` })).toBeVisible();
  await expect(page.locator('.order-hold, .order-review')).toHaveCount(0);
});

test('the payer form offers the client\'s own requisites; the price says its setup line is the layer count', async ({ page, request }) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENS, { recursive: true });
  const account = await registerAccount(request, { firstName: 'Пётр', lastName: 'Реквизитов' });
  const token = () => tokenOf(request, account);
  const requisites = corporateRequisites();
  const name = `Сам себе ${Date.now() % 100000}`;
  const client = await call(request, token, '/account/Clients/Create', {
    name, fullName: `ООО «${name}»`, firstName: '', lastName: '', middleName: '', siteUrl: '', accessibleThroughAdmin: false,
    avatarUrl: null, activityId: null, regionId: null, countryId: null, officeId: null, clientType: 'corporate', ...requisites,
  });
  const project = await call(request, token, '/catalog-viewer/v2/projects/Create', {
    clientId: client.id,
    title: 'Четыре слоя',
    params: { ...defaultParams('pcb'), board: { ...defaultParams('pcb').board, layers: 4 } },
    uploadId: null,
    status: 'actual',
  });
  await signInAs(page, account);

  for (const lang of ['ru', 'en'] as const) {
    const prefix = lang === 'en' ? '/en' : '';
    await page.goto(`${prefix}/account/counteragents?clientId=${String(client.id)}`);
    await page.getByRole('button', { name: lang === 'en' ? 'Add payer' : 'Добавить плательщика' }).first().click();
    await page.getByRole('button', { name: lang === 'en' ? `The payer is the client itself, ${name}` : `Плательщик — сам клиент «${name}»` }).click();
    await expect(page.getByLabel(lang === 'en' ? 'INN' : 'ИНН', { exact: true })).toHaveValue(requisites.inn);
    await expect(page.getByLabel(lang === 'en' ? 'KPP' : 'КПП', { exact: true })).toHaveValue(requisites.kpp);
    await shot(page, `payer-own-requisites-${lang}`);
    await page.getByRole('button', { name: lang === 'en' ? 'Cancel' : 'Отмена' }).click();

    await page.goto(`${prefix}/project/${String(project.id)}`);
    await expect(page.getByText(lang === 'en' ? '4 layers' : '4 слоя').first()).toBeVisible();
    await shot(page, `price-setup-layers-${lang}`);
  }
});
