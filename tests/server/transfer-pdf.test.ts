import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { invoices } from '../../server/orders/invoices/schema';
import { orders } from '../../server/orders/schema';
import { issueTransfer } from '../../server/orders/invoices/issue';
import { SUPPLIER } from '../../server/supplier/details';
import { defaultParams, type ProjectParams } from '../../src/contract/board';
import { invoicesList, type InvoiceSummary } from '../../src/contract/invoices';
import { makeClient, person, type Person } from './client-fixtures';
import { post, startGateway } from './helpers';
import { issue, makeOrder, PAYER } from './invoice-fixtures';

/** The УПД issued at shipment, parsed back with pdf.js as an accountant's software reads its text. */
let gw: Gateway;
let owner: Person;
let outsider: Person;
let clientId: number;

beforeAll(async () => {
  gw = await startGateway();
  owner = await person(gw, 'upd-owner', 'Ульяна', 'Передаточная');
  outsider = await person(gw, 'upd-outsider', 'Олег', 'Посторонний');
  clientId = await makeClient(gw, { name: 'УПД-Клиент' }, [[owner, 2]]);
});
afterAll(() => gw.close());

const RAMBO: ProjectParams = {
  ...defaultParams('pcb'), quantity: 10,
  board: { ...defaultParams('pcb').board, layers: 4, widthMm: 104.1, heightMm: 102.9, material: 'fr4', thicknessMm: 1.6, finish: 'hasl' },
};

async function shippedOrder(number: string, shippedAt: Date | null) {
  const { orderId } = await makeOrder(gw, {
    clientId, number,
    lines: [
      { title: 'RAMBo1-3L', quantity: 10, unitPrice: 942.46, total: 9424.62, params: RAMBO },
      { title: 'RAMBo1-3L', quantity: 1, unitPrice: 3000, productType: 'stencil', params: { ...defaultParams('stencil'), quantity: 1 } },
    ],
  });
  await gw.db
    .update(orders)
    .set({
      delivery: {
        kind: 'express_post',
        methodName: 'СДЭК',
        pointName: '',
        address: '117997, г. Москва, ул. Вавилова, д. 19, склад 2',
        endpointId: null,
        deliverySettingId: null,
      },
      trackingNumber: '1234567890',
    })
    .where(eq(orders.id, orderId));
  await issue(gw, orderId, new Date('2026-11-21T09:00:00Z'));
  if (shippedAt) await gw.db.transaction((tx) => issueTransfer(tx, orderId, shippedAt));
  const [row] = await gw.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!row) throw new Error('no invoice');
  return row;
}

const download = (url: string, token: string) => gw.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

async function textOf(pdf: Buffer): Promise<{ text: string; pages: number; size: number[] }> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let index = 1; index <= document.numPages; index += 1) {
    const content = await (await document.getPage(index)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const size = (await document.getPage(1)).view.map((value) => Math.round(value));
  const pages = document.numPages;
  await document.destroy();
  return { text: parts.join(' ').replace(/\s+/g, ' '), pages, size };
}

describe('the УПД', () => {
  it('is numbered at shipment in its own yearly series, once', async () => {
    const first = await shippedOrder('ПП-2026-05001', new Date('2026-11-27T09:00:00Z'));
    const second = await shippedOrder('ПП-2026-05002', new Date('2026-11-28T09:00:00Z'));
    expect(first.transferNumber).toMatch(/^УПД-2026-\d{5}$/);
    expect(Number(second.transferNumber?.slice(-5))).toBe(Number(first.transferNumber?.slice(-5)) + 1);
    await gw.db.transaction((tx) => issueTransfer(tx, first.orderId, new Date('2026-12-01T09:00:00Z')));
    const [again] = await gw.db.select().from(invoices).where(eq(invoices.id, first.id));
    expect([again?.transferNumber, again?.transferredAt?.toISOString()]).toEqual([first.transferNumber, '2026-11-27T09:00:00.000Z']);
  });

  it('is a landscape status-1 form with both parties, the invoice\'s lines with VAT apart, and totals that add up', async () => {
    const invoice = await shippedOrder('ПП-2026-05003', new Date('2026-11-27T09:00:00Z'));
    const answer = await download(`/files/transfers/${invoice.id}.pdf`, owner.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(String(answer.headers['content-disposition']))?.[1] ?? ''))
      .toBe(`УПД ${invoice.transferNumber ?? ''}.pdf`);
    const { text, pages, size } = await textOf(answer.rawPayload);
    expect(pages).toBe(1);
    expect(size).toEqual([0, 0, 842, 595]);
    const expected = [
      'Универсальный передаточный документ', 'Статус:', '1 — счёт-фактура и передаточный документ (акт)',
      `Счёт-фактура № ${invoice.transferNumber ?? ''} от 27 ноября 2026 г.`, 'постановлению Правительства Российской Федерации от 26 декабря 2011 г. № 1137',
      SUPPLIER.name, SUPPLIER.address, `${SUPPLIER.inn}/${SUPPLIER.kpp ?? ''}`, 'он же',
      `${PAYER.name}, 117997, г. Москва, ул. Вавилова, д. 19, склад 2`, `${PAYER.inn}/${PAYER.kpp ?? ''}`,
      `№ п/п 1–2 № ${invoice.transferNumber ?? ''} от 27.11.2026`, 'Российский рубль, 643',
      'Изготовление печатной платы RAMBo1-3L, 4 слоя, 104,1 × 102,9 мм, FR4 1,6 мм, HASL, партия 10 шт.',
      // 9 424,62 with 1 699,52 VAT: 7 725,10 without it; the stencil 3 000,00 with 540,98. Before the unit 'партия'
      // (column 2а), column 1б (no goods code) and column 2: a dash, as ОКЕИ has no code for a batch (decree 1137's rules).
      'партия 10 шт. — — партия 1 7 725,10 7 725,10 без акциза 22% 1 699,52 9 424,62',
      '— — партия 1 2 459,02 2 459,02 без акциза 22% 540,98 3 000,00',
      'Всего к оплате (9) 10 184,12 X 2 240,50 12 424,62',
      `Заказ № ПП-2026-05003, счёт № ${invoice.number} от 21.11.2026`, 'СДЭК, трек-номер 1234567890',
      'Дата отгрузки, передачи (сдачи) 27 ноября 2026 г.', 'Товар (груз) получил', 'Руководитель организации или иное уполномоченное лицо',
      'Главный бухгалтер или иное уполномоченное лицо',
    ];
    for (const part of expected) expect(text, part).toContain(part);
    // The invoice states the same total and VAT.
    expect([invoice.amount, invoice.vat]).toEqual([12424.62, 2240.5]);
  });

  it('is shown to members of the client only, and to nobody before the shipment', async () => {
    const shipped = await shippedOrder('ПП-2026-05004', new Date('2026-11-27T09:00:00Z'));
    const waiting = await shippedOrder('ПП-2026-05005', null);
    expect((await download(`/files/transfers/${shipped.id}.pdf`, outsider.token)).statusCode).toBe(404);
    expect((await download(`/files/transfers/${waiting.id}.pdf`, owner.token)).statusCode).toBe(404);
    expect((await download('/files/transfers/abc.pdf', owner.token)).statusCode).toBe(404);
    expect((await gw.app.inject({ method: 'GET', url: `/files/transfers/${shipped.id}.pdf` })).statusCode).toBe(401);
  });

  it('is linked from the invoices list once the order is shipped', async () => {
    const shipped = await shippedOrder('ПП-2026-05006', new Date('2026-11-27T09:00:00Z'));
    const waiting = await shippedOrder('ПП-2026-05007', null);
    const answer = await post(gw, invoicesList.path, { pagination: { page: 1, itemsOnPage: 50 } }, { token: owner.token });
    expect(answer.status).toBe(200);
    const rows = answer.body as InvoiceSummary[];
    expect(rows.find((row) => row.id === shipped.id)?.transferPdfUrl).toBe(`/files/transfers/${shipped.id}.pdf`);
    expect(rows.find((row) => row.id === waiting.id)?.transferPdfUrl).toBeNull();
  });
});
