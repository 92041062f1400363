import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { PRODUCT_TYPES, type ProductType } from '../../src/contract/board';
import { isOneOf } from '../../src/contract/fields';
import type { SortDirection } from '../../src/contract/list';
import { PROJECT_STATUSES, type ProjectStatus, type ProjectSummary } from '../../src/contract/projects';
import { memberClients } from '../client-access/membership';
import type { Db } from '../db/connect';
import { asDbId } from '../db/ids';
import { clients } from '../db/schema';
import { projects } from './schema';
import { contains, offsetOf, trimmedSearch } from '../lists/list-query';
import { selectSummaries, summaryToWire } from './view';

type FilterCode = ProjectStatus | ProductType | 'favorite';
type SortCode = 'activity' | 'createdAt' | 'title' | 'price';

interface ListForm {
  search?: string | undefined;
  filters?: FilterCode[] | undefined;
  /** One of the user's clients only; another client's id finds nothing, like any project outside the user's. */
  clientId?: number | undefined;
}

const isStatus = isOneOf(PROJECT_STATUSES);
const isProductType = isOneOf(PRODUCT_TYPES);

/** '123' and '#123' find project 123 (besides titles and client names containing the text). */
function idIn(search: string): number | null {
  const match = /^#?(\d{1,10})$/.exec(search);
  return match?.[1] === undefined ? null : asDbId(Number(match[1]));
}

/**
 * Projects of every client the user is a member of. Statuses are alternatives (OR) and so are product types;
 * the groups and the favourite flag narrow each other (AND). Search is a case-insensitive "contains" without
 * LIKE, so '%' and '_' are plain characters.
 */
function whereOf(userId: number, query: ListForm): SQL | undefined {
  const filters = query.filters ?? [];
  const statuses = filters.filter(isStatus);
  const types = filters.filter(isProductType);
  const search = trimmedSearch(query.search);
  const id = idIn(search);
  return and(
    inArray(projects.clientId, memberClients(userId)),
    query.clientId === undefined ? undefined : eq(projects.clientId, query.clientId),
    statuses.length === 0 ? undefined : inArray(projects.status, statuses),
    types.length === 0 ? undefined : inArray(projects.productType, types),
    filters.includes('favorite') ? eq(projects.isFavorite, true) : undefined,
    search === '' ? undefined : or(
      contains(projects.title, search),
      contains(clients.name, search),
      id === null ? undefined : eq(projects.id, id),
    ),
  );
}

export async function countProjects(db: Db, userId: number, query: ListForm): Promise<number> {
  const [row] = await db.select({ count: count() }).from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(whereOf(userId, query));
  return row?.count ?? 0;
}

/** Price sorts put projects without a price last either way: 'no price yet' is not cheaper or dearer. */
function orderOf(code: SortCode, orderBy: SortDirection): SQL[] {
  const direction = orderBy === 'asc' ? asc : desc;
  const tieBreak = direction(projects.id);
  switch (code) {
    case 'activity': return [direction(projects.updatedAt), tieBreak];
    case 'createdAt': return [direction(projects.createdAt), tieBreak];
    case 'title': return [direction(sql`lower(${projects.title})`), tieBreak];
    case 'price': return [orderBy === 'asc' ? sql`${projects.price} asc nulls last` : sql`${projects.price} desc nulls last`, tieBreak];
  }
}

/** Activity (the last change) descending unless a sort is chosen. */
export async function listProjects(db: Db, userId: number, query: ListForm & {
  pagination: { page: number; itemsOnPage: number };
  sort?: { code: SortCode; orderBy: SortDirection } | undefined;
}): Promise<ProjectSummary[]> {
  const sort = query.sort ?? { code: 'activity', orderBy: 'desc' };
  const rows = await selectSummaries(db)
    .where(whereOf(userId, query))
    .orderBy(...orderOf(sort.code, sort.orderBy))
    .limit(query.pagination.itemsOnPage)
    .offset(offsetOf(query.pagination));
  return rows.map(summaryToWire);
}
