import { and, count, inArray, sql, type SQL } from 'drizzle-orm';
import type { SortDirection } from '../../src/contract/list';
import type { ProjectSetKind, ProjectSetSummary } from '../../src/contract/project-sets';
import { memberClients } from '../client-access/membership';
import type { Db } from '../db/connect';
import { projectSets } from './schema';
import { pageWindow } from '../lists/paging';
import { contains, orderOf, trimmedSearch } from '../lists/list-query';
import { selectSummaries, summariesToWire } from './view';

type SortCode = 'updatedAt' | 'name' | 'createdAt';

interface ListForm {
  search?: string | undefined;
  filters?: ProjectSetKind[] | undefined;
}

/** Sets of every client the user is a member of; kinds are alternatives; search is a "contains" on the name. */
function whereOf(userId: number, query: ListForm): SQL | undefined {
  const kinds = query.filters ?? [];
  const search = trimmedSearch(query.search);
  return and(
    inArray(projectSets.clientId, memberClients(userId)),
    kinds.length === 0 ? undefined : inArray(projectSets.kind, kinds),
    search === '' ? undefined : contains(projectSets.name, search),
  );
}

export async function countProjectSets(db: Db, userId: number, query: ListForm): Promise<number> {
  const [row] = await db.select({ count: count() }).from(projectSets).where(whereOf(userId, query));
  return row?.count ?? 0;
}

const SORT_COLUMNS: Record<SortCode, SQL | typeof projectSets.updatedAt> = {
  updatedAt: projectSets.updatedAt,
  createdAt: projectSets.createdAt,
  name: sql`lower(${projectSets.name})`,
};

/** The last change first unless another sort is chosen; the id breaks ties so pages never overlap. */
export async function listProjectSets(db: Db, userId: number, query: ListForm & {
  pagination: { page: number; itemsOnPage: number };
  sort?: { code: SortCode; orderBy: SortDirection } | undefined;
}): Promise<ProjectSetSummary[]> {
  const window = pageWindow(query.pagination);
  const sort = query.sort ?? { code: 'updatedAt', orderBy: 'desc' };
  const rows = await selectSummaries(db)
    .where(whereOf(userId, query))
    .orderBy(...orderOf(SORT_COLUMNS[sort.code], projectSets.id, sort.orderBy))
    .limit(window.limit)
    .offset(window.offset);
  return summariesToWire(db, rows);
}
