import { mkdirSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { demoUser, signInAs, tokenOf } from './support';
import { ops } from './support/ops';
import { test } from './support/test';

/**
 * In Chromium on the real gateway: the operator takes a demo order through every status (and cancels
 * another), and after each move the tab badges of /orders, the dashboard's cards, the /at-work cards and the main
 * menu's badge say what the lists show. Before the fix the counters stayed as cached for up to 180 s: the order
 * was listed under 'Ожидают оплаты' while the tab's badge and the dashboard card said it was not there.
 */
// Under .tmp like every browser test's: a test run must leave the tracked files as they were.
const SCREENS = '.tmp/screens/issue18';

/** What the gateway counts now, as a list's ListCount does (a new token each time: browser-test tokens live 6 s). */
async function listCount(request: APIRequestContext, filters: string[]): Promise<number> {
  const answer = await request.post('/api/catalog-viewer/v2/orders/ListCount', {
    data: filters.length ? { filters } : {}, headers: { Authorization: `Bearer ${await tokenOf(request, demoUser)}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { count: number }).count;
}

const tabTotal = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) }).locator('.ui-tabs__total');
const card = (page: Page, label: string) => page.locator('.counter-card', {
  has: page.locator('.counter-card__label', { hasText: new RegExp(`^${label}$`) }),
}).locator('.counter-card__value');

/** Every place that shows an order count agrees with the lists, after the operator's last move. */
async function expectCountsFollow(page: Page, request: APIRequestContext): Promise<void> {
  const waiting = await listCount(request, ['waiting_for_payment']);
  const total = await listCount(request, []);
  await page.goto('/orders?status=waiting_for_payment');
  await expect(page.locator('[data-order-id]')).toHaveCount(waiting);
  await expect(tabTotal(page, 'Ожидают оплаты')).toHaveText(String(waiting));
  await page.getByRole('tab', { name: /^Все/ }).click();
  await expect(page.locator('[data-order-id]')).toHaveCount(total);
  await expect(tabTotal(page, 'Все')).toHaveText(String(total));
  await expect(page.getByTestId('counter-orders')).toHaveText(String(total));

  await page.getByRole('link', { name: 'Главная' }).first().click();
  await expect(card(page, 'Ожидают оплаты')).toHaveText(String(waiting));
  await expect(card(page, 'Заказы')).toHaveText(String(total));
  await page.goto('/at-work');
  await expect(card(page, 'Ожидают оплаты')).toHaveText(String(waiting));
}

test('the counts follow the operator through every status of an order', async ({ page, request }) => {
  test.setTimeout(300_000);
  mkdirSync(SCREENS, { recursive: true });
  await signInAs(page, demoUser);
  // The counters are loaded (and cached) before the operator starts.
  await expectCountsFollow(page, request);

  const number = 'ПП-2025-00102';
  const steps: Array<{ args: string[]; view: string }> = [
    { args: ['release'], view: 'on_check' },
    { args: ['approve'], view: 'waiting_for_payment' },
    { args: ['pay'], view: 'in_progress' },
    { args: ['hold', '--reason', 'Ждём ламинат FR-4 1,6 мм'], view: 'in_progress' },
    { args: ['release'], view: 'in_progress' },
    { args: ['finish'], view: 'in_stock' },
    { args: ['ship', '--tracking', 'RA123456785RU'], view: 'shipped' },
  ];
  for (const step of steps) {
    ops('order', number, ...step.args);
    await page.goto(`/orders?status=${step.view}`);
    await expect(page.getByRole('link', { name: `Заказ ${number}` })).toBeVisible();
    await expectCountsFollow(page, request);
    if (step.args[0] === 'approve') {
      await page.goto('/orders?status=waiting_for_payment');
      await expect(page.getByRole('link', { name: `Заказ ${number}` })).toBeVisible();
      await expect(tabTotal(page, 'Ожидают оплаты')).toHaveText('3');
      await page.screenshot({ path: `${SCREENS}/waiting-for-payment-after-approve.png`, fullPage: true });
    }
  }

  // A cancelled order leaves 'Ожидают оплаты' too.
  ops('order', 'ПП-2025-00101', 'cancel', '--reason', 'Заказчик передумал');
  await page.goto('/orders?status=canceled');
  await expect(page.getByRole('link', { name: 'Заказ ПП-2025-00101' })).toBeVisible();
  await expectCountsFollow(page, request);
});
