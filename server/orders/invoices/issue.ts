import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { legalName } from '../../../src/contract/legal-name';
import { VAT_PERCENT } from '../../../src/contract/orders';
import type { Db } from '../../db/connect';
import { clients, settings } from '../../db/schema';
import { invoiceDocuments, invoices } from './schema';
import { orderLines, orders, type OrderPayer } from '../schema';
import type { InvoiceDocument, InvoiceParty } from '../../supplier/invoice-document';
import { moscowDate } from '../../supplier/calendar';
import { moveInvoiceCount } from './counts';
import { invoiceLineOf, invoiceTotals } from './lines';
import { SUPPLIER } from '../../supplier/details';

/** Days the customer has to pay, printed as 'Оплатить не позднее …'. */
export const PAY_WITHIN_DAYS = 5;

/** The numbered series: invoices 'СЧ-2026-00001', УПД 'УПД-2026-00001'; each starts from 1 every year. */
const SERIES = { invoice: 'СЧ', transfer: 'УПД' } as const;

/**
 * 'СЧ-2026-00001': one counter per series and calendar year in `settings`, taken with an atomic upsert, so two
 * gateways issuing at once never share a number; the caller's transaction keeps the number only if the document is stored.
 */
async function nextNumber(tx: Db, now: Date, series: keyof typeof SERIES): Promise<string> {
  const { year } = moscowDate(now);
  const [row] = await tx.insert(settings).values({ key: `${series}-number-${year}`, value: '1' })
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`(${settings.value}::integer + 1)::text` } })
    .returning({ value: settings.value });
  if (!row) throw new Error('the invoice counter did not answer');
  return `${SERIES[series]}-${year}-${row.value.padStart(5, '0')}`;
}

/** The buyer as the invoice prints it: with its legal form ('ООО «Микрон-Тест»'). */
const payerParty = (payer: OrderPayer): InvoiceParty => ({
  name: legalName(payer), inn: payer.inn, kpp: payer.kpp, ogrn: payer.ogrn, address: payer.legalAddress,
  bik: payer.bik, bankName: payer.bankName, settlementAccount: payer.settlementAccount,
  correspondentAccount: payer.correspondentAccount,
});

/** An order placed without a payer (an individual) is invoiced to the client itself, with what it has. */
const clientParty = (client: { fullName: string; inn: string | null; kpp: string | null; ogrn: string | null }): InvoiceParty => ({
  name: client.fullName, inn: client.inn ?? '', kpp: client.kpp, ogrn: client.ogrn ?? '', address: '',
  bik: '', bankName: '', settlementAccount: '', correspondentAccount: '',
});

/**
 * Issues the order's invoice (number, requisites, a batch line per order line: server/orders/invoices/lines.ts) unless it
 * has one: the list's row, its document and one more unpaid invoice in the client's counts, all in the caller's transaction.
 */
export async function issueInvoice(tx: Db, orderId: number, now: Date): Promise<void> {
  // The order row is locked first, so two approvals of one order cannot both find it without an invoice.
  const [order] = await tx.select({
    id: orders.id, clientId: orders.clientId, number: orders.number, payer: orders.payer,
    clientFullName: clients.fullName, clientInn: clients.inn, clientKpp: clients.kpp, clientOgrn: clients.ogrn,
  }).from(orders).innerJoin(clients, eq(clients.id, orders.clientId)).where(eq(orders.id, orderId)).for('update', { of: orders });
  if (!order) throw new Error(`issueInvoice: order ${orderId} does not exist`);
  const [existing] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId));
  if (existing) return;

  const ordered = await tx.select({
    title: orderLines.title, productType: orderLines.productType, params: orderLines.params, quantity: orderLines.quantity,
    total: orderLines.total,
  }).from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
  const lines = ordered.map(invoiceLineOf);
  const { amount, vat } = invoiceTotals(lines);
  const payer = order.payer
    ? payerParty(order.payer)
    : clientParty({ fullName: order.clientFullName, inn: order.clientInn, kpp: order.clientKpp, ogrn: order.clientOgrn });
  const document: InvoiceDocument = {
    supplier: { ...SUPPLIER },
    payer,
    orderNumber: order.number,
    lines,
    vatPercent: VAT_PERCENT,
    payWithinDays: PAY_WITHIN_DAYS,
  };
  const [invoice] = await tx.insert(invoices).values({
    orderId, clientId: order.clientId, number: await nextNumber(tx, now, 'invoice'), orderNumber: order.number, amount, vat,
    payerName: payer.name, payerInn: payer.inn, issuedAt: now,
  }).returning({ id: invoices.id });
  if (!invoice) throw new Error(`issueInvoice: the invoice of order ${orderId} was not stored`);
  await tx.insert(invoiceDocuments).values({ invoiceId: invoice.id, document });
  await moveInvoiceCount(tx, order.clientId, null, false);
}

/**
 * Marks the order's invoice paid at `now` (the operator's 'pay'); a second 'pay' keeps the first date and the counts,
 * which move only when the row really changed.
 */
export async function markInvoicePaid(tx: Db, orderId: number, now: Date): Promise<void> {
  const [paid] = await tx.update(invoices).set({ paidAt: now }).where(and(eq(invoices.orderId, orderId), isNull(invoices.paidAt)))
    .returning({ clientId: invoices.clientId });
  if (paid) await moveInvoiceCount(tx, paid.clientId, false, true);
}

/**
 * Issues the order's УПД at shipment: its number and date on the invoice's row, whose stored document
 * gives the lines, so the УПД sells what the invoice did. A second shipment keeps the first number and date.
 */
export async function issueTransfer(tx: Db, orderId: number, now: Date): Promise<void> {
  const [invoice] = await tx.select({ id: invoices.id, transferNumber: invoices.transferNumber }).from(invoices)
    .where(eq(invoices.orderId, orderId)).for('update');
  if (!invoice || invoice.transferNumber !== null) return;
  await tx.update(invoices).set({ transferNumber: await nextNumber(tx, now, 'transfer'), transferredAt: now })
    .where(eq(invoices.id, invoice.id));
}
