import { sql, type SQL } from 'drizzle-orm';
import { PRODUCT_TYPES, type ProductType } from '../../src/contract/board';
import { isOneOf } from '../../src/contract/fields';
import { orderLineFilesUrl } from '../../src/contract/invoices';
import { ORDER_LINE_STATUSES, type OrderLineListItem, type OrderLineStatus } from '../../src/contract/orders';
import { memberClients } from '../client-access/membership';
import type { Db } from '../db/connect';
import { contains, trimmedSearch } from '../lists/list-query';
import { keyedPage, rangesByClient, type KeyedList } from '../lists/keyed-page';
import { cappedCount, isoOf, MAX_LIST_DEPTH, valueList, type ListForm, type PageForm } from '../lists/paging';

type FilterCode = OrderLineStatus | ProductType;
type SortCode = 'createdAt' | 'title' | 'total';

export type OrderLineListForm = ListForm<FilterCode>;
export type OrderLinePageForm = PageForm<FilterCode, SortCode>;

const LIST: KeyedList<SortCode> = {
  alias: 'l', table: 'order_lines',
  sortKeys: { createdAt: sql`l.created_at`, title: sql`l.title`, total: sql`l.total` },
  // Newest positions first: what was just ordered is what one looks for.
  defaultSort: { code: 'createdAt', orderBy: 'desc' },
};

const isLineStatus = isOneOf(ORDER_LINE_STATUSES);
const isProductType = isOneOf(PRODUCT_TYPES);

/** Statuses are alternatives and so are product types; the two groups and the search narrow each other. */
function conditionsOf(form: OrderLineListForm): SQL[] {
  const filters = form.filters ?? [];
  const statuses = filters.filter(isLineStatus);
  const types = filters.filter(isProductType);
  const search = trimmedSearch(form.search);
  const where: SQL[] = [];
  if (statuses.length > 0) where.push(sql`l.status in ${valueList(statuses)}`);
  if (types.length > 0) where.push(sql`l.product_type in ${valueList(types)}`);
  if (search !== '') {
    where.push(sql`(${contains(sql`l.title`, search)}
      or exists (select 1 from orders n where n.id = l.order_id and ${contains(sql`n.number`, search)}))`);
  }
  return where;
}

/**
 * Order lines of every client the user is a member of. Without a search the count is a sum over
 * `order_line_counts` (a few rows per client, kept by triggers); with one it counts matches up to SEARCH_COUNT_CAP,
 * a bounded walk of the client's lines. Either stops at MAX_LIST_DEPTH, the rows the list can page to.
 */
export async function countOrderLines(db: Db, userId: number, form: OrderLineListForm): Promise<number> {
  if (trimmedSearch(form.search) !== '') {
    const where = [sql`l.client_id in ${memberClients(userId)}`, ...conditionsOf(form)];
    return cappedCount(db, sql`select 1 from order_lines l where ${sql.join(where, sql` and `)}`);
  }
  const filters = form.filters ?? [];
  const statuses = filters.filter(isLineStatus);
  const types = filters.filter(isProductType);
  const where = [sql`client_id in ${memberClients(userId)}`];
  if (statuses.length > 0) where.push(sql`status in ${valueList(statuses)}`);
  if (types.length > 0) where.push(sql`product_type in ${valueList(types)}`);
  const [row] = await db.select({ count: sql<number>`coalesce(sum(lines), 0)::int` }).from(sql`order_line_counts`)
    .where(sql.join(where, sql` and `));
  // The list announces only the pages it can serve (pageWindow refuses deeper ones).
  return Math.min(row?.count ?? 0, MAX_LIST_DEPTH);
}

/**
 * One page of positions: ids from the (client_id, created_at, id) index, one range per client merged in order,
 * then only the page's lines are read with their order's number and client's name.
 */
export async function listOrderLines(db: Db, userId: number, form: OrderLinePageForm): Promise<OrderLineListItem[]> {
  const page = await keyedPage(db, userId, LIST, form, (clientIds) => rangesByClient(LIST, clientIds, conditionsOf(form)));
  if (!page) return [];
  const rows = await db.select({
    id: sql<number>`l.id`, projectId: sql<number | null>`l.project_id`, title: sql<string>`l.title`,
    productType: sql<ProductType>`l.product_type`, quantity: sql<number>`l.quantity`, unitPrice: sql<number>`l.unit_price::float8`,
    total: sql<number>`l.total::float8`, days: sql<number>`l.days`, status: sql<OrderLineStatus>`l.status`,
    hasFiles: sql<boolean>`exists (select 1 from project_versions v join board_upload_files f on f.upload_id = v.upload_id where v.id = l.version_id)`,
    orderId: sql<number>`l.order_id`, orderNumber: sql<string>`o.number`, clientName: sql<string>`c.name`, createdAt: isoOf(sql`l.created_at`),
  }).from(sql`(${page.keys}) k join order_lines l on l.id = k.id join orders o on o.id = l.order_id
    join clients c on c.id = l.client_id`).orderBy(page.order);
  return rows.map(({ hasFiles, ...row }) => ({ ...row, filesUrl: hasFiles ? orderLineFilesUrl(row.orderId, row.id) : null }));
}
