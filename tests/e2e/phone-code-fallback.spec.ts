import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { startFakeSmsAero, type FakeSmsAero } from '../support/fake-sms-aero';
import { startGatewayProcess, type GatewayProcess } from '../server/gateway-process';
import { freshIdentity } from './support';
import { test } from './support/test';

/**
 * In Chromium: a visitor registers by a flash call the provider will not place. The suite's own gateway
 * has no SMS provider, so this test starts one of its own that sends to a server answering as SMS Aero, set to
 * refuse calls: the code goes by SMS, the page says so, and the code from that SMS confirms the phone.
 */

const SHOTS = '.tmp/screens/issue31-fallback';
let aero: FakeSmsAero;
let gateway: GatewayProcess;

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  aero = await startFakeSmsAero();
  aero.mode = 'refuseCalls';
  gateway = await startGatewayProcess({
    NODE_ENV: 'test', DATA_DIR: 'memory://', SEED_DEMO: '0', STATIC_DIR: 'dist', LOG_LEVEL: 'info',
    SMS_PROVIDER: 'smsaero', SMS_LOGIN: aero.login, SMS_API_KEY: aero.apiKey, SMS_API_URL: aero.url, SMS_SENDER: 'PCB Portal',
  });
});

test.afterAll(async () => {
  await gateway.kill();
  await aero.close();
});

async function askCallCode(page: Page, path: string, texts: { tab: string; phone: string; byCall: RegExp; getCode: string }) {
  const identity = freshIdentity();
  await page.goto(`${gateway.url}${path}`);
  await page.getByRole('tab', { name: texts.tab }).click();
  await page.getByLabel(texts.phone).pressSequentially(identity.phoneDigits);
  await page.getByRole('checkbox', { name: texts.byCall }).check();
  await page.getByRole('button', { name: texts.getCode, exact: true }).click();
  return identity;
}

test('a flash call the provider refuses comes as an SMS, and the code screen says so (ru)', async ({ page }) => {
  const identity = await askCallCode(page, '/auth', { tab: 'Регистрация', phone: 'Номер телефона', byCall: /Подтвердить звонком/, getCode: 'Получить код' });
  await expect(page.getByRole('status')).toContainText('Не удалось позвонить — код отправлен в SMS.');
  const field = page.getByLabel('Код из SMS');
  await expect(field).toHaveAttribute('maxlength', '4');
  await page.screenshot({ path: `${SHOTS}/ru.png` });

  await expect.poll(() => aero.codeFor(identity.phone)).toMatch(/^\d{4}$/);
  expect(aero.last(identity.phone)?.kind).toBe('sms');
  await field.fill(aero.codeFor(identity.phone) ?? '');
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();
});

test('the same in English', async ({ page }) => {
  await askCallCode(page, '/en/auth', { tab: 'Register', phone: 'Phone number', byCall: /Confirm by phone call/, getCode: 'Get code' });
  await expect(page.getByRole('status')).toContainText('We could not call you, so the code was sent by SMS.');
  await expect(page.getByLabel('Code from the SMS')).toHaveAttribute('maxlength', '4');
  await page.screenshot({ path: `${SHOTS}/en.png` });
});
