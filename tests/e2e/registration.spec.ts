import { expect } from '@playwright/test';
import { freshIdentity, latestCode } from './support';
import { test } from './support/test';

test('a new customer registers through the UI, completes the profile and lands on the dashboard', async ({ page, request }) => {
  const identity = freshIdentity();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Регистрация' }).click();

  const phoneSentAt = Date.now();
  await page.getByLabel('Номер телефона').pressSequentially(identity.phoneDigits);
  await expect(page.getByLabel('Номер телефона')).toHaveValue(/^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.getByLabel('Код из SMS').fill(await latestCode(request, identity.phone, phoneSentAt));
  await page.getByRole('button', { name: 'Подтвердить' }).click();

  const emailSentAt = Date.now();
  await page.getByLabel('E-mail', { exact: true }).fill(identity.email);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.getByLabel('Код из письма').fill(await latestCode(request, identity.email, emailSentAt));
  await page.getByRole('button', { name: 'Подтвердить' }).click();

  await page.getByLabel('Пароль', { exact: true }).fill('short');
  await page.getByLabel('Повторите пароль').fill('short');
  await page.getByRole('button', { name: 'Создать аккаунт' }).click();
  await expect(page.getByText('Пароль должен быть не короче 8 символов')).toBeVisible();

  await page.getByLabel('Пароль', { exact: true }).fill('new-customer-1');
  await page.getByLabel('Повторите пароль').fill('new-customer-1');
  await page.getByRole('button', { name: 'Создать аккаунт' }).click();

  await expect(page).toHaveURL(/\/auth\/filling-profile/);
  await page.getByRole('button', { name: 'Сохранить и продолжить' }).click();
  await expect(page.getByText('Обязательное поле').first()).toBeVisible();
  await page.getByLabel('Имя', { exact: true }).fill('Мария');
  await page.getByLabel('Фамилия').fill('Соколова');
  await page.getByLabel('Женский').check();
  await page.getByRole('button', { name: 'Сохранить и продолжить' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Панель управления' })).toBeVisible();
  await expect(page.getByText('Здравствуйте, Мария Соколова!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Мария Соколова' })).toBeVisible();
});

test('registration with the flash-call option asks for the last four digits of the calling number', async ({ page, request }) => {
  const identity = freshIdentity();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Регистрация' }).click();
  const sentAt = Date.now();
  await page.getByLabel('Номер телефона').pressSequentially(identity.phoneDigits);
  await page.getByLabel('Подтвердить звонком').check();
  await page.getByRole('button', { name: 'Получить код' }).click();
  const code = await latestCode(request, identity.phone, sentAt);
  expect(code).toMatch(/^\d{4}$/);
  await page.getByLabel('Последние 4 цифры номера').fill(code);
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();
});
