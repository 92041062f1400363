import { eq, sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { payers } from '../../server/ordering-data/schema';
import { invoices } from '../../server/orders/invoices/schema';
import { orderLines, orders } from '../../server/orders/schema';
import { payerOf } from '../../server/checkout/parts';
import { SUPPLIER } from '../../server/supplier/details';
import { makeClient, person, type Person } from './client-fixtures';
import { startGateway } from './helpers';
import { issue, makeOrder, PAYER } from './invoice-fixtures';
import { migration0010Statements } from './orders-fixtures';

/**
 * The invoice PDF as an accountant reads it: parsed back with pdf.js, so the test sees text (not pictures) and the
 * requisites, sums and words the form must carry.
 */
let gw: Gateway;
let owner: Person;
let clientId: number;

beforeAll(async () => {
  gw = await startGateway();
  owner = await person(gw, 'pdf-owner', 'Полина', 'Бухова');
  clientId = await makeClient(gw, { name: 'ПДФ-Клиент' }, [[owner, 2]]);
});
afterAll(() => gw.close());

async function issued(number: string, lines: Array<{ title: string; quantity: number; unitPrice: number }>, payer = PAYER) {
  const { orderId } = await makeOrder(gw, { clientId, number, lines, payer });
  await issue(gw, orderId, new Date('2026-11-21T09:00:00Z'));
  const [row] = await gw.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!row) throw new Error('no invoice');
  return { orderId, invoice: row };
}

async function pdfOf(invoiceId: number): Promise<Buffer> {
  const answer = await gw.app.inject({ method: 'GET', url: `/files/invoices/${invoiceId}.pdf`, headers: { authorization: `Bearer ${owner.token}` } });
  expect(answer.statusCode).toBe(200);
  return answer.rawPayload;
}

/** Every page's text, items joined by spaces and runs of white space made one. */
async function pagesOf(pdf: Buffer): Promise<{ texts: string[]; sizes: number[][] }> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const texts: string[] = [];
  const sizes: number[][] = [];
  for (let index = 1; index <= document.numPages; index += 1) {
    const page = await document.getPage(index);
    const content = await page.getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' '));
    sizes.push(page.view.map((value) => Math.round(value)));
  }
  await document.destroy();
  return { texts, sizes };
}

/** A payer as the form stores it (the name without its form, as a user types it) and its snapshot as checkout takes it. */
async function payerNamed(legalForm: string, name: string) {
  const [row] = await gw.db.insert(payers).values({
    clientId, legalForm, name, inn: PAYER.inn, kpp: PAYER.kpp, ogrn: PAYER.ogrn, legalAddress: PAYER.legalAddress, bik: PAYER.bik,
    bankName: PAYER.bankName, settlementAccount: PAYER.settlementAccount, correspondentAccount: PAYER.correspondentAccount,
  }).returning({ id: payers.id });
  return { id: row?.id ?? 0, snapshot: await payerOf(gw.db, clientId, row?.id ?? 0) };
}

describe('the buyer on the invoice', () => {
  it('is named with its legal form, as the payer is everywhere, and quotes inside quotes are „лапки“', async () => {
    const micron = await payerNamed('ooo', 'Микрон-Тест');
    const bank = await payerNamed('pao', 'Банк «Санкт-Петербург»');
    for (const [payer, number, printed] of [
      [micron.snapshot, 'ПП-2026-00911', 'ООО «Микрон-Тест»'], [bank.snapshot, 'ПП-2026-00912', 'ПАО «Банк „Санкт-Петербург“»'],
    ] as const) {
      const { invoice } = await issued(number, [{ title: 'Плата', quantity: 1, unitPrice: 100 }], payer);
      expect(invoice.payerName).toBe(printed);
      const [text = ''] = (await pagesOf(await pdfOf(invoice.id))).texts;
      expect(text).toContain(`Покупатель (Заказчик): ${printed}, ИНН ${PAYER.inn}`);
    }
  });

  it('of an order placed before payers carried their form takes it from the payer (migration 0010)', async () => {
    const micron = await payerNamed('ooo', 'Микрон-Тест');
    const { legalForm, ...before } = micron.snapshot;
    expect(legalForm).toBe('ooo');
    const { orderId } = await makeOrder(gw, { clientId, number: 'ПП-2026-00913', lines: [{ title: 'Плата', quantity: 1, unitPrice: 100 }], payer: before });
    await gw.db.execute(sql.raw(migration0010Statements().at(-1) ?? ''));
    await issue(gw, orderId, new Date('2026-11-21T09:00:00Z'));
    const [row] = await gw.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(row?.payerName).toBe('ООО «Микрон-Тест»');
  });
});

describe('the invoice PDF', () => {
  it('is one A4 page of text with the bank block, both parties, the lines, VAT, the total in figures and words', async () => {
    const { invoice } = await issued('ПП-2026-00901', [
      { title: 'Печатная плата «Контроллер»', quantity: 5, unitPrice: 2490.1 },
      { title: 'Трафарет', quantity: 1, unitPrice: 3000 },
    ]);
    const { texts, sizes } = await pagesOf(await pdfOf(invoice.id));
    expect(texts).toHaveLength(1);
    expect(sizes[0]).toEqual([0, 0, 595, 842]);
    const text = texts[0] ?? '';
    const expected = [
      `Счёт на оплату № ${invoice.number} от 21 ноября 2026 г.`,
      'Банк получателя', SUPPLIER.bankName, `БИК ${SUPPLIER.bik}`, SUPPLIER.correspondentAccount, SUPPLIER.settlementAccount,
      `ИНН ${SUPPLIER.inn}`, `КПП ${SUPPLIER.kpp ?? ''}`, 'Получатель', 'Поставщик', 'Покупатель',
      PAYER.name, `ИНН ${PAYER.inn}`, `КПП ${PAYER.kpp ?? ''}`,
      'Основание:', 'заказ № ПП-2026-00901',
      '№ Товары (работы, услуги) Кол-во Ед. Цена Сумма',
      '1 Печатная плата «Контроллер», партия 5 шт. 1 партия 12 450,50 12 450,50',
      '2 Трафарет, партия 1 шт. 1 партия 3 000,00 3 000,00',
      // 2 245,17 + 540,98: the VAT of each line, summed.
      'Итого: 15 450,50', 'В том числе НДС (22%): 2 786,15', 'Всего к оплате: 15 450,50',
      'Всего наименований 2, на сумму 15 450,50 руб.',
      'Пятнадцать тысяч четыреста пятьдесят рублей 50 копеек',
      'Оплатить не позднее 26.11.2026', 'Руководитель', 'Бухгалтер',
    ];
    for (const part of expected) expect(text, part).toContain(part);
  });

  it('is drawn from the stored copy: a later change of the order changes nothing, to the byte', async () => {
    const { orderId, invoice } = await issued('ПП-2026-00902', [{ title: 'Плата', quantity: 2, unitPrice: 610 }]);
    const before = await pdfOf(invoice.id);
    await gw.db.update(orders).set({ payer: { ...PAYER, name: 'ООО «Другое имя»', inn: '7714982309' }, total: 1 }).where(eq(orders.id, orderId));
    await gw.db.update(orderLines).set({ title: 'Изменено', unitPrice: 1 }).where(eq(orderLines.orderId, orderId));
    const after = await pdfOf(invoice.id);
    expect(after.equals(before)).toBe(true);
    const [text = ''] = (await pagesOf(after)).texts;
    expect(text).toContain(PAYER.name);
    expect(text).toContain('Одна тысяча двести двадцать рублей 00 копеек');
    expect(text).not.toContain('Другое имя');
  });

  it('carries a long order over to the next page with the table header again, totals after the last line', async () => {
    const lines = Array.from({ length: 60 }, (_, index) => ({ title: `Плата № ${index + 1}`, quantity: 1, unitPrice: 100 }));
    const { invoice } = await issued('ПП-2026-00903', lines);
    const { texts } = await pagesOf(await pdfOf(invoice.id));
    expect(texts.length).toBeGreaterThan(1);
    const last = texts[texts.length - 1] ?? '';
    expect(last).toContain('Товары (работы, услуги)');
    expect(last).toContain('60 Плата № 60, партия 1 шт. 1 партия 100,00 100,00');
    expect(last).toContain('Всего наименований 60, на сумму 6 000,00 руб.');
    expect(last).toContain('Шесть тысяч рублей 00 копеек');
    expect(texts[0]).not.toContain('Всего к оплате');
  });
});
