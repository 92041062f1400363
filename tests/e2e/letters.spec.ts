import { mkdirSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { checkoutWithSampleClient, newClient, newProject, uploadedBoard } from './browser-paths/customer';
import { registerAccount, signInAs, tokenOf, type Account } from './support';
import { letterTo, mailbox } from './support/mail';
import type { CaughtLetter } from './support/mail-catcher';
import { ops } from './support/ops';
import { test } from './support/test';

/**
 * In Chromium on the real gateway, its letters sent through a real SMTP server (the worker's mail
 * catcher): a customer places an order in the browser, the operator (`npm run ops`) holds it, issues the
 * invoice and ships it, and the customer's mailbox holds the letters in the language they signed in with, with the
 * order's number, total, reason, invoice PDF and tracking number. Two letters of each language are drawn and kept.
 */
const SCREENS = '.tmp/screens/issue31-letters';
const REASON = 'Ждём ламинат FR-4 1,6 мм';
const TRACKING = 'RA123456785RU';

async function pdfText(base64: string): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(Buffer.from(base64, 'base64')) }).promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

/** A letter's HTML opened as a mail client shows it, saved as a picture. */
async function drawLetter(page: Page, letter: CaughtLetter, name: string): Promise<void> {
  const view = await page.context().newPage();
  await view.setViewportSize({ width: 760, height: 900 });
  await view.setContent(letter.html);
  await view.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });
  await view.close();
}

/** A customer with a client (payers, a contact, a courier address) and a project of a real board without DFM errors. */
async function customerWithProject(request: APIRequestContext, names: { firstName: string; lastName: string }) {
  const account = await registerAccount(request, names);
  const token = () => tokenOf(request, account);
  const clientName = `Letters ${Date.now() % 100000}`;
  const clientId = await newClient(request, token, clientName, false);
  const projectId = await newProject(request, token, clientId, await uploadedBoard(request, token, clientId, 'kicad6-2l-tfrpm01-subfolder'));
  return { account, clientName, projectId };
}

async function orderTotal(request: APIRequestContext, account: Account, orderId: number): Promise<number> {
  const answer = await request.get(`/api/catalog-viewer/v2/orders/Get?id=${orderId}`, {
    headers: { Authorization: `Bearer ${await tokenOf(request, account)}` },
  });
  return ((await answer.json()) as { total: number }).total;
}

test.beforeAll(() => {
  mkdirSync(SCREENS, { recursive: true });
});

test('a customer who signed in in English gets the placed, held, invoice and shipped letters in English, and not the one turned off', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { account, clientName, projectId } = await customerWithProject(request, { firstName: 'Alice', lastName: 'Walker' });

  // Signed in with the English app: the letters are written in English from now on.
  await page.goto('/en/auth');
  await page.getByLabel('E-mail or phone').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto(`/en/project/${projectId}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto('/en/cart');
  await page.getByRole('link', { name: `Check out for “${clientName}”` }).click();
  await checkoutWithSampleClient(page, 'Next');
  await page.getByRole('button', { name: 'Place the order' }).click();
  const title = page.getByRole('heading', { name: /Order No\. .+ placed/ });
  await expect(title).toBeVisible();
  const number = /No\. (\S+) placed/.exec((await title.textContent()) ?? '')?.[1] ?? '';
  await page.getByRole('link', { name: 'Open the order' }).click();
  await page.waitForURL(/\/en\/orders\/\d+$/);
  const orderId = Number(/\/orders\/(\d+)$/.exec(page.url())?.[1]);

  const placed = await letterTo(request, account.email, new RegExp(`^Order ${number} placed$`));

  // The customer turns the payment's letter off in the profile, from the keyboard.
  await page.goto('/en/account/profile');
  const settings = page.getByRole('region', { name: 'Order letters' });
  const paidLetter = settings.getByRole('checkbox', { name: 'Payment received and the order gone into production' });
  await expect(paidLetter).toBeChecked();
  await paidLetter.focus();
  await page.keyboard.press('Space');
  await expect(paidLetter).not.toBeChecked();
  await settings.getByRole('button', { name: 'Save the letter settings' }).press('Enter');
  await expect(page.getByText('Letter settings saved')).toBeVisible();
  await expect(settings).toContainText('Letters are written in the language you last signed in with: English.');
  await settings.screenshot({ path: `${SCREENS}/profile-letters-en.png` });

  ops('order', number, 'hold', '--reason', REASON);
  const held = await letterTo(request, account.email, /is on hold$/);
  ops('order', number, 'release');
  ops('order', number, 'approve');
  const invoiced = await letterTo(request, account.email, /^Invoice СЧ-\d{4}-\d{5} for order /);
  for (const step of ['pay', 'finish']) ops('order', number, step);
  ops('order', number, 'ship', '--tracking', TRACKING);
  const shipped = await letterTo(request, account.email, /shipped$/);

  const total = await orderTotal(request, account, orderId);
  expect(placed.text).toContain(`${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(total)}\u00a0₽`);
  expect(placed.text).toContain('What happens next');
  expect(placed.html).toContain(`/en/orders/${orderId}"`);
  expect(held.subject).toBe(`Order ${number} is on hold`);
  expect(held.text).toContain(`Reason: ${REASON}`);
  const invoiceNumber = /^Invoice (\S+)/.exec(invoiced.subject)?.[1] ?? '';
  expect(invoiced.text).toMatch(/Pay by: \d{2}\.\d{2}\.\d{4}/);
  const [pdf] = invoiced.attachments;
  expect(pdf?.filename).toBe(`Invoice ${invoiceNumber}.pdf`);
  expect(pdf?.contentType).toBe('application/pdf');
  expect(await pdfText(pdf?.base64 ?? '')).toContain(invoiceNumber);
  expect(shipped.subject).toBe(`Order ${number} shipped`);
  expect(shipped.text).toContain(`Tracking number: ${TRACKING}`);
  expect(shipped.text).toContain('Carrier: Courier service');
  expect(shipped.text).toContain('Recipient: Соколова Анна');
  // One letter per change the customer is told of, and none of the payment they turned off.
  expect((await mailbox(request, account.email)).filter((letter) => letter.subject.includes(number)).map((letter) => letter.subject)).toEqual([
    placed.subject,
    held.subject,
    invoiced.subject,
    shipped.subject,
  ]);

  await drawLetter(page, placed, 'placed-en');
  await drawLetter(page, invoiced, 'invoice-en');
  await drawLetter(page, shipped, 'shipped-en');
});

test('a customer who signed in in Russian gets them in Russian', async ({ page, request }) => {
  test.setTimeout(240_000);
  const { account, clientName, projectId } = await customerWithProject(request, { firstName: 'Мария', lastName: 'Письмова' });
  await signInAs(page, account);
  await page.goto(`/project/${projectId}`);
  await page.getByRole('button', { name: 'Добавить в корзину' }).click();
  await page.goto('/cart');
  await page.getByRole('region', { name: clientName }).getByRole('link', { name: /Оформить заказ/ }).click();
  await checkoutWithSampleClient(page, 'Далее');
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  const title = page.getByRole('heading', { name: /Заказ № .+ оформлен/ });
  await expect(title).toBeVisible();
  const number = /№ (\S+) оформлен/.exec((await title.textContent()) ?? '')?.[1] ?? '';

  const placed = await letterTo(request, account.email, new RegExp(`^Заказ ${number} оформлен$`));
  ops('order', number, 'hold', '--reason', REASON);
  const held = await letterTo(request, account.email, /приостановлен$/);
  ops('order', number, 'release');
  ops('order', number, 'approve');
  const invoiced = await letterTo(request, account.email, /^Счёт СЧ-\d{4}-\d{5} на оплату заказа /);
  expect(placed.text).toContain('Что дальше');
  expect(held.text).toContain(`Причина: ${REASON}`);
  const invoiceNumber = /^Счёт (\S+)/.exec(invoiced.subject)?.[1] ?? '';
  expect(invoiced.text).toMatch(/Оплатить до: \d{2}\.\d{2}\.\d{4}/);
  expect(invoiced.attachments[0]?.filename).toBe(`Счёт ${invoiceNumber}.pdf`);
  expect(await pdfText(invoiced.attachments[0]?.base64 ?? '')).toContain(invoiceNumber);

  await drawLetter(page, placed, 'placed-ru');
  await drawLetter(page, invoiced, 'invoice-ru');
  await drawLetter(page, held, 'held-ru');
});
