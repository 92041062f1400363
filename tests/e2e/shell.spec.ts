import { expect, type Page } from '@playwright/test';
import { create } from 'superstruct';
import { countersV2 } from '../../src/contract/counters';
import { notificationsListCount } from '../../src/contract/notifications';
import { demoUser, signInAs, storedToken } from './support';
import { test } from './support/test';

async function signIn(page: Page): Promise<string> {
  await signInAs(page, demoUser);
  const token = await storedToken(page);
  expect(token).not.toBeNull();
  return token as string;
}

/** The unread count as the gateway has it, asked with the page's own token (refreshed by the app when needed). */
async function unreadOnGateway(page: Page): Promise<number> {
  const answer = await page.request.post(`/api${notificationsListCount.path}`, {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
    data: { filters: ['NotRead'] },
  });
  expect(answer.status()).toBe(200);
  return create(await answer.json(), notificationsListCount.response).count;
}

const badge = (page: Page) => page.getByTestId('notifications-badge');
const bell = (page: Page) => page.getByRole('button', { name: /^Уведомления/ });

test.describe('the portal shell', () => {
  test('the menu counters are the gateway\'s numbers', async ({ page }) => {
    const token = await signIn(page);
    const answer = await page.request.get(`/api${countersV2.path}`, { headers: { Authorization: `Bearer ${token}` } });
    const counters = create(await answer.json(), countersV2.response);
    const expected: Record<string, number> = {
      drafts: counters.projects.totalDraft,
      projects: counters.projects.totalActual,
      baskets: counters.basket.total,
      orders: counters.orders.total,
    };
    for (const [code, value] of Object.entries(expected)) {
      expect(value).toBeGreaterThan(0); // the demo data gives every one of them something to show
      await expect(page.getByTestId(`counter-${code}`)).toHaveText(String(value));
    }
  });

  test('marking a notification read lowers the badge, reaches the gateway and survives a reload', async ({ page }) => {
    await signIn(page);
    const before = await unreadOnGateway(page);
    expect(before).toBeGreaterThan(0);
    await expect(badge(page)).toHaveText(String(before));

    await bell(page).click();
    const popup = page.locator('.notifications-popup');
    await expect(popup.getByRole('tab', { name: /Новые/ })).toHaveAttribute('aria-selected', 'true');
    // An item that opens no modal: the accepted invitation.
    const item = popup.locator('.notification-item--unread', { hasText: 'принял(а) приглашение' }).first();
    await item.getByRole('button').first().click();
    await expect(badge(page)).toHaveText(String(before - 1));
    await expect.poll(() => unreadOnGateway(page)).toBe(before - 1);

    await page.reload();
    await expect(badge(page)).toHaveText(String(before - 1));

    // And back: the small control on a read item marks it unread again.
    await bell(page).click();
    await popup.getByRole('tab', { name: 'Все' }).click();
    await popup.getByRole('button', { name: 'Отметить как непрочитанное' }).first().click();
    await expect(badge(page)).toHaveText(String(before));
    await expect.poll(() => unreadOnGateway(page)).toBe(before);
  });

  test('the popup pages through 250 more notifications as they scroll into view, never all at once', async ({ page }) => {
    const token = await signIn(page);
    const created = await page.request.post('/api/dev/notifications', {
      headers: { Authorization: `Bearer ${token}` },
      data: { count: 250 },
    });
    expect(created.status()).toBe(200);
    const countAnswer = await page.request.post(`/api${notificationsListCount.path}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {},
    });
    const total = create(await countAnswer.json(), notificationsListCount.response).count;
    expect(total).toBeGreaterThanOrEqual(250);

    const pagesAsked: number[] = [];
    // Answered requests only: tokens live 6 s here, so a request may meet a 401 and be sent again after the refresh.
    page.on('response', (response) => {
      const request = response.request();
      if (!request.url().endsWith('/api/account/Notifications/List') || response.status() !== 200) return;
      const body = request.postDataJSON() as { pagination: { page: number; itemsOnPage: number }; filters?: string[] };
      // The 'Все' tab's pages only: the dashboard asks for its latest five on its own.
      if (!body.filters?.includes('NotRead') && body.pagination.itemsOnPage === 20) pagesAsked.push(body.pagination.page);
    });
    await page.reload();
    await bell(page).click();
    const popup = page.locator('.notifications-popup');
    await popup.getByRole('tab', { name: 'Все' }).click();
    await expect(popup.locator('.notification-item').first()).toBeVisible();
    await page.waitForTimeout(1000);
    const pageCount = Math.ceil(total / 20);
    expect(pagesAsked.length).toBeGreaterThan(0);
    expect(pagesAsked.length).toBeLessThan(pageCount);

    // Read on, a page at a time: bring the first page not loaded yet into view until none is left.
    await expect.poll(async () => {
      const placeholders = popup.locator('.notification-page-placeholder');
      if ((await placeholders.count()) > 0) await placeholders.first().scrollIntoViewIfNeeded().catch(() => undefined);
      return popup.locator('.notification-item').count();
    }, { timeout: 45_000, intervals: [700] }).toBe(total);
    expect([...pagesAsked].sort((a, b) => a - b)).toEqual(Array.from({ length: pageCount }, (_, index) => index + 1));
  });

  test('sidebar theme, mini mode and language survive a reload', async ({ page }) => {
    await signIn(page);
    const root = page.locator('html');
    await page.getByRole('button', { name: /Смирнов/ }).click();
    await page.getByRole('menuitem', { name: /Цвет меню/ }).click();
    await expect(root).toHaveClass(/sidebar-theme-dark/);
    await page.getByRole('button', { name: 'Свернуть меню' }).click();
    await expect(page.getByRole('button', { name: 'Развернуть меню' })).toBeVisible();

    await page.reload();
    await expect(root).toHaveClass(/sidebar-theme-dark/);
    await expect(page.getByRole('button', { name: 'Развернуть меню' })).toBeVisible();

    await page.getByRole('button', { name: /Смирнов/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(root).toHaveClass(/sidebar-theme-dark/);
    await expect(page.getByRole('button', { name: 'Expand the menu' })).toBeVisible();
    // Put things back for the tests that follow.
    await page.getByRole('button', { name: 'Expand the menu' }).click();
    await page.getByRole('button', { name: /Смирнов/ }).click();
    await page.getByRole('menuitem', { name: 'Русский' }).click();
    await expect(page.getByRole('heading', { name: 'Панель управления' })).toBeVisible();
  });
});

test.describe("what's new", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("shows once after sign-in and leads to the update history", async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('E-mail или телефон').fill(demoUser.email);
    await page.getByLabel('Пароль', { exact: true }).fill(demoUser.password);
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Все изменения' }).click();
    await expect(page).toHaveURL(/\/updates$/);
    await expect(page.getByRole('heading', { name: 'История обновлений' }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
