import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { settings } from '../../server/db/schema';
import { invoiceCounts, invoiceDocuments, invoices } from '../../server/orders/invoices/schema';
import { orders } from '../../server/orders/schema';
import { seedBulkInvoices } from '../../server/orders/invoices/bulk';
import { recountInvoices } from '../../server/orders/invoices/counts';
import { markInvoicePaid } from '../../server/orders/invoices/issue';
import { vatOf } from '../../src/contract/vat';
import { defaultParams, type ProjectParams } from '../../src/contract/board';
import { seedBulkOrders } from '../../server/seed/bulk-orders';
import { SUPPLIER } from '../../server/supplier/details';
import {
  checkBik, checkCorrespondentAccount, checkInn, checkKpp, checkOgrn, checkSettlementAccount,
} from '../../src/contract/requisites';
import { makeClient, person } from './client-fixtures';
import { startGateway } from './helpers';
import { issue, makeOrder, PAYER } from './invoice-fixtures';

let gw: Gateway;
let clientId: number;

beforeAll(async () => {
  gw = await startGateway();
  const owner = await person(gw, 'inv-issue-owner', 'Ирина', 'Счетова');
  clientId = await makeClient(gw, { name: 'Счета и Ко' }, [[owner, 1]]);
});
afterAll(() => gw.close());

/** The issue's board, as its order line stores its parameters. */
const RAMBO: ProjectParams = {
  ...defaultParams('pcb'), quantity: 10,
  board: { ...defaultParams('pcb').board, layers: 4, widthMm: 104.1, heightMm: 102.9, material: 'fr4', thicknessMm: 1.6, finish: 'hasl' },
};

const invoiceOf = async (orderId: number) => {
  const [row] = await gw.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!row) throw new Error(`order ${orderId} has no invoice`);
  return row;
};
const documentOf = async (invoiceId: number) => {
  const [row] = await gw.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, invoiceId));
  return row?.document;
};
/** The client's row of `invoice_counts` as { unpaid, paid }, a missing row being 0. */
const countsOf = async (id: number) => {
  const rows = await gw.db.select().from(invoiceCounts).where(eq(invoiceCounts.clientId, id)).orderBy(asc(invoiceCounts.paid));
  return { unpaid: rows.find((row) => !row.paid)?.invoices ?? 0, paid: rows.find((row) => row.paid)?.invoices ?? 0, rows: rows.length };
};

describe('the supplier', () => {
  it('has requisites an accountant\'s software accepts', () => {
    expect(checkInn(SUPPLIER.inn, 'legal')).toBeNull();
    expect(checkKpp(SUPPLIER.kpp ?? '')).toBeNull();
    expect(checkOgrn(SUPPLIER.ogrn, 'legal')).toBeNull();
    expect(checkBik(SUPPLIER.bik)).toBeNull();
    expect(checkSettlementAccount(SUPPLIER.settlementAccount, SUPPLIER.bik)).toBeNull();
    expect(checkCorrespondentAccount(SUPPLIER.correspondentAccount, SUPPLIER.bik)).toBeNull();
  });
});

describe('issueInvoice', () => {
  it('copies the payer, the lines and the order number, and takes the VAT out of the VAT-inclusive total', async () => {
    const { orderId } = await makeOrder(gw, {
      clientId, number: 'ПП-2026-01001',
      lines: [{ title: 'Плата контроллера', quantity: 10, unitPrice: 1000.05 }, { title: 'Трафарет', quantity: 1, unitPrice: 2450 }],
    });
    await issue(gw, orderId, new Date('2026-11-21T09:00:00Z'));
    const invoice = await invoiceOf(orderId);
    expect(invoice.number).toMatch(/^СЧ-2026-\d{5}$/);
    expect(invoice.amount).toBe(12450.5);
    // 12 450,50 × 22 / 122 = 2 245,17213… → 2 245,17
    expect(invoice.vat).toBe(2245.17);
    expect(invoice.payerName).toBe(PAYER.name);
    expect(invoice.payerInn).toBe(PAYER.inn);
    expect(invoice.issuedAt.toISOString()).toBe('2026-11-21T09:00:00.000Z');
    expect(invoice.paidAt).toBeNull();
    expect(invoice.clientId).toBe(clientId);
    expect(invoice.orderNumber).toBe('ПП-2026-01001');
    expect(await documentOf(invoice.id)).toEqual({
      supplier: SUPPLIER,
      payer: {
        name: PAYER.name, inn: PAYER.inn, kpp: PAYER.kpp, ogrn: PAYER.ogrn, address: PAYER.legalAddress, bik: PAYER.bik,
        bankName: PAYER.bankName, settlementAccount: PAYER.settlementAccount, correspondentAccount: PAYER.correspondentAccount,
      },
      orderNumber: 'ПП-2026-01001',
      lines: [
        { title: 'Плата контроллера, партия 10 шт.', quantity: 1, unit: 'партия', unitPrice: 10000.5, total: 10000.5 },
        { title: 'Трафарет, партия 1 шт.', quantity: 1, unit: 'партия', unitPrice: 2450, total: 2450 },
      ],
      vatPercent: 22,
      payWithinDays: 5,
    });
  });

  it('sells each line as a batch at the price the customer saw, named by what is made, so price × quantity is the sum and the total their sum', async () => {
    // Checkout stores 10 boards at 9 424,62 with 942,46 a piece (9 424,62 / 10 rounded): 942,46 × 10 is 9 424,60.
    const { orderId } = await makeOrder(gw, {
      clientId, number: 'ПП-2026-01002',
      lines: [
        { title: 'RAMBo1-3L', quantity: 10, unitPrice: 942.46, total: 9424.62, params: RAMBO },
        { title: 'Контроллер', quantity: 25, unitPrice: 645.08, total: 16127.02 },
      ],
    });
    await issue(gw, orderId, new Date('2026-11-21T09:00:00Z'));
    const invoice = await invoiceOf(orderId);
    const lines = (await documentOf(invoice.id))?.lines ?? [];
    expect(lines[0]?.title).toBe('Изготовление печатной платы RAMBo1-3L, 4 слоя, 104,1 × 102,9 мм, FR4 1,6 мм, HASL, партия 10 шт.');
    expect(lines.map((line) => [line.quantity, line.unit, line.unitPrice, line.total])).toEqual([
      [1, 'партия', 9424.62, 9424.62], [1, 'партия', 16127.02, 16127.02],
    ]);
    for (const line of lines) expect(Math.round(line.unitPrice * 100) * line.quantity).toBe(Math.round(line.total * 100));
    expect(invoice.amount).toBe(25551.64);
    // 1 699,52 (1 699,5216…) + 2 908,15 (2 908,1511…): each line's VAT to the kopeck, summed.
    expect(invoice.vat).toBe(4607.67);
  });

  it('numbers invoices one after another within a year and starts again from 1 in a new year', async () => {
    const issued: string[] = [];
    for (const [index, at] of ['2026-12-01T09:00:00Z', '2026-12-02T09:00:00Z', '2026-12-31T21:30:00Z'].entries()) {
      const { orderId } = await makeOrder(gw, { clientId, number: `ПП-2026-0200${index}`, lines: [{ title: 'Плата', quantity: 1, unitPrice: 100 }] });
      await issue(gw, orderId, new Date(at));
      issued.push((await invoiceOf(orderId)).number);
    }
    const [first = '', second = ''] = issued;
    expect(Number(second.slice(-5))).toBe(Number(first.slice(-5)) + 1);
    // 21:30 UTC on 31 December is already 1 January in Moscow, where the manufacturer keeps its books.
    expect(issued[2]).toBe('СЧ-2027-00001');
    const [counter] = await gw.db.select().from(settings).where(eq(settings.key, 'invoice-number-2027'));
    expect(counter?.value).toBe('1');
  });

  it('does nothing for an order that already has its invoice, so the number and the copy never change', async () => {
    const { orderId } = await makeOrder(gw, { clientId, number: 'ПП-2026-03001', lines: [{ title: 'Плата', quantity: 2, unitPrice: 500 }] });
    await issue(gw, orderId, new Date('2026-11-25T09:00:00Z'));
    const first = await invoiceOf(orderId);
    const document = await documentOf(first.id);
    const [counterBefore] = await gw.db.select().from(settings).where(eq(settings.key, 'invoice-number-2026'));
    const countsBefore = await countsOf(clientId);
    await issue(gw, orderId, new Date('2026-11-26T09:00:00Z'));
    expect(await invoiceOf(orderId)).toEqual(first);
    expect(await documentOf(first.id)).toEqual(document);
    const [counterAfter] = await gw.db.select().from(settings).where(eq(settings.key, 'invoice-number-2026'));
    expect(counterAfter).toEqual(counterBefore);
    expect(await countsOf(clientId)).toEqual(countsBefore);
  });

  it('invoices an order placed without a payer to the client itself', async () => {
    const { orderId } = await makeOrder(gw, { clientId, number: 'ПП-2026-04001', payer: null, lines: [{ title: 'Плата', quantity: 1, unitPrice: 122 }] });
    await issue(gw, orderId, new Date('2026-11-25T09:00:00Z'));
    const invoice = await invoiceOf(orderId);
    expect(invoice.payerName).toBe('ООО «Счета и Ко»');
    expect(invoice.vat).toBe(22);
  });
});

describe('markInvoicePaid', () => {
  it('sets the payment date once; a repeated payment keeps the first date', async () => {
    const { orderId } = await makeOrder(gw, { clientId, number: 'ПП-2026-05001', lines: [{ title: 'Плата', quantity: 1, unitPrice: 10 }] });
    await issue(gw, orderId, new Date('2026-11-25T09:00:00Z'));
    await gw.db.transaction((tx) => markInvoicePaid(tx, orderId, new Date('2026-11-26T10:00:00Z')));
    await gw.db.transaction((tx) => markInvoicePaid(tx, orderId, new Date('2026-11-27T10:00:00Z')));
    expect((await invoiceOf(orderId)).paidAt?.toISOString()).toBe('2026-11-26T10:00:00.000Z');
  });
});

describe('invoice_counts', () => {
  it('counts an issued invoice as unpaid and moves it to paid once, deleting a row that reaches 0', async () => {
    const owner = await person(gw, 'inv-counts-owner', 'Карл', 'Счётный');
    const counted = await makeClient(gw, { name: 'Счёт по счетам' }, [[owner, 1]]);
    expect(await countsOf(counted)).toEqual({ unpaid: 0, paid: 0, rows: 0 });
    const first = await makeOrder(gw, { clientId: counted, number: 'ПП-2026-06001', lines: [{ title: 'Плата', quantity: 1, unitPrice: 10 }] });
    const second = await makeOrder(gw, { clientId: counted, number: 'ПП-2026-06002', lines: [{ title: 'Плата', quantity: 1, unitPrice: 20 }] });
    await issue(gw, first.orderId, new Date('2026-11-25T09:00:00Z'));
    await issue(gw, second.orderId, new Date('2026-11-25T10:00:00Z'));
    expect(await countsOf(counted)).toEqual({ unpaid: 2, paid: 0, rows: 1 });
    await gw.db.transaction((tx) => markInvoicePaid(tx, first.orderId, new Date('2026-11-26T09:00:00Z')));
    expect(await countsOf(counted)).toEqual({ unpaid: 1, paid: 1, rows: 2 });
    // A second payment of the same invoice changes nothing, so it must not count twice.
    await gw.db.transaction((tx) => markInvoicePaid(tx, first.orderId, new Date('2026-11-27T09:00:00Z')));
    expect(await countsOf(counted)).toEqual({ unpaid: 1, paid: 1, rows: 2 });
    await gw.db.transaction((tx) => markInvoicePaid(tx, second.orderId, new Date('2026-11-27T09:00:00Z')));
    expect(await countsOf(counted)).toEqual({ unpaid: 0, paid: 2, rows: 1 });
    // Paying an order without an invoice moves no count either.
    const uninvoiced = await makeOrder(gw, { clientId: counted, number: 'ПП-2026-06003', lines: [{ title: 'Плата', quantity: 1, unitPrice: 5 }] });
    await gw.db.transaction((tx) => markInvoicePaid(tx, uninvoiced.orderId, new Date('2026-11-27T09:00:00Z')));
    expect(await countsOf(counted)).toEqual({ unpaid: 0, paid: 2, rows: 1 });
  });

  it('keeps every client\'s counts equal to a recount of the invoices', async () => {
    const kept = await gw.db.select().from(invoiceCounts).orderBy(asc(invoiceCounts.clientId), asc(invoiceCounts.paid));
    expect(kept.length).toBeGreaterThan(0);
    await gw.db.transaction((tx) => recountInvoices(tx));
    expect(await gw.db.select().from(invoiceCounts).orderBy(asc(invoiceCounts.clientId), asc(invoiceCounts.paid))).toEqual(kept);
  });
});

describe('seedBulkInvoices', () => {
  it('invoices every checked order with its document and order number, and recounts the client\'s counts', async () => {
    const owner = await person(gw, 'inv-bulk-owner', 'Борис', 'Оптов');
    const bulk = await makeClient(gw, { name: 'Оптовые счета' }, [[owner, 1]]);
    await seedBulkOrders(gw.db, { clientId: bulk, orders: 1000, linesPerOrder: 2, now: new Date('2026-11-20T09:00:00Z') });
    const made = await seedBulkInvoices(gw.db, bulk);
    const placed = await gw.db.select({ id: orders.id, number: orders.number, status: orders.status, total: orders.total })
      .from(orders).where(eq(orders.clientId, bulk));
    const invoiced = placed.filter((order) => order.status !== 'on_check' && order.status !== 'canceled');
    expect(made).toBe(invoiced.length);
    const rows = await gw.db.select({ invoice: invoices, document: invoiceDocuments.document }).from(invoices)
      .innerJoin(invoiceDocuments, eq(invoiceDocuments.invoiceId, invoices.id)).where(eq(invoices.clientId, bulk));
    expect(rows).toHaveLength(made);
    const byOrder = new Map(placed.map((order) => [order.id, order]));
    for (const { invoice, document } of rows) {
      const order = byOrder.get(invoice.orderId);
      expect(invoice.orderNumber).toBe(order?.number);
      expect(document.orderNumber).toBe(order?.number);
      expect(document.lines).toHaveLength(2);
      expect(invoice.amount).toBe(order?.total);
      expect(invoice.paidAt !== null).toBe(['in_progress', 'in_stock', 'shipped'].includes(order?.status ?? ''));
    }
    const paid = rows.filter((row) => row.invoice.paidAt !== null).length;
    expect(paid).toBeGreaterThan(0);
    expect(paid).toBeLessThan(made);
    expect(await countsOf(bulk)).toEqual({ unpaid: made - paid, paid, rows: 2 });
    // Repeated, it finds nothing left to invoice and the counts stay.
    expect(await seedBulkInvoices(gw.db, bulk)).toBe(made);
    expect(await countsOf(bulk)).toEqual({ unpaid: made - paid, paid, rows: 2 });
  });
});

describe('vatOf', () => {
  it.each([[122, 22], [100, 18.03], [12450.5, 2245.17], [0.01, 0], [0, 0]])('%d → %d', (amount, vat) => {
    expect(vatOf(amount)).toBe(vat);
  });
});
