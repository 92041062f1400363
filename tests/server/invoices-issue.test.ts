import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../server/app';
import { settings } from '../../server/db/schema';
import { invoices } from '../../server/db/schema-business';
import { markInvoicePaid, vatOf } from '../../server/invoices/issue';
import { SUPPLIER } from '../../server/invoices/supplier';
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

const invoiceOf = async (orderId: number) => {
  const [row] = await gw.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!row) throw new Error(`order ${orderId} has no invoice`);
  return row;
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
    expect(invoice.document).toEqual({
      supplier: SUPPLIER,
      payer: {
        name: PAYER.name, inn: PAYER.inn, kpp: PAYER.kpp, ogrn: PAYER.ogrn, address: PAYER.legalAddress, bik: PAYER.bik,
        bankName: PAYER.bankName, settlementAccount: PAYER.settlementAccount, correspondentAccount: PAYER.correspondentAccount,
      },
      orderNumber: 'ПП-2026-01001',
      lines: [
        { title: 'Плата контроллера', quantity: 10, unit: 'шт.', unitPrice: 1000.05, total: 10000.5 },
        { title: 'Трафарет', quantity: 1, unit: 'шт.', unitPrice: 2450, total: 2450 },
      ],
      vatPercent: 22,
      payWithinDays: 5,
    });
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
    const [counterBefore] = await gw.db.select().from(settings).where(eq(settings.key, 'invoice-number-2026'));
    await issue(gw, orderId, new Date('2026-11-26T09:00:00Z'));
    expect(await invoiceOf(orderId)).toEqual(first);
    const [counterAfter] = await gw.db.select().from(settings).where(eq(settings.key, 'invoice-number-2026'));
    expect(counterAfter).toEqual(counterBefore);
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

describe('vatOf', () => {
  it.each([[122, 22], [100, 18.03], [12450.5, 2245.17], [0.01, 0], [0, 0]])('%d → %d', (amount, vat) => {
    expect(vatOf(amount)).toBe(vat);
  });
});
