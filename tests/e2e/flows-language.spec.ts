import { expect, type Page } from '@playwright/test';
import { demoUser, signInAs } from './support';
import { test } from './support/test';

/**
 * The flow simulation's sample gateway answers are in the page's language, as the gateway answers a page
 * (English under /en, Russian under /), including a call the registry gives no sample failure for.
 */
const CYRILLIC = /[А-Яа-яЁё]/;

async function failuresOf(page: Page, path: string, group: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole('figure').locator('svg')).toBeVisible();
  await page.getByRole('switch', { name: /^(Симуляция|Simulation)$/ }).check();
  await page.getByRole('button', { name: /login\.submit.*demo12345/ }).click();
  return page.getByRole('group', { name: group }).locator('.flow-button--error').allInnerTexts();
}

test('the login simulation\'s sample refusal reads in English under /en and in Russian under /', async ({ page }) => {
  await signInAs(page, demoUser);
  const en = await failuresOf(page, '/en/flows?machine=login', 'Call signIn');
  expect(en).toEqual([expect.stringMatching(/^Failure\s+Wrong login or password$/)]);
  await page.screenshot({ path: '.tmp/screens/s40-i32/flows-login-failure-en.png', fullPage: true });
  const ru = await failuresOf(page, '/flows?machine=login', 'Вызов signIn');
  expect(ru).toEqual([expect.stringMatching(/^Ошибка\s+Неверный логин или пароль$/)]);
});

test('every sample refusal of the English flows page is English, a call without samples too', async ({ page }) => {
  await signInAs(page, demoUser);
  await page.goto('/en/flows?machine=checkout');
  await expect(page.getByRole('figure').locator('svg')).toBeVisible();
  await page.getByRole('switch', { name: 'Simulation' }).check();
  const refusals = page.locator('.flow-button--error');
  // The checkout's first call has no sample failure of its own: it fails as the gateway does when it is away.
  await expect(refusals.first()).toHaveText(/^Failure\s+The service is temporarily unavailable, please try later$/);
  for (const text of await refusals.allInnerTexts()) expect(text).not.toMatch(CYRILLIC);
});
