import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cart from '../../src/contract/cart';
import { setLetterSettings, type OrderLetter } from '../../src/contract/letters';
import { operatorOrderAction } from '../../src/contract/orders';
import type { Gateway } from '../../server/app';
import { outbox as outboxTable } from '../../server/delivery/schema';
import { clientUsers } from '../../server/db/schema';
import { invoices } from '../../server/orders/invoices/schema';
import { orders } from '../../server/orders/schema';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { addToCart, endpointOf, lineOf, orderingData, pricedProject, type OrderingData } from './cart-fixtures';
import { makeClient, person, type Person } from './client-fixtures';
import { call, post, startGateway } from './helpers';
import { operator, OPERATOR_KEY } from './orders-fixtures';

/**
 * The letters a customer expects, sent by the gateway through a real SMTP server and read as a mail client
 * would: placed, held at the check, invoiced with the PDF, paid and shipped, each in the recipient's language with
 * the order's numbers, linking to the order's page, and queued only when the change itself committed.
 */

let catcher: SmtpCatcher;
let gw: Gateway;
let owner: Person;
let buyer: Person;
let clientId: number;
let data: OrderingData;
let warehouseId: number;

/** Signs in again with the app in `lang`, as a user switching the portal's language would. */
async function signInIn(who: Person, lang: 'ru' | 'en'): Promise<Person> {
  const answer = await post(gw, '/Authentification/Login', { fingerprint: 'letters', login: who.email, password: 'password-123' }, { lang });
  expect(answer.status).toBe(200);
  return { ...who, token: answer.json.accessToken as string };
}

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  gw = await startGateway({ seedDemo: false, operatorKey: OPERATOR_KEY, smtpUrl: catcher.url, delivery: { pollMs: 100 } });
  owner = await person(gw, 'letters-owner', 'Ольга', 'Владелец');
  buyer = await signInIn(await person(gw, 'letters-buyer', 'Brian', 'Buyer'), 'en');
  clientId = await makeClient(gw, { name: 'Письма' }, [[owner, 1], [buyer, 5]]);
  data = await orderingData(gw, clientId, 'Письма');
  warehouseId = (await endpointOf(gw, 'warehouse')).id;
});

afterAll(async () => {
  await gw.close();
  await catcher.stop();
});

type Delivery = cart.CheckoutRequest['delivery'];
const byPost = (): Delivery => ({ kind: 'russian_post', endpointId: null, deliverySettingId: data.postId });

/** One project in the cart of `who`, checked out in the `lang` of the request (not of the letters). */
async function placeOrder(who: Person, title: string, options: { files?: boolean; delivery?: Delivery; lang?: 'ru' | 'en' } = {}) {
  const projectId = await pricedProject(gw, { clientId, ownerUserId: who.id, title, ...(options.files === false ? { uploadId: null } : {}) });
  await addToCart(gw, who.token, projectId);
  const body: cart.CheckoutRequest = {
    idempotencyKey: randomUUID(), clientId, payerId: data.payerId, contactId: data.contactId,
    delivery: options.delivery ?? { kind: 'warehouse', endpointId: warehouseId, deliverySettingId: null }, comment: '',
    lineIds: [await lineOf(gw, who.id, projectId)], ...(options.files === false ? { filesLater: true } : {}),
  };
  const answer = await call(gw, 'POST', cart.checkout.path, { token: who.token, body, lang: options.lang ?? 'ru' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const id = answer.json.orderId as number;
  const [row] = await gw.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error('order not stored');
  return row;
}

const act = async (number: string, action: string, extra: Record<string, string> = {}) => {
  const answer = await operator(gw, operatorOrderAction.path, { order: number, action, ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

/** The outbox row a letter was sent from, by its Message-ID (`<outbox-{id}@host>`): the order the letters were queued in. */
const rowOf = (letter: ParsedMail) => Number(/^<outbox-(\d+)@/.exec(letter.messageId ?? '')?.[1]);

/** The letters `email` received whose subject names `number`, in the order they were queued, once there are `count`. */
async function lettersAbout(email: string, number: string, count: number): Promise<ParsedMail[]> {
  const about = () => catcher.to(email).filter((letter) => letter.subject?.includes(number)).sort((a, b) => rowOf(a) - rowOf(b));
  await expect.poll(() => about().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  return about();
}

/** Outbox rows queued for `email` about the order: a letter exists once its change committed, sent or not yet. */
const queuedAbout = async (email: string, number: string) => (await gw.db.select({ subject: outboxTable.subject })
  .from(outboxTable).where(eq(outboxTable.recipient, email)).orderBy(asc(outboxTable.id))).filter((row) => row.subject.includes(number));

const html = (letter: ParsedMail | undefined): string => (typeof letter?.html === 'string' ? letter.html : '');
const en = (value: number) => `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(value)}\u00a0₽`;
const ru = (value: number) => `${new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, useGrouping: 'always' }).format(value)}\u00a0₽`;

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

describe('the letters of an order, through a real SMTP server', () => {
  it('tell a buyer who signed in in English each step in English, with the numbers, the reason, the PDF and the tracking number', async () => {
    // The request of the checkout is Russian: the letters follow the language the buyer last signed in with.
    const order = await placeOrder(buyer, 'Controller board', { delivery: byPost(), lang: 'ru' });
    const [placed] = await lettersAbout(buyer.email, order.number, 1);
    expect(placed?.subject).toBe(`Order ${order.number} placed`);
    expect(placed?.text).toContain('Controller board');
    expect(placed?.text).toContain(en(order.total));
    expect(placed?.text).toContain('What happens next');
    expect(html(placed)).toContain('<html lang="en">');
    expect(html(placed)).toContain(`href="${gw.config.publicUrl}/en/orders/${order.id}"`);
    expect(html(placed)).toContain(`href="${gw.config.publicUrl}/en/account/profile"`);

    await act(order.number, 'hold', { reason: 'Нет слоя паяльной маски в архиве' });
    const held = (await lettersAbout(buyer.email, order.number, 2))[1];
    expect(held?.subject).toBe(`Order ${order.number} is on hold`);
    expect(held?.text).toContain('The engineering check of your order is on hold.');
    expect(held?.text).toContain('Reason: Нет слоя паяльной маски в архиве');
    expect(held?.text).toContain('our manager will contact you');

    await act(order.number, 'release');
    await act(order.number, 'approve');
    const [invoice] = await gw.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    if (!invoice) throw new Error('no invoice');
    const invoiced = (await lettersAbout(buyer.email, order.number, 3))[2];
    expect(invoiced?.subject).toBe(`Invoice ${invoice.number} for order ${order.number}`);
    expect(invoiced?.text).toContain(`Amount due: ${en(invoice.amount)}`);
    expect(invoiced?.text).toMatch(/Pay by: \d{2}\.\d{2}\.\d{4}/);
    expect(invoiced?.attachments).toHaveLength(1);
    const pdf = invoiced?.attachments[0];
    expect(pdf?.contentType).toBe('application/pdf');
    expect(pdf?.filename).toBe(`Invoice ${invoice.number}.pdf`);
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    const printed = await pdfText(pdf?.content ?? Buffer.alloc(0));
    expect(printed).toContain(invoice.number);
    expect(printed).toContain('Счёт на оплату');

    await act(order.number, 'pay');
    await act(order.number, 'finish');
    await act(order.number, 'ship', { trackingNumber: 'RA123456785RU' });
    const letters = await lettersAbout(buyer.email, order.number, 5);
    expect(letters.map((letter) => letter.subject)).toEqual([
      `Order ${order.number} placed`, `Order ${order.number} is on hold`, `Invoice ${invoice.number} for order ${order.number}`,
      `Payment for order ${order.number} received`, `Order ${order.number} shipped`,
    ]);
    expect(letters[3]?.text).toContain(`We have received the payment for invoice ${invoice.number}`);
    const shipped = letters[4];
    expect(shipped?.text).toContain('Carrier: Russian Post');
    expect(shipped?.text).toContain('Tracking number: RA123456785RU');
    // The letters are the buyer's, who placed the order; the owner has the portal's notifications.
    expect(catcher.to(owner.email).filter((letter) => letter.subject?.includes(order.number))).toEqual([]);
  });

  it('are written in Russian to a customer who signed in in Russian, the invoice named so', async () => {
    const order = await placeOrder(owner, 'Плата управления', { lang: 'en' });
    await act(order.number, 'approve');
    const [invoice] = await gw.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const [placed, invoiced] = await lettersAbout(owner.email, order.number, 2);
    expect(placed?.subject).toBe(`Заказ ${order.number} оформлен`);
    expect(placed?.text).toContain(`Итого, в т. ч. НДС 22 %: ${ru(order.total)}`);
    expect(placed?.text).toContain('Самовывоз со склада');
    expect(html(placed)).toContain(`href="${gw.config.publicUrl}/orders/${order.id}"`);
    expect(invoiced?.subject).toBe(`Счёт ${invoice?.number} на оплату заказа ${order.number}`);
    expect(invoiced?.text).toMatch(/Оплатить до: \d{2}\.\d{2}\.\d{4}/);
    expect(invoiced?.attachments[0]?.filename).toBe(`Счёт ${invoice?.number}.pdf`);
  });

  it('tell a customer who ordered without files what to do: attach them on the order page', async () => {
    const order = await placeOrder(buyer, 'Board without files', { files: false });
    const [placed] = await lettersAbout(buyer.email, order.number, 1);
    expect(placed?.text).toContain('its engineering check is on hold for now');
    expect(placed?.text).toContain('Reason: Awaiting the manufacturing files: attach them on the order page');
    expect(placed?.text).toContain('What to do\nAttach the manufacturing files to each line on the order page');
  });

  it('escape every value in the HTML and keep it as written in the text', async () => {
    const order = await placeOrder(buyer, '<b>Плата</b> & "Ко"');
    const [placed] = await lettersAbout(buyer.email, order.number, 1);
    expect(html(placed)).toContain('&lt;b&gt;Плата&lt;/b&gt; &amp; &quot;Ко&quot;');
    expect(html(placed)).not.toContain('<b>Плата');
    expect(placed?.text).toContain('<b>Плата</b> & "Ко"');
  });

  it('are queued only when the change commits: a refused action leaves none', async () => {
    const order = await placeOrder(owner, 'Отказ');
    await act(order.number, 'hold', { reason: 'Ждём подтверждения' });
    const before = await queuedAbout(owner.email, order.number);
    expect(before).toHaveLength(2);
    const refused = await operator(gw, operatorOrderAction.path, { order: order.number, action: 'approve' });
    expect(refused.status).toBe(409);
    expect(await queuedAbout(owner.email, order.number)).toEqual(before);
  });

  it('go to the client\'s owner, in the owner\'s language, once the buyer who placed the order has left the client', async () => {
    const order = await placeOrder(buyer, 'Left behind');
    await lettersAbout(buyer.email, order.number, 1);
    await gw.db.delete(clientUsers).where(and(eq(clientUsers.clientId, clientId), eq(clientUsers.userId, buyer.id)));
    try {
      await act(order.number, 'approve');
      const [invoiced] = await lettersAbout(owner.email, order.number, 1);
      expect(invoiced?.subject).toMatch(/^Счёт СЧ-/);
      expect(invoiced?.text).toContain('как владелец клиента «Письма»');
      expect(await queuedAbout(buyer.email, order.number)).toHaveLength(1);
    } finally {
      await gw.db.insert(clientUsers).values({ clientId, userId: buyer.id, role: 5 });
    }
  });
});

describe('the letters a user turned off', () => {
  const mute = async (who: Person, mutedLetters: OrderLetter[]) => {
    const answer = await call(gw, 'POST', setLetterSettings.path, { token: who.token, body: { mutedLetters } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  afterAll(async () => { await mute(owner, []); });

  it('are not sent, the others are, and codes still go', async () => {
    await mute(owner, ['placed', 'invoiced']);
    const order = await placeOrder(owner, 'Без писем');
    await act(order.number, 'approve');
    await act(order.number, 'pay');
    const [paid] = await lettersAbout(owner.email, order.number, 1);
    expect(paid?.subject).toBe(`Оплата заказа ${order.number} получена`);
    // Neither muted letter was even queued, so none can arrive later.
    expect((await queuedAbout(owner.email, order.number)).map((row) => row.subject)).toEqual([paid?.subject]);

    const reset = await post(gw, '/Authentification/SendPasswordResettingLink', { email: owner.email });
    expect(reset.status).toBe(200);
    await expect.poll(() => catcher.to(owner.email).filter((letter) => /\d{6}/.test(letter.text ?? '') && letter.subject?.includes('Восстановление')).length,
      { timeout: 20_000 }).toBe(1);
  });

  it('still tell a hold at placement unless both placed and held are off', async () => {
    await mute(owner, ['placed']);
    const told = await placeOrder(owner, 'Файлы позже', { files: false });
    expect((await lettersAbout(owner.email, told.number, 1))[0]?.text).toContain('Приложите файлы для производства');
    await mute(owner, ['placed', 'held']);
    const silent = await placeOrder(owner, 'Файлы позже, без писем', { files: false });
    await act(silent.number, 'cancel', { reason: 'Передумали' });
    expect(await queuedAbout(owner.email, silent.number)).toEqual([]);
  });
});
