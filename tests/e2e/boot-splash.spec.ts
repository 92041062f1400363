import { expect, type Page } from '@playwright/test';
import { test } from './support/test';

const SHOTS = '.tmp/screens/issue32-boot';
const BUNDLE_DELAY_MS = 4000;

/** A slow connection for the app's scripts: each one arrives 4 s late, the page and its style sheet at once. */
async function slowScripts(page: Page): Promise<{ released: () => boolean }> {
  let released = false;
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, BUNDLE_DELAY_MS));
    released = true;
    await route.continue();
  });
  return { released: () => released };
}

for (const { lang, path, text, signIn } of [
  { lang: 'ru', path: '/auth', text: 'Загружаем личный кабинет…', signIn: 'Войти' },
  { lang: 'en', path: '/en/auth', text: 'Loading the customer portal…', signIn: 'Sign in' },
]) {
  test(`${lang}: a first visit on a slow connection shows a live progress bar with the app's name until the app runs`, async ({ page }) => {
    const scripts = await slowScripts(page);
    await page.goto(path, { waitUntil: 'commit' });
    const progress = page.getByRole('progressbar', { name: text });
    await expect(progress).toBeVisible();
    await expect(page.getByText('PCB Portal', { exact: true })).toBeVisible();
    // The bar moves: its stripe is animated while nothing else can run.
    const animations = await page.locator('.boot-splash__bar').evaluate((bar) => getComputedStyle(bar, '::after').animationName);
    expect(animations).toBe('boot-slide');
    expect(scripts.released()).toBe(false);
    await page.screenshot({ path: `${SHOTS}/boot-splash-${lang}.png` });

    await expect(page.getByRole('button', { name: signIn, exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(progress).toHaveCount(0);
  });
}
