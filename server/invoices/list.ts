import { sql, type SQL } from 'drizzle-orm';
import { invoicePdfUrl, type InvoiceSummary } from '../../src/contract/invoices';
import type { SortDirection } from '../../src/contract/list';
import type { Db } from '../db/connect';
import { cappedCount, isoOf, memberClientIds, pageKeys, pageWindow } from '../lists/paging';
import { contains, trimmedSearch } from '../ordering-data/list-query';

type FilterCode = 'paid' | 'unpaid';
type SortCode = 'issuedAt' | 'number' | 'amount';

export interface InvoiceListForm { search?: string | undefined; filters?: FilterCode[] | undefined }
export interface InvoicePageForm extends InvoiceListForm {
  pagination: { page: number; itemsOnPage: number };
  sort?: { code: SortCode; orderBy: SortDirection } | undefined;
}

/** The newest invoice first: the one to pay now is the one just issued. */
const DEFAULT_SORT = { code: 'issuedAt', orderBy: 'desc' } as const;

const SORT_KEYS: Record<SortCode, SQL> = {
  issuedAt: sql`i.issued_at`,
  number: sql`i.number`,
  amount: sql`i.amount`,
};

/**
 * Paid and unpaid are alternatives (both, or neither, mean every invoice). The search looks at the invoice number,
 * the payer's name and INN, and the order's number (case-insensitive, '%' and '_' plain).
 */
function conditionsOf(form: InvoiceListForm): SQL[] {
  const filters = form.filters ?? [];
  const paid = filters.includes('paid');
  const where: SQL[] = [];
  if (paid !== filters.includes('unpaid')) where.push(paid ? sql`i.paid_at is not null` : sql`i.paid_at is null`);
  const search = trimmedSearch(form.search);
  if (search !== '') {
    where.push(sql`(${contains(sql`i.number`, search)} or ${contains(sql`i.payer_name`, search)}
      or ${contains(sql`i.payer_inn`, search)}
      or exists (select 1 from orders n where n.id = i.order_id and ${contains(sql`n.number`, search)}))`);
  }
  return where;
}

/** Invoices of every client the user is a member of; a searched count stops at SEARCH_COUNT_CAP. */
export async function countInvoices(db: Db, userId: number, form: InvoiceListForm): Promise<number> {
  const where = [sql`i.client_id in (select client_id from client_users where user_id = ${userId})`, ...conditionsOf(form)];
  if (trimmedSearch(form.search) !== '') return cappedCount(db, sql`select 1 from invoices i where ${sql.join(where, sql` and `)}`);
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(sql`invoices i`).where(sql.join(where, sql` and `));
  return row?.count ?? 0;
}

/**
 * One page: ids from one range per client (the (client_id, issued_at, id) index returns the default order as it
 * is), merged in order, then only the page's invoices are read with their order's number and client's name.
 * Ties are broken by id, so pages neither overlap nor skip.
 */
export async function listInvoices(db: Db, userId: number, form: InvoicePageForm): Promise<InvoiceSummary[]> {
  const window = pageWindow(form.pagination);
  const clientIds = await memberClientIds(db, userId);
  if (clientIds.length === 0) return [];
  const sort = form.sort ?? DEFAULT_SORT;
  const common = conditionsOf(form);
  const ranges = clientIds.map((clientId) =>
    sql`select i.id, ${SORT_KEYS[sort.code]} as sort_key from invoices i where ${sql.join([sql`i.client_id = ${clientId}`, ...common], sql` and `)}`);
  const direction = sort.orderBy;
  const rows = await db.select({
    id: sql<number>`i.id`, number: sql<string>`i.number`, orderId: sql<number>`i.order_id`, orderNumber: sql<string>`o.number`,
    clientId: sql<number>`i.client_id`, clientName: sql<string>`c.name`, payerName: sql<string>`i.payer_name`,
    payerInn: sql<string>`i.payer_inn`, amount: sql<number>`i.amount::float8`, vat: sql<number>`i.vat::float8`,
    issuedAt: isoOf(sql`i.issued_at`), paidAt: sql<string | null>`case when i.paid_at is not null then ${isoOf(sql`i.paid_at`)} end`,
  }).from(sql`(${pageKeys(ranges, direction, window)}) k join invoices i on i.id = k.id
      join orders o on o.id = i.order_id join clients c on c.id = i.client_id`)
    .orderBy(sql`k.sort_key ${sql.raw(direction)}, k.id ${sql.raw(direction)}`);
  return rows.map((row) => ({ ...row, pdfUrl: invoicePdfUrl(row.id) }));
}
