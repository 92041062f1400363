import { expect, type Browser, type Page } from '@playwright/test';
import { base32Decode, totpAt } from '../../../server/staff/totp';
import { createStaff } from './ops';

export const STAFF_E2E_PASSWORD = 'staff-e2e-password-12';

/** The code an authenticator app shows now for a base32 secret (the browser and the gateway share this clock). */
export const totpNow = (secret: string): string => totpAt(base32Decode(secret), new Date());

/**
 * A staff member as one is made for real, in a browser of their own: created with `npm run admin -- staff-create`,
 * the password set at the one-time link, then the first sign-in enrols the authenticator whose secret the page shows,
 * confirmed with a code of it. Answers the member's signed-in page (Russian pages).
 */
export async function newStaffMember(browser: Browser, email: string, name: string, role: 'engineer' | 'manager'): Promise<Page> {
  const link = createStaff(email, name, role);
  const page = await (await browser.newContext()).newPage();
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel('Новый пароль', { exact: true }).fill(STAFF_E2E_PASSWORD);
  await page.getByLabel('Повторите пароль', { exact: true }).fill(STAFF_E2E_PASSWORD);
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByText('Пароль сохранён. Теперь можно войти.')).toBeVisible();
  await page.goto('/staff/sign-in');
  await page.getByLabel('Эл. почта').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(STAFF_E2E_PASSWORD);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page.getByRole('heading', { name: 'Подключите второй фактор' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR-код для приложения-аутентификатора' })).toBeVisible();
  const secret = (await page.locator('.staff-enrol__secret').textContent())?.replace(/\s+/g, '') ?? '';
  await page.getByLabel('Код из приложения').fill(totpNow(secret));
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).not.toHaveURL(/\/staff\/sign-in/);
  return page;
}
