import { sql, type SQL } from 'drizzle-orm';
import { invoicePdfUrl, transferPdfUrl, type InvoiceSummary } from '../../../src/contract/invoices';
import { memberClients } from '../../client-access/membership';
import type { Db } from '../../db/connect';
import { keyedPage, rangesByClient, type KeyedList } from '../../lists/keyed-page';
import { cappedCount, isoOf, type ListForm, type PageForm } from '../../lists/paging';
import { contains, trimmedSearch } from '../../lists/list-query';

type FilterCode = 'paid' | 'unpaid';
type SortCode = 'issuedAt' | 'number' | 'amount';

export type InvoiceListForm = ListForm<FilterCode>;
export type InvoicePageForm = PageForm<FilterCode, SortCode>;

const LIST: KeyedList<SortCode> = {
  alias: 'i', table: 'invoices',
  sortKeys: { issuedAt: sql`i.issued_at`, number: sql`i.number`, amount: sql`i.amount` },
  // The newest invoice first: the one to pay now is the one just issued.
  defaultSort: { code: 'issuedAt', orderBy: 'desc' },
};


/** Paid and unpaid are alternatives: true or false for one of them, null for both or neither (every invoice). */
function paidOf(form: InvoiceListForm): boolean | null {
  const filters = form.filters ?? [];
  const paid = filters.includes('paid');
  return paid === filters.includes('unpaid') ? null : paid;
}

/** Digits, punctuation and spaces have no case: lower() keeps them as they are and lowers no other character into them. */
const CASELESS_RUN = /[\p{Nd}\p{P}\p{Zs}]+/gu;

/**
 * The payer's name contains the search, case-insensitively. Lowering every name is most of what a search costs, so
 * the longest caseless part of the search (which the name must then contain as it is: '00703', '-2026-', ' «') is
 * looked for first, and only the names that have it are lowered; a search of caseless characters alone needs none.
 */
function nameContains(search: string): SQL {
  const caseless = (search.match(CASELESS_RUN) ?? []).reduce((longest, run) => (run.length > longest.length ? run : longest), '');
  if (caseless === search) return sql`strpos(i.payer_name, ${search}::text) > 0`;
  if (caseless === '') return contains(sql`i.payer_name`, search);
  return sql`(strpos(i.payer_name, ${caseless}::text) > 0 and ${contains(sql`i.payer_name`, search)})`;
}

/**
 * The search looks at the invoice number, the order number, the payer's name and INN — all columns of the narrow
 * invoice row, so a search reads no other table (case-insensitive, '%' and '_' plain). Numbers are written
 * upper-case by this gateway ('СЧ-', 'ПП-', and the bulk 'СБ-', 'ББ-') and an INN is digits, so they are compared
 * with the upper-cased search as they are, which is the same as lowering both and far cheaper.
 */
function conditionsOf(form: InvoiceListForm): SQL[] {
  const paid = paidOf(form);
  const where: SQL[] = [];
  if (paid !== null) where.push(paid ? sql`i.paid_at is not null` : sql`i.paid_at is null`);
  const search = trimmedSearch(form.search);
  if (search !== '') {
    const upper = sql`upper(${search}::text)`;
    where.push(sql`(strpos(i.number, ${upper}) > 0 or strpos(i.order_number, ${upper}) > 0
      or strpos(i.payer_inn, ${upper}) > 0 or ${nameContains(search)})`);
  }
  return where;
}

/**
 * Invoices of every client the user is a member of. Without a search the count is a sum over `invoice_counts` (two
 * rows per client at most, kept with every issue and payment); with one it counts matches up to SEARCH_COUNT_CAP.
 */
export async function countInvoices(db: Db, userId: number, form: InvoiceListForm): Promise<number> {
  if (trimmedSearch(form.search) !== '') {
    const where = [sql`i.client_id in ${memberClients(userId)}`, ...conditionsOf(form)];
    return cappedCount(db, sql`select 1 from invoices i where ${sql.join(where, sql` and `)}`);
  }
  const paid = paidOf(form);
  const where = [sql`client_id in ${memberClients(userId)}`, ...(paid === null ? [] : [sql`paid = ${paid}`])];
  const [row] = await db.select({ count: sql<number>`coalesce(sum(invoices), 0)::int` }).from(sql`invoice_counts`)
    .where(sql.join(where, sql` and `));
  return row?.count ?? 0;
}

/**
 * One page: ids from one range per client, each returned in order by the index of its sort — (client_id, issued_at,
 * id), its part of unpaid invoices, (client_id, number, id) or (client_id, amount, id) — merged in order, then only
 * the page's invoices are read with their client's name (the order's number is a column of the invoice). Ties are
 * broken by id, so pages neither overlap nor skip.
 */
export async function listInvoices(db: Db, userId: number, form: InvoicePageForm): Promise<InvoiceSummary[]> {
  const page = await keyedPage(db, userId, LIST, form, (clientIds) => rangesByClient(LIST, clientIds, conditionsOf(form)));
  if (!page) return [];
  const rows = await db.select({
    id: sql<number>`i.id`, number: sql<string>`i.number`, orderId: sql<number>`i.order_id`, orderNumber: sql<string>`i.order_number`,
    clientId: sql<number>`i.client_id`, clientName: sql<string>`c.name`, payerName: sql<string>`i.payer_name`,
    payerInn: sql<string>`i.payer_inn`, amount: sql<number>`i.amount::float8`, vat: sql<number>`i.vat::float8`,
    shipped: sql<boolean>`i.transfer_number is not null`,
    issuedAt: isoOf(sql`i.issued_at`), paidAt: sql<string | null>`case when i.paid_at is not null then ${isoOf(sql`i.paid_at`)} end`,
  }).from(sql`(${page.keys}) k join invoices i on i.id = k.id join clients c on c.id = i.client_id`).orderBy(page.order);
  return rows.map(({ shipped, ...row }) => ({
    ...row, pdfUrl: invoicePdfUrl(row.id), transferPdfUrl: shipped ? transferPdfUrl(row.id) : null,
  }));
}
