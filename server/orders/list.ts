import { sql, type SQL } from 'drizzle-orm';
import type { LegalFormCode } from '../../src/contract/payers';
import { isOneOf } from '../../src/contract/fields';
import { legalName } from '../../src/contract/legal-name';
import { ORDER_STATUSES, type OrderStatus, type OrderSummary, type SystemHold } from '../../src/contract/orders';
import { memberClients } from '../client-access/membership';
import type { Db } from '../db/connect';
import type { Lang } from '../http/messages';
import { holdReasonIn } from './holds';
import { contains, trimmedSearch } from '../lists/list-query';
import { keyedPage, rangesByClient, type KeyedList } from '../lists/keyed-page';
import { cappedCount, combinations, isoOf, MAX_RANGES, valueList, type ListForm, type PageForm } from '../lists/paging';

type FilterCode = OrderStatus | 'favorite' | 'held';
type SortCode = 'createdAt' | 'number' | 'total' | 'statusChangedAt';

export type OrderListForm = ListForm<FilterCode>;
export type OrderPageForm = PageForm<FilterCode, SortCode>;

const LIST: KeyedList<SortCode> = {
  alias: 'o', table: 'orders',
  sortKeys: { createdAt: sql`o.created_at`, number: sql`o.number`, total: sql`o.total`, statusChangedAt: sql`o.status_changed_at` },
  // Orders are listed by creation, oldest first, unless a sort is chosen.
  defaultSort: { code: 'createdAt', orderBy: 'asc' },
};

const isStatus = isOneOf(ORDER_STATUSES);

/** Number, tracking number or the first line's title contain the text (case-insensitive, '%' and '_' plain). */
function searchOf(form: OrderListForm): SQL | undefined {
  const search = trimmedSearch(form.search);
  if (search === '') return undefined;
  return sql`(${contains(sql`o.number`, search)} or ${contains(sql`o.tracking_number`, search)} or ${contains(sql`o.first_line_title`, search)})`;
}

/** Favourite and held narrow the statuses (AND); statuses among themselves are alternatives (OR). */
function flagsOf(filters: readonly FilterCode[]): SQL[] {
  return [
    ...(filters.includes('favorite') ? [sql`o.is_favorite`] : []),
    ...(filters.includes('held') ? [sql`o.hold_reason is not null`] : []),
  ];
}

/**
 * Orders of every client the user is a member of. Without a search the count is a sum over `order_counts` (a few
 * rows per client, kept with every order change); with one it counts matches up to SEARCH_COUNT_CAP.
 */
export async function countOrders(db: Db, userId: number, form: OrderListForm): Promise<number> {
  const filters = form.filters ?? [];
  const statuses = filters.filter(isStatus);
  const search = searchOf(form);
  if (search) {
    const where = [sql`o.client_id in ${memberClients(userId)}`, ...flagsOf(filters), search];
    if (statuses.length > 0) where.push(sql`o.status in ${valueList(statuses)}`);
    return cappedCount(db, sql`select 1 from orders o where ${sql.join(where, sql` and `)}`);
  }
  const where = [sql`client_id in ${memberClients(userId)}`];
  if (statuses.length > 0) where.push(sql`status in ${valueList(statuses)}`);
  if (filters.includes('favorite')) where.push(sql`is_favorite`);
  if (filters.includes('held')) where.push(sql`held`);
  const [row] = await db.select({ count: sql<number>`coalesce(sum(orders), 0)::int` }).from(sql`order_counts`)
    .where(sql.join(where, sql` and `));
  return row?.count ?? 0;
}

/**
 * One page: the page's ids come from the orders indexes alone (one range per client, and per status when sorting by
 * creation, as the (client, status, created_at, id) index allows), then only those rows are read. Each summary
 * field is a column of `orders`, so no order line is touched.
 */
export async function listOrders(db: Db, userId: number, form: OrderPageForm, lang: Lang): Promise<OrderSummary[]> {
  const filters = form.filters ?? [];
  const statuses = filters.filter(isStatus);
  const common = [...flagsOf(filters), searchOf(form)].filter((part): part is SQL => part !== undefined);
  const rangesOf = (clientIds: readonly number[], sort: SortCode): SQL[][] => {
    if (sort === 'createdAt' && statuses.length > 0 && clientIds.length * statuses.length <= MAX_RANGES) {
      return combinations(clientIds, statuses).map(([clientId, status]) => [sql`o.client_id = ${clientId}`, sql`o.status = ${status}`, ...common]);
    }
    return rangesByClient(LIST, clientIds, statuses.length > 0 ? [...common, sql`o.status in ${valueList(statuses)}`] : common);
  };
  const page = await keyedPage(db, userId, LIST, form, rangesOf);
  if (!page) return [];
  const rows = await db
    .select({
      id: sql<number>`o.id`,
      number: sql<string>`o.number`,
      clientId: sql<number>`o.client_id`,
      clientName: sql<string>`c.name`,
      status: sql<OrderStatus>`o.status`,
      holdReason: sql<string | null>`o.hold_reason`,
      holdCode: sql<SystemHold | null>`o.hold_code`,
      isFavorite: sql<boolean>`o.is_favorite`,
      total: sql<number>`o.total::float8`,
      lineCount: sql<number>`o.line_count`,
      firstLineTitle: sql<string>`o.first_line_title`,
      payerName: sql<string>`coalesce(o.payer->>'name', c.full_name)`,
      payerForm: sql<LegalFormCode | null>`o.payer->>'legalForm'`,
      trackingNumber: sql<string | null>`o.tracking_number`,
      createdAt: isoOf(sql`o.created_at`),
      statusChangedAt: isoOf(sql`o.status_changed_at`),
    })
    .from(sql`(${page.keys}) k join orders o on o.id = k.id join clients c on c.id = o.client_id`)
    .orderBy(page.order);
  // The payer as every page prints it, with its legal form (one helper for the app and the gateway).
  // A system hold's reason in the reader's language.
  return rows.map(({ payerForm, holdCode, ...row }) => ({
    ...row, holdReason: holdReasonIn(lang, row.holdReason, holdCode), payerName: legalName({ legalForm: payerForm, name: row.payerName }),
  }));
}
