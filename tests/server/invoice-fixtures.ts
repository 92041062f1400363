import type { Gateway } from '../../server/app';
import type { ProductType, ProjectParams } from '../../src/contract/board';
import { orderLines, orders, type OrderPayer } from '../../server/orders/schema';
import { issueInvoice } from '../../server/orders/invoices/issue';

/**
 * Orders with lines and a payer straight in the database, as checkout leaves them, for the invoices tests (they do
 * not wait for the checkout routes). Requisites are valid (Sberbank's, and a known entrepreneur's INN).
 */
export const PAYER: OrderPayer = {
  payerId: null, name: 'ООО «Ромашка-Электро»', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195',
  legalAddress: '117997, г. Москва, ул. Вавилова, д. 19', bik: '044525225', bankName: 'ПАО Сбербанк',
  settlementAccount: '40702810938000000001', correspondentAccount: '30101810400000000225',
};

export interface OrderFixture {
  clientId: number;
  number: string;
  /** `total` as checkout stores it (the batch price; unitPrice is it divided and rounded), else quantity × unitPrice. */
  lines: Array<{
    title: string; quantity: number; unitPrice: number; total?: number; versionId?: number | null;
    productType?: ProductType; params?: ProjectParams | null;
  }>;
  payer?: OrderPayer | null;
  createdAt?: Date;
}

export async function makeOrder(gw: Gateway, fixture: OrderFixture): Promise<{ orderId: number; lineIds: number[] }> {
  const totals = fixture.lines.map((line) => line.total ?? Math.round(line.quantity * line.unitPrice * 100) / 100);
  const total = Math.round(totals.reduce((sum, value) => sum + value, 0) * 100) / 100;
  const createdAt = fixture.createdAt ?? new Date('2026-11-20T09:00:00Z');
  const [order] = await gw.db.insert(orders).values({
    clientId: fixture.clientId, number: fixture.number, status: 'on_check', payer: fixture.payer === undefined ? PAYER : fixture.payer,
    total, lineCount: fixture.lines.length, firstLineTitle: fixture.lines[0]?.title ?? '', createdAt, statusChangedAt: createdAt,
  }).returning({ id: orders.id });
  if (!order) throw new Error('order not created');
  const lines = fixture.lines.length === 0 ? [] : await gw.db.insert(orderLines).values(fixture.lines.map((line, index) => ({
    orderId: order.id, clientId: fixture.clientId, title: line.title, productType: line.productType ?? 'pcb', params: line.params ?? null,
    quantity: line.quantity,
    unitPrice: line.unitPrice, total: totals[index] ?? 0, days: 7, status: 'engineering', versionId: line.versionId ?? null, createdAt,
  }))).returning({ id: orderLines.id });
  return { orderId: order.id, lineIds: lines.map((line) => line.id) };
}

export const issue = (gw: Gateway, orderId: number, now: Date) => gw.db.transaction((tx) => issueInvoice(tx, orderId, now));
