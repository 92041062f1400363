/**
 * `npm run screenshots`: starts the built portal on a fresh database and saves screenshots of the main pages
 * into .tmp/screens, to look at before calling a page done.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium';
import { startLocalGateway } from './local-gateway';
import { accountScreens, type Lang, type SaveOptions } from './screenshots-account';

const port = Number(process.env.SCREENSHOT_PORT ?? 8192);
const folder = '.tmp/screens';

mkdirSync(folder, { recursive: true });
const gateway = await startLocalGateway(port, '.tmp/screens-data');
const base = gateway.url;

/** A visitor who has seen the current release: the what's-new modal would cover every other screenshot. */
const seenUpdates = { cookies: [], origins: [{ origin: base, localStorage: [{ name: 'updates', value: '28-08-2025' }] }] };

async function shot(page: Page, name: string, options: SaveOptions = {}): Promise<void> {
  if (options.idle ?? true) await page.waitForLoadState('networkidle');
  // Finished transitions (a field turning red, a toast fading in), not a frame in the middle of one.
  await page.screenshot({ path: `${folder}/${name}.png`, fullPage: options.fullPage ?? false, animations: 'disabled' });
  console.log(`${folder}/${name}.png`);
}

/**
 * Live mode: a guest tab signs in with `?inspect` while a signed-in tab of the same browser follows it on /flows.
 * The guest tab opens before anyone signs in; the session does not follow other tabs, so it stays on /auth.
 */
async function liveModeFollowingLogin(): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, storageState: seenUpdates });
  const guest = await context.newPage();
  await guest.goto(`${base}/auth?inspect`);
  await guest.getByLabel('E-mail или телефон').waitFor();
  const analyst = await context.newPage();
  await analyst.goto(`${base}/auth`);
  await analyst.getByLabel('E-mail или телефон').fill('demo@example.ru');
  await analyst.getByLabel('Пароль', { exact: true }).fill('demo12345');
  await analyst.getByRole('button', { name: 'Войти', exact: true }).click();
  await analyst.getByRole('heading', { name: 'Панель управления' }).waitFor();
  await analyst.goto(`${base}/flows?machine=login`);
  await analyst.getByRole('switch', { name: 'Следить за приложением' }).check();
  await guest.bringToFront();
  await guest.getByLabel('E-mail или телефон').fill('demo2fa@example.ru');
  await guest.getByLabel('Пароль', { exact: true }).fill('demo12345');
  await guest.getByRole('button', { name: 'Войти', exact: true }).click();
  await guest.getByRole('heading', { name: 'Подтверждение входа' }).waitFor();
  await shot(guest, 'live-login-tab');
  await analyst.bringToFront();
  await analyst.locator('.flow-live', { hasText: 'secondFactor' }).waitFor();
  await shot(analyst, 'live-flows-following-login');
  await analyst.locator('g[data-state].is-current').first().scrollIntoViewIfNeeded();
  await shot(analyst, 'live-flows-following-login-state');
  await browser.close();
}

/** The account screens change the demo data (an invitation accepted, a request declined): a fresh one per language. */
async function accountScreensOnFreshData(): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    for (const [index, lang] of (['ru', 'en'] as const satisfies Lang[]).entries()) {
      const fresh = await startLocalGateway(port + 1 + index, `.tmp/screens-data-${lang}`);
      try {
        await accountScreens(browser, fresh.url, lang, shot);
      } finally {
        await fresh.stop();
      }
    }
  } finally {
    await browser.close();
  }
}

try {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, storageState: seenUpdates });
  await page.goto(`${base}/auth`);
  await shot(page, 'auth-ru');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await shot(page, 'auth-ru-errors');
  await page.goto(`${base}/en/auth`);
  await shot(page, 'auth-en');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Phone number').waitFor();
  await shot(page, 'auth-en-register');
  await page.goto(`${base}/auth`);
  await page.getByLabel('E-mail или телефон').fill('demo@example.ru');
  await page.getByLabel('Пароль', { exact: true }).fill('demo12345');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.getByRole('heading', { name: 'Панель управления' }).waitFor();
  await shot(page, 'home-ru');
  await page.getByRole('button', { name: /Смирнов/ }).click();
  await shot(page, 'home-ru-profile-menu');
  await page.keyboard.press('Escape');
  // The three sidebar themes, cycled from the profile menu as a user would.
  for (const theme of ['dark', 'white', 'brand']) {
    await page.getByRole('button', { name: /Смирнов/ }).click();
    await page.getByRole('menuitem', { name: /Цвет меню/ }).click();
    await page.locator(`html.sidebar-theme-${theme}`).waitFor({ state: 'attached' });
    await shot(page, `home-ru-theme-${theme}`);
  }
  await page.getByRole('button', { name: /^Уведомления/ }).click();
  await page.locator('.notification-item').first().waitFor();
  await shot(page, 'notifications-popup');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Группы пользователей' }).click();
  await page.getByRole('dialog').waitFor();
  await shot(page, 'groups-popup');
  await page.keyboard.press('Escape');
  await page.goto(`${base}/v2/ui/dropdown`);
  await shot(page, 'v2-ui-dropdown');
  await page.goto(`${base}/v2/ui/panel`);
  await shot(page, 'v2-ui-panel');
  await page.goto(`${base}/help`);
  await shot(page, 'help');
  await page.goto(`${base}/en`);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await shot(page, 'home-en');
  await page.goto(`${base}/orders/abc`);
  await shot(page, 'not-found');
  await browser.close();
  await liveModeFollowingLogin();
} finally {
  await gateway.stop();
}
await accountScreensOnFreshData();
