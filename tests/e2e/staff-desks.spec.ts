import { mkdirSync } from 'node:fs';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { checkoutWithSampleClient, newClient, newProject, uploadedBoard } from './browser-paths/customer';
import { registerAccount, signInAs, tokenOf } from './support';
import { letterTo } from './support/mail';
import { newStaffMember } from './support/staff';
import { corpusZip } from './support/wizard';
import { test } from './support/test';

/**
 * In Chromium on the real gateway, three browsers: a customer orders a board with a DFM error 'с проверкой
 * инженером'; an engineer (created with `npm run admin`, password at the set-up link, authenticator enrolled at the
 * first sign-in) finds it in the queue, opens its findings on the picture and asks for new files; the customer reads
 * the question on the order and in a letter and attaches files; the engineer passes the check; a manager approves,
 * marks it paid, made and ships it with a tracking number. The customer's order page follows every step.
 */
const SCREENS = '.tmp/screens/issue33';
const QUESTION = 'Медь подходит к краю платы ближе 0,2 мм: пришлите исправленные файлы';

/** A fresh customer's order of OtterPill for an engineer's review, placed in their browser (Russian pages). */
async function orderedForReview(browser: Browser, request: APIRequestContext, stamp: number) {
  const account = await registerAccount(request, { firstName: 'Ирина', lastName: 'Заказчикова' });
  const token = () => tokenOf(request, account);
  const clientName = `Цех ${stamp}`;
  const clientId = await newClient(request, token, clientName, false);
  // OtterPill: its pour 0.18 mm from the board's edge is an error no class or option cures.
  const projectId = await newProject(request, token, clientId, await uploadedBoard(request, token, clientId));
  const customer = await (await browser.newContext()).newPage();
  await signInAs(customer, account);
  await customer.goto(`/project/${projectId}`);
  await customer.getByRole('button', { name: 'Добавить в корзину' }).click();
  await customer.getByRole('alertdialog').getByRole('button', { name: 'Заказать с проверкой инженером' }).click();
  await customer.goto('/cart');
  await customer.getByRole('link', { name: `Оформить заказ для «${clientName}»` }).click();
  await checkoutWithSampleClient(customer, 'Далее');
  await customer.getByRole('button', { name: 'Оформить заказ' }).click();
  const title = customer.getByRole('heading', { name: /Заказ № ПП-\d{4}-\d{5} оформлен/ });
  await expect(title).toBeVisible();
  const number = /ПП-\d{4}-\d{5}/.exec((await title.textContent()) ?? '')?.[0] ?? '';
  await customer.getByRole('link', { name: 'Открыть заказ' }).click();
  await customer.waitForURL(/\/orders\/\d+$/);
  const orderId = Number(/(\d+)$/.exec(new URL(customer.url()).pathname)?.[1]);
  await expect(customer.locator('.order-header .order-status')).toContainText('Оформление');
  return { account, customer, clientName, number, orderId };
}

test('an order with a DFM error goes through the engineer and the manager, the customer following', async ({ browser, request }) => {
  test.setTimeout(300_000);
  mkdirSync(SCREENS, { recursive: true });
  const stamp = Date.now() % 1_000_000;
  const { account, customer, clientName, number, orderId } = await orderedForReview(browser, request, stamp);
  const status = customer.locator('.order-header .order-status');

  // The engineer, in a browser of their own, finds it in the queue, the longest waiting first: on a fresh portal it
  // is the first row; orders other browser tests left waiting were placed before it, so only those stand above it.
  const engineer = await newStaffMember(browser, `engineer-${stamp}@fab.example`, 'Анна Инженерова', 'engineer');
  await engineer.goto('/staff');
  await expect(engineer.getByRole('heading', { name: 'Инженерная проверка' })).toBeVisible();
  const rows = engineer.locator('tbody tr');
  const row = rows.filter({ hasText: number });
  await expect(row).toContainText('Проверка DFM');
  await expect(row).toContainText(clientName);
  const numbers = (await rows.locator('th').allTextContents()).map((text) => text.trim());
  const above = numbers.slice(0, numbers.indexOf(number));
  expect(above.filter((other) => other > number), `queue: ${numbers.join(', ')}`).toEqual([]);
  await engineer.screenshot({ path: `${SCREENS}/queue-ru.png`, fullPage: true });
  await engineer.goto('/en/staff');
  await expect(engineer.getByRole('heading', { name: 'Engineering check' })).toBeVisible();
  await expect(engineer.locator('tbody tr').filter({ hasText: number })).toContainText('DFM review');
  await engineer.screenshot({ path: `${SCREENS}/queue-en.png`, fullPage: true });

  // The order opens with the board: its pictures and the DFM findings on the picture, the customer's own components.
  await engineer.goto('/staff');
  await row.getByRole('link', { name: number }).click();
  await engineer.waitForURL(new RegExp(`/staff/orders/${orderId}$`));
  await expect(engineer.locator('img.board-preview__image').first()).toBeVisible({ timeout: 30_000 });
  await expect(engineer.locator('img.findings-picture__image')).toBeVisible();
  await expect(engineer.locator('.findings-list__number').first()).toBeVisible();
  await engineer.getByRole('button', { name: 'Взять в работу' }).click();
  await expect(engineer.getByText(/Вы взяли заказ в/)).toBeVisible();
  await engineer.screenshot({ path: `${SCREENS}/order-engineer-ru.png`, fullPage: true });
  await engineer.goto(`/en/staff/orders/${orderId}`);
  await expect(engineer.locator('img.findings-picture__image')).toBeVisible({ timeout: 30_000 });
  await engineer.screenshot({ path: `${SCREENS}/order-engineer-en.png`, fullPage: true });
  await engineer.goto(`/staff/orders/${orderId}`);

  await engineer.getByRole('button', { name: 'Спросить клиента' }).click();
  const ask = engineer.getByRole('dialog', { name: 'Вопрос клиенту' });
  await ask.getByRole('radio', { name: 'Новые файлы' }).check();
  await ask.getByLabel('Сообщение клиенту').fill(QUESTION);
  await ask.getByRole('button', { name: 'Отправить' }).click();
  await expect(engineer.getByText('Вопрос отправлен клиенту')).toBeVisible();

  // The customer reads the question on the order and in a letter, and attaches new files.
  await customer.reload();
  const questions = customer.getByRole('region', { name: 'Вопросы инженера' });
  await expect(questions).toContainText(QUESTION);
  await expect(questions).toContainText('Анна Инженерова');
  const letter = await letterTo(request, account.email, new RegExp(`^Заказ ${number} приостановлен$`));
  expect(letter.text).toContain(QUESTION);
  await customer.screenshot({ path: `${SCREENS}/customer-question-ru.png`, fullPage: true });
  await customer.getByLabel(/^Приложить новые файлы: /).first().setInputFiles(corpusZip('kicad5-2l-otterpill', 'issue33'));
  await expect(customer.getByText('Загружаем и проверяем файлы…')).toHaveCount(0, { timeout: 90_000 });
  await expect(questions).not.toContainText('Ждёт новых файлов', { timeout: 30_000 });

  // Back at the engineer, who passes the check.
  await engineer.goto('/staff');
  await expect(engineer.locator('tbody tr').filter({ hasText: number })).toContainText('Проверка DFM');
  await engineer.goto(`/staff/orders/${orderId}`);
  await engineer.getByRole('button', { name: 'Проверка пройдена' }).click();
  await engineer.getByRole('dialog', { name: 'Отпустить заказ дальше?' }).getByRole('button', { name: 'Проверка пройдена' }).click();
  await expect(engineer.getByText('Проверка пройдена, заказ ушёл менеджеру')).toBeVisible();
  await customer.reload();
  await expect(customer.locator('.order-hold')).toHaveCount(0);

  // The manager moves it on; the customer's page follows each step.
  const manager = await newStaffMember(browser, `manager-${stamp}@fab.example`, 'Мария Менеджерова', 'manager');
  await manager.goto(`/staff/orders/${orderId}`);
  const steps: Array<{ button: string; status: string; ship?: boolean }> = [
    { button: 'Утвердить и выставить счёт', status: 'Ожидает оплаты' },
    { button: 'Отметить оплату', status: 'Изготовление' },
    { button: 'Изготовлен, на складе', status: 'На складе' },
    { button: 'Отгрузить', status: 'Отгружен', ship: true },
  ];
  for (const step of steps) {
    await manager.getByRole('button', { name: step.button }).click();
    if (step.ship) await shipWith(manager, 'Почта России', 'RA123456785RU');
    await expect(manager.getByRole('button', { name: step.button })).toHaveCount(0);
    await customer.reload();
    await expect(status).toContainText(step.status);
  }
  await expect(customer.getByText('Почта России RA123456785RU').first()).toBeVisible();
  await customer.screenshot({ path: `${SCREENS}/customer-shipped-ru.png`, fullPage: true });
});

async function shipWith(manager: Page, carrier: string, tracking: string): Promise<void> {
  const dialog = manager.getByRole('dialog', { name: 'Отгрузить' });
  await dialog.getByLabel('Перевозчик').fill(carrier);
  await dialog.getByLabel('Трек-номер').fill(tracking);
  await dialog.getByRole('button', { name: 'Подтвердить' }).click();
}

test('the engineer passes the check with a thicker board; the customer accepts the new price on the order', async ({ browser, request }) => {
  test.setTimeout(240_000);
  mkdirSync(SCREENS, { recursive: true });
  const stamp = Date.now() % 1_000_000;
  const { customer, orderId } = await orderedForReview(browser, request, stamp);

  const engineer = await newStaffMember(browser, `corrector-${stamp}@fab.example`, 'Пётр Технологов', 'engineer');
  await engineer.goto(`/staff/orders/${orderId}`);
  await engineer.getByRole('button', { name: 'Пройдена с изменениями' }).click();
  const dialog = engineer.getByRole('dialog', { name: 'Проверка пройдена с изменениями' });
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByLabel('Толщина платы').selectOption('2');
  await expect(dialog.getByText(/Толщина платы: 1,6 мм → 2(,0)? мм/)).toBeVisible();
  await dialog.getByLabel('Сообщение клиенту (почему меняем)').fill('Разъёму нужна плата толщиной 2 мм');
  await engineer.screenshot({ path: `${SCREENS}/correction-dialog-ru.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Отправить клиенту' }).click();
  await expect(engineer.getByText('Изменения отправлены клиенту на согласование')).toBeVisible();

  await customer.reload();
  const questions = customer.getByRole('region', { name: 'Вопросы инженера' });
  await expect(questions).toContainText('Инженер предлагает изменить параметры');
  await expect(questions).toContainText('Разъёму нужна плата толщиной 2 мм');
  await expect(questions.getByText(/Толщина платы: 1,6 мм → 2(,0)? мм/)).toBeVisible();
  await expect(questions).toContainText(/Сумма заказа изменится на \+/);
  const newTotal = /Новая сумма заказа: (.+?) вместо/.exec((await questions.textContent()) ?? '')?.[1] ?? '';
  expect(newTotal).toMatch(/₽$/);
  await customer.screenshot({ path: `${SCREENS}/customer-correction-ru.png`, fullPage: true });
  await questions.getByRole('button', { name: 'Принять изменения' }).click();
  await expect(questions).toContainText('Вы приняли изменения');
  await expect(customer.locator('.order-hold')).toHaveCount(0);
  await expect(customer.locator('.order-header .order-status')).toContainText('Оформление');
  // The order now charges what the customer accepted.
  await expect(customer.getByRole('row', { name: /Итого с НДС/ })).toContainText(newTotal);
});

