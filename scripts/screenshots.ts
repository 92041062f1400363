/**
 * `npm run screenshots`: starts the built portal on a fresh database and saves screenshots of the main pages
 * into .tmp/screens, to look at before calling a page done.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium';

const port = Number(process.env.SCREENSHOT_PORT ?? 8192);
const base = `http://127.0.0.1:${port}`;
const folder = '.tmp/screens';

rmSync('.tmp/screens-data', { recursive: true, force: true });
mkdirSync(folder, { recursive: true });
const gateway = spawn('npx', ['tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: '.tmp/screens-data', NODE_ENV: 'test' },
  stdio: 'ignore',
  detached: true,
});

async function waitForGateway(): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${base}/auth`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the gateway did not start');
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${folder}/${name}.png` });
  console.log(`${folder}/${name}.png`);
}

try {
  await waitForGateway();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
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
  await page.goto(`${base}/en`);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await shot(page, 'home-en');
  await page.goto(`${base}/orders/abc`);
  await shot(page, 'not-found');
  await browser.close();
} finally {
  if (gateway.pid) process.kill(-gateway.pid, 'SIGTERM');
}
