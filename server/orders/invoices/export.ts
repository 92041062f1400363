import type { InvoiceSummary } from '../../../src/contract/invoices';
import { EXPORT_MAX_ROWS, type InvoicesExportQuery } from '../../../src/contract/exports';
import { MAX_PAGE_SIZE } from '../../../src/contract/list';
import type { Db } from '../../db/connect';
import { translate, type Lang } from '../../http/messages';
import type { Cell, Table } from '../../exports/table';
import { listInvoices, type InvoicePageForm } from './list';

/** Every invoice the list would show with this search, tab and sort, read a page at a time (the list's own query). */
async function allInvoices(db: Db, userId: number, query: InvoicesExportQuery): Promise<InvoiceSummary[]> {
  const rows: InvoiceSummary[] = [];
  const form: Omit<InvoicePageForm, 'pagination'> = {
    ...(query.search ? { search: query.search } : {}),
    ...(query.filter ? { filters: [query.filter] } : {}),
    ...(query.sort ? { sort: { code: query.sort, orderBy: query.orderBy ?? 'asc' } } : {}),
  };
  for (let page = 1; rows.length < EXPORT_MAX_ROWS; page += 1) {
    const batch = await listInvoices(db, userId, { ...form, pagination: { page, itemsOnPage: MAX_PAGE_SIZE } });
    rows.push(...batch);
    if (batch.length < MAX_PAGE_SIZE) break;
  }
  return rows;
}

/** The invoices list as an accountant filters it: number, date, order, client, payer, sum, VAT, status, paid date. */
export async function invoicesTable(db: Db, userId: number, query: InvoicesExportQuery, lang: Lang): Promise<Table> {
  const t = (key: Parameters<typeof translate>[1]) => translate(lang, key);
  const rows = await allInvoices(db, userId, query);
  return {
    sheet: t('exportInvoicesSheet'),
    header: [t('exportNumber'), t('exportDate'), t('exportOrder'), t('exportClient'), t('exportPayer'), t('exportPayerInn'),
      t('exportAmount'), t('exportVat'), t('exportStatus'), t('exportPaidAt')],
    rows: rows.map((row): Cell[] => [
      { text: row.number }, { date: new Date(row.issuedAt) }, { text: row.orderNumber }, { text: row.clientName },
      { text: row.payerName }, { text: row.payerInn }, { money: row.amount }, { money: row.vat },
      { text: t(row.paidAt ? 'exportPaid' : 'exportUnpaid') }, row.paidAt ? { date: new Date(row.paidAt) } : null,
    ]),
  };
}
