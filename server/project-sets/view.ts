import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { PROJECT_STATUSES, type ProjectStatus } from '../../src/contract/projects';
import type { ProjectSet, ProjectSetSummary } from '../../src/contract/project-sets';
import type { Db } from '../db/connect';
import { boardUploads } from '../board-jobs/schema';
import { clients } from '../db/schema';
import { currentVersion, projects, projectVersions, versionUpload } from '../projects/schema';
import { projectSetItems, projectSets } from './schema';
import { previewUrlOf } from '../projects/view';

/**
 * A project's price is its quote for the project's own quantity, so an item of another quantity is estimated
 * pro rata (the price table has quantity breaks, so the cart's price may differ). Rounded to kopecks per item, so
 * a set's total is exactly the sum of the prices its items show.
 */
const itemPrice = sql<number | null>`round(${projects.price} * ${projectSetItems.quantity} / nullif(${projects.quantity}, 0), 2)`;

interface Totals { projectCount: number; total: number | null }

/** Item count and total per set, one grouped query for a whole page; an empty set totals 0. */
async function totalsOf(db: Db, setIds: number[]): Promise<Map<number, Totals>> {
  if (setIds.length === 0) return new Map();
  const rows = await db.select({
    setId: projectSetItems.setId,
    projectCount: count(),
    // One unpriced project makes the whole total unknown ('Оценка'), never a misleadingly low sum.
    total: sql<number | null>`case when bool_and(${itemPrice} is not null) then sum(${itemPrice}) end`.mapWith(Number),
  }).from(projectSetItems)
    .innerJoin(projects, eq(projects.id, projectSetItems.projectId))
    .where(inArray(projectSetItems.setId, setIds))
    .groupBy(projectSetItems.setId);
  return new Map(rows.map(({ setId, ...totals }) => [setId, totals]));
}

export const summaryColumns = {
  id: projectSets.id,
  kind: projectSets.kind,
  name: projectSets.name,
  clientId: projectSets.clientId,
  clientName: clients.name,
  createdAt: projectSets.createdAt,
  updatedAt: projectSets.updatedAt,
};

export function selectSummaries(db: Db) {
  return db.select(summaryColumns).from(projectSets).innerJoin(clients, eq(clients.id, projectSets.clientId)).$dynamic();
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

/** The page's rows with their counts and totals. */
export async function summariesToWire(db: Db, rows: SummaryRow[]): Promise<ProjectSetSummary[]> {
  const totals = await totalsOf(db, rows.map((row) => row.id));
  return rows.map((row) => ({
    ...row,
    ...(totals.get(row.id) ?? { projectCount: 0, total: 0 }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

const statusOf = (value: string): ProjectStatus => PROJECT_STATUSES.find((status) => status === value) ?? 'draft';

/** The whole set as Get and every changing call answer it; items in the order they were put in. */
export async function projectSetToWire(db: Db, setId: number): Promise<ProjectSet> {
  const [[row], items] = await Promise.all([
    selectSummaries(db).where(eq(projectSets.id, setId)),
    db.select({
      projectId: projects.id,
      title: projects.title,
      productType: projects.productType,
      status: projects.status,
      quantity: projectSetItems.quantity,
      price: itemPrice.mapWith(Number),
      uploadId: projectVersions.uploadId,
      uploadStatus: boardUploads.status,
    }).from(projectSetItems)
      .innerJoin(projects, eq(projects.id, projectSetItems.projectId))
      .leftJoin(projectVersions, currentVersion)
      .leftJoin(boardUploads, versionUpload)
      .where(eq(projectSetItems.setId, setId))
      .orderBy(asc(projectSetItems.addedAt), asc(projectSetItems.projectId)),
  ]);
  if (!row) throw new Error(`project set ${setId} vanished`);
  const [summary] = await summariesToWire(db, [row]);
  if (!summary) throw new Error(`project set ${setId} has no summary`);
  return {
    ...summary,
    items: items.map(({ uploadId, uploadStatus, status, ...item }) => ({
      ...item, status: statusOf(status), previewUrl: previewUrlOf(uploadId ?? null, uploadStatus ?? null),
    })),
  };
}
