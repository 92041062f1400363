import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { create } from 'superstruct';
import { listOutbox, type OutboxMessage } from '../../src/contract/dev';

export const demoUser = { email: 'demo@example.ru', phone: '+79990000000', password: 'demo12345' };
export const demo2faUser = { email: 'demo2fa@example.ru', phone: '+79990000001', password: 'demo12345' };

/** Newest outbox message to `recipient` created after `since` (ms), waiting for it to arrive. */
export async function waitForMessage(request: APIRequestContext, recipient: string, since: number): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect.poll(async () => {
    const response = await request.get(`/api${listOutbox.path}`);
    const messages = create(await response.json(), listOutbox.response);
    found = messages
      .filter((message) => message.recipient === recipient && Date.parse(message.createdAt) >= since - 1000)
      .sort((a, b) => b.id - a.id)[0];
    return found?.code ?? null;
  }, { message: `a code for ${recipient}` }).not.toBeNull();
  return found as OutboxMessage;
}

export async function latestCode(request: APIRequestContext, recipient: string, since: number): Promise<string> {
  return (await waitForMessage(request, recipient, since)).code as string;
}

/**
 * The code of the first message to `recipient` newer than outbox id `afterId` (from `outboxHighWater` taken before
 * the action that sends it), waiting for it: unlike a time window, an older code can never be taken for it.
 */
export async function codeAfter(request: APIRequestContext, recipient: string, afterId: number): Promise<string> {
  let found: OutboxMessage | undefined;
  await expect.poll(async () => {
    const messages = create(await (await request.get(`/api${listOutbox.path}`)).json(), listOutbox.response);
    found = messages.filter((message) => message.recipient === recipient && message.id > afterId).sort((x, y) => x.id - y.id)[0];
    return found?.code ?? null;
  }, { message: `a new code for ${recipient}` }).not.toBeNull();
  return (found as OutboxMessage).code as string;
}

/** Ids of outbox messages seen so far, so a test can wait for a message newer than these. */
export async function outboxHighWater(request: APIRequestContext): Promise<number> {
  const messages = create(await (await request.get(`/api${listOutbox.path}`)).json(), listOutbox.response);
  return messages.reduce((max, message) => Math.max(max, message.id), 0);
}

/** A unique Russian mobile number and e-mail for a user who registers in a test. */
export function freshIdentity(): { phoneDigits: string; phone: string; email: string } {
  const suffix = String(Date.now()).slice(-7);
  const phoneDigits = `912${suffix}`;
  return { phoneDigits, phone: `+7${phoneDigits}`, email: `e2e.${suffix}@example.ru` };
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index) as string;
      const value = localStorage.getItem(key) ?? '';
      const match = /eyJ[\w-]+\.[\w-]+\.[\w-]+/.exec(value);
      if (match) return match[0];
    }
    return null;
  });
}

export interface Account { email: string; phone: string; password: string; name: string }

/**
 * A new customer registered through the gateway's own calls (phone code, e-mail code, password, names), so a
 * browser test can start from several real accounts without walking the registration screens each time.
 */
export async function registerAccount(
  request: APIRequestContext, names: { firstName: string; lastName: string }, email?: string,
): Promise<Account> {
  const identity = freshIdentity();
  const account = { email: email ?? identity.email, phone: identity.phone, password: 'password-123' };
  const post = async (path: string, data: unknown, token?: string) => {
    const response = await request.post(`/api${path}`, { data, ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}) });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  const since = Date.now();
  const started = await post('/Registration/EnterPhone', { registrationProcessId: null, usingFlashcall: false, phone: account.phone });
  const processId = started.registrationProcessId as string;
  await post('/Registration/ConfirmCredential', { registrationProcessId: processId, code: await latestCode(request, account.phone, since) });
  await post('/Registration/EnterEmail', { registrationProcessId: processId, email: account.email });
  await post('/Registration/ConfirmCredential', { registrationProcessId: processId, code: await latestCode(request, account.email, since) });
  const created = await post('/Registration/CreateProfile', { registrationProcessId: processId, password: account.password });
  await post('/user-profile/fill', { ...names, patronymic: '', isMale: null }, created.accessToken as string);
  return { ...account, name: `${names.firstName} ${names.lastName}` };
}

/** Signs in through the form and waits for the dashboard. */
export async function signInAs(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('E-mail или телефон').fill(account.email);
  await page.getByLabel('Пароль', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Панель управления' })).toBeVisible();
}

/** An access token of the account from the gateway's own login call, for API calls beside the browser. */
export async function tokenOf(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  const answer = await request.post('/api/Authentification/Login', {
    data: { fingerprint: 'e2e', login: account.email, password: account.password },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

const WEIGHTS_10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];

/** A fresh corporate INN (10 digits, valid control digit) and OGRN (13 digits), so reruns never collide. */
export function corporateRequisites(): { inn: string; kpp: string; ogrn: string } {
  const digits = Array.from({ length: 9 }, (_, index) => (index === 0 ? 7 : Math.floor(Math.random() * 10)));
  const control = (WEIGHTS_10.reduce((sum, weight, index) => sum + weight * (digits[index] ?? 0), 0) % 11) % 10;
  const ogrnBody = `10277${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const ogrnControl = Number(BigInt(ogrnBody) % 11n) % 10;
  return { inn: `${digits.join('')}${control}`, kpp: '773601001', ogrn: `${ogrnBody}${ogrnControl}` };
}

/**
 * A visitor on /auth registers through the form, in Russian: the 'Регистрация' tab, the phone's and the e-mail's
 * codes from the dev outbox, a password, then the profile's names; it ends where the app goes after the profile.
 */
export async function registerThroughForm(
  page: Page, request: APIRequestContext, person: { firstName: string; lastName: string; password: string },
): Promise<void> {
  const identity = freshIdentity();
  await page.getByRole('tab', { name: 'Регистрация' }).click();
  const phoneSentAt = Date.now();
  await page.getByLabel('Номер телефона').pressSequentially(identity.phoneDigits);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.getByLabel('Код из SMS').fill(await latestCode(request, identity.phone, phoneSentAt));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  const emailSentAt = Date.now();
  await page.getByLabel('E-mail', { exact: true }).fill(identity.email);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.getByLabel('Код из письма').fill(await latestCode(request, identity.email, emailSentAt));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await page.getByLabel('Пароль', { exact: true }).fill(person.password);
  await page.getByLabel('Повторите пароль').fill(person.password);
  await page.getByRole('button', { name: 'Создать аккаунт' }).click();
  await expect(page).toHaveURL(/\/auth\/filling-profile/);
  await page.getByLabel('Имя', { exact: true }).fill(person.firstName);
  await page.getByLabel('Фамилия').fill(person.lastName);
  await page.getByLabel('Женский').check();
  await page.getByRole('button', { name: 'Сохранить и продолжить' }).click();
}
