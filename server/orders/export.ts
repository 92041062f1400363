import { inArray } from 'drizzle-orm';
import { EXPORT_MAX_ROWS, type OrdersExportQuery } from '../../src/contract/exports';
import { MAX_PAGE_SIZE } from '../../src/contract/list';
import type { OrderSummary } from '../../src/contract/orders';
import { vatOfLines } from '../../src/contract/vat';
import type { Db } from '../db/connect';
import { invoices } from './invoices/schema';
import { orderLines } from './schema';
import type { Cell, Table } from '../exports/table';
import { translate, type Lang, type MessageKey } from '../http/messages';
import { listOrders, type OrderPageForm } from './list';

/** Every order the list would show with this search, filters and sort, read a page at a time (the list's own query). */
async function allOrders(db: Db, userId: number, query: OrdersExportQuery, lang: Lang): Promise<OrderSummary[]> {
  const filters = query.filter === undefined ? [] : Array.isArray(query.filter) ? query.filter : [query.filter];
  const form: Omit<OrderPageForm, 'pagination'> = {
    ...(query.search ? { search: query.search } : {}),
    ...(filters.length > 0 ? { filters } : {}),
    ...(query.sort ? { sort: { code: query.sort, orderBy: query.orderBy ?? 'asc' } } : {}),
  };
  const rows: OrderSummary[] = [];
  for (let page = 1; rows.length < EXPORT_MAX_ROWS; page += 1) {
    const batch = await listOrders(db, userId, { ...form, pagination: { page, itemsOnPage: MAX_PAGE_SIZE } }, lang);
    rows.push(...batch);
    if (batch.length < MAX_PAGE_SIZE) break;
  }
  return rows;
}

interface Billing { invoice: string; vat: number; paidAt: Date | null }

/**
 * The invoice's number, VAT and payment of each order; an order not invoiced yet states the VAT its invoice will
 * (each line's, summed: src/contract/vat.ts).
 */
async function billingOf(db: Db, orderIds: number[]): Promise<Map<number, Billing>> {
  const billing = new Map<number, Billing>();
  for (let at = 0; at < orderIds.length; at += 1000) {
    const ids = orderIds.slice(at, at + 1000);
    const lines = await db.select({ orderId: orderLines.orderId, total: orderLines.total }).from(orderLines).where(inArray(orderLines.orderId, ids));
    const totals = new Map<number, number[]>();
    for (const line of lines) totals.set(line.orderId, [...(totals.get(line.orderId) ?? []), line.total]);
    for (const id of ids) billing.set(id, { invoice: '', vat: vatOfLines(totals.get(id) ?? []), paidAt: null });
    const issued = await db.select({ orderId: invoices.orderId, number: invoices.number, vat: invoices.vat, paidAt: invoices.paidAt })
      .from(invoices).where(inArray(invoices.orderId, ids));
    for (const row of issued) billing.set(row.orderId, { invoice: row.number, vat: row.vat, paidAt: row.paidAt });
  }
  return billing;
}

/** The orders list as an accountant filters it: number, date, client, payer, sum, VAT, status, invoice, paid date. */
export async function ordersTable(db: Db, userId: number, query: OrdersExportQuery, lang: Lang): Promise<Table> {
  const t = (key: MessageKey, params: Record<string, string> = {}) => translate(lang, key, params);
  const rows = await allOrders(db, userId, query, lang);
  const billing = await billingOf(db, rows.map((row) => row.id));
  return {
    sheet: t('exportOrdersSheet'),
    header: [t('exportNumber'), t('exportDate'), t('exportClient'), t('exportPayer'), t('exportAmount'), t('exportVat'),
      t('exportStatus'), t('exportInvoice'), t('exportPaidAt')],
    rows: rows.map((row): Cell[] => {
      const bill = billing.get(row.id);
      return [
        { text: row.number }, { date: new Date(row.createdAt) }, { text: row.clientName }, { text: row.payerName },
        { money: row.total }, { money: bill?.vat ?? 0 }, { text: t('exportOrderStatus', { kind: row.status }) },
        { text: bill?.invoice ?? '' }, bill?.paidAt ? { date: bill.paidAt } : null,
      ];
    }),
  };
}
