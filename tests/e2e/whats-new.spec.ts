import { expect } from '@playwright/test';
import { demoUser, registerAccount, signInAs } from './support';
import { test } from './support/test';

/**
 * 'Что нового' (the 28 August 2025 release), shown to a brand-new user, covers their first project and takes the
 * keyboard focus. A user registered after the release never sees it; a user registered before sees it once.
 */
// As a first visit: nothing stored (the other browser tests start with this release already seen).
test.use({ storageState: { cookies: [], origins: [] } });

test('a user registered after the release never sees its "Что нового"; one registered before sees it once', async ({ page, request }) => {
  const dialog = page.getByRole('dialog', { name: 'Что нового' });

  // signInAs waits for the dashboard's heading, which the dialog hides from the accessibility tree.
  await page.goto('/auth');
  await page.getByLabel('E-mail или телефон').fill(demoUser.email);
  await page.getByLabel('Пароль', { exact: true }).fill(demoUser.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Понятно' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Панель управления' })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // A fresh browser (nothing stored) and an account registered today.
  await page.context().clearCookies();
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  const account = await registerAccount(request, { firstName: 'Вера', lastName: 'Новикова' });
  await signInAs(page, account);
  await expect(page.getByText(account.name).first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Панель управления' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The keyboard starts on the page, not in a dialog.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') === null)).toBe(true);
});
