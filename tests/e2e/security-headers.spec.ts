import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { demoUser } from './support';
import { test } from './support/test';

const SHOTS = '.tmp/screens/csp';

/** Every Content-Security-Policy violation the page reports, in the words of the event. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

/** The Arduino Uno of @tracespace/fixtures as one zip: the wizard's upload, streaming progress and board pictures. */
function boardZip(): string {
  const dir = 'node_modules/@tracespace/fixtures/boards/arduino-uno';
  const files = Object.fromEntries(readdirSync(dir).filter((name) => !/^(LICENSE|manifest\.json)$/.test(name))
    .map((name) => [name, new Uint8Array(readFileSync(join(dir, name)))]));
  mkdirSync('.tmp', { recursive: true });
  writeFileSync('.tmp/e2e-csp-board.zip', zipSync(files));
  return '.tmp/e2e-csp-board.zip';
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/auth?redirect=%2Fflows');
  await page.getByLabel('E-mail или телефон').fill(demoUser.email);
  await page.getByLabel('Пароль', { exact: true }).fill(demoUser.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/flows$/);
}

/**
 * A page is judged once its main area shows and its load event has fired. Not "network idle": a page that follows
 * a board's processing or an order's status keeps asking, and on a busy machine never falls silent for 500 ms.
 */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('load');
}

test('the app runs under its Content-Security-Policy: headers, sign-in, flows, dashboard', async ({ page }) => {
  const violations = await watchViolations(page);
  const first = await page.goto('/auth');
  const headers = first?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  await signIn(page);

  await page.goto('/flows?machine=login');
  await expect(page.getByRole('figure')).toBeVisible();
  await page.getByRole('switch', { name: 'Симуляция' }).check();
  await page.getByRole('button', { name: /login\.submit.*demo12345/ }).click();
  await shot(page, 'flows');
  await page.goto('/flows?machine=session');
  await expect(page.getByRole('figure')).toContainText('after 105 s');

  await visit(page, '/');
  await shot(page, 'dashboard');
  expect(violations).toEqual([]);
});

test('the app runs under its Content-Security-Policy: the wizard\'s upload, progress and board pictures', async ({ page }) => {
  // A board's processing on a busy machine: more than one test's default minute.
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  await signIn(page);
  await page.goto('/wizard-board');
  const understood = page.getByRole('button', { name: 'Понятно' });
  await expect(understood).toBeVisible();
  await understood.click();
  await page.getByRole('button', { name: /Загрузить файлы/ }).click();
  await page.locator('input[type=file]').setInputFiles(boardZip());
  await expect(page.locator('img.board-preview__image')).toBeVisible({ timeout: 60_000 });
  await shot(page, 'wizard');
  expect(violations).toEqual([]);
});

test('the app runs under its Content-Security-Policy: lists, profile, help, English, invoice viewer', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  await signIn(page);
  for (const path of ['/projects', '/orders', '/positions', '/cart', '/kits', '/account/clients', '/account/profile', '/help', '/en/orders']) {
    await visit(page, path);
  }
  await shot(page, 'orders-en');

  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Открыть' }).first().click();
  await expect(page.getByRole('dialog').locator('canvas').first()).toBeVisible();
  await shot(page, 'invoice');
  expect(violations).toEqual([]);
});
