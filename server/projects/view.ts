import { asc, eq, sql } from 'drizzle-orm';
import { defaultParams, type ProjectParams } from '../../src/contract/board';
import {
  editsProjects, PROJECT_STATUSES, type Project, type ProjectStatus, type ProjectSummary, type ProjectVersion,
} from '../../src/contract/projects';
import { dfmVerdictOf, verdictKindOf, type JudgedAnalysis } from '../../src/contract/dfm-verdict';
import { analysisOnShow } from '../board-jobs/store';
import type { Db } from '../db/connect';
import { boardUploads } from '../board-jobs/schema';
import { clients } from '../db/schema';
import { currentVersion, projects, projectVersions, versionUpload } from './schema';
import { activeCapabilities } from '../board-jobs/capability-table';

/**
 * One row per project with everything its list line needs: the client's name and the current version with its
 * upload are single-row joins, so a page of the list is one query.
 */
const summaryColumns = {
  id: projects.id,
  title: projects.title,
  status: projects.status,
  productType: projects.productType,
  isFavorite: projects.isFavorite,
  clientId: projects.clientId,
  clientName: clients.name,
  quantity: projects.quantity,
  price: projects.price,
  params: projects.params,
  versionNumber: projectVersions.number,
  uploadId: projectVersions.uploadId,
  uploadStatus: boardUploads.status,
  // What the verdict before ordering reads of a processed upload's analysis (its pictures and layers' details are not).
  judged: sql<JudgedAnalysis | null>`case when ${boardUploads.status} = 'done' and ${boardUploads.analysis} is not null then
    jsonb_build_object('files', coalesce(${boardUploads.analysis}->'files', '[]'::jsonb), 'measurements', ${boardUploads.analysis}->'measurements',
      'dfm', ${boardUploads.analysis}->'dfm', 'dfmStatus', ${boardUploads.analysis}->'dfmStatus',
      'dfmReviewReason', to_jsonb(${boardUploads.dfmReviewReason})) end`,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
};

export function selectSummaries(db: Db) {
  return db.select(summaryColumns).from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .leftJoin(projectVersions, currentVersion)
    .leftJoin(boardUploads, versionUpload)
    .$dynamic();
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

const statusOf = (value: string): ProjectStatus => PROJECT_STATUSES.find((status) => status === value) ?? 'draft';

/** The picture is served by the board files routes once the upload's processing is done. */
export const previewUrlOf = (uploadId: string | null, uploadStatus: string | null): string | null =>
  uploadId !== null && uploadStatus === 'done' ? `/files/boards/${uploadId}/top.svg` : null;

/** Projects kept before parameters were: the defaults of their type with their quantity, so every view has params. */
export const paramsOf = (row: { params: ProjectParams | null; productType: ProjectParams['productType']; quantity: number }): ProjectParams =>
  row.params ?? { ...defaultParams(row.productType), quantity: row.quantity };

/** A stencil's line shows the stencil's size; every other type shows one board's size and its layers. */
function sizeOf(params: ProjectParams | null): Pick<ProjectSummary, 'widthMm' | 'heightMm' | 'layers'> {
  if (!params) return { widthMm: null, heightMm: null, layers: null };
  if (params.productType === 'stencil' && params.stencil) {
    return { widthMm: params.stencil.widthMm, heightMm: params.stencil.heightMm, layers: null };
  }
  return { widthMm: params.board.widthMm, heightMm: params.board.heightMm, layers: params.board.layers };
}

export function summaryToWire(row: SummaryRow): ProjectSummary {
  return {
    id: row.id,
    title: row.title,
    status: statusOf(row.status),
    productType: row.productType,
    isFavorite: row.isFavorite,
    clientId: row.clientId,
    clientName: row.clientName,
    quantity: row.quantity,
    price: row.price,
    ...sizeOf(row.params),
    versionNumber: row.versionNumber ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    previewUrl: previewUrlOf(row.uploadId, row.uploadStatus),
    dfmVerdict: verdictKindOf(dfmVerdictOf(row.judged, activeCapabilities(), paramsOf(row))),
  };
}

/** Versions oldest first; the file count is read from the upload's analysis without fetching the analysis. */
async function versionsOf(db: Db, projectId: number): Promise<ProjectVersion[]> {
  const rows = await db.select({
    id: projectVersions.id,
    number: projectVersions.number,
    createdAt: projectVersions.createdAt,
    uploadId: projectVersions.uploadId,
    archiveName: boardUploads.archiveName,
    boardName: sql<string | null>`${boardUploads.analysis}->>'boardName'`,
    fileCount: sql`coalesce(jsonb_array_length(${boardUploads.analysis}->'files'), 0)`.mapWith(Number),
  }).from(projectVersions)
    .leftJoin(boardUploads, versionUpload)
    .where(eq(projectVersions.projectId, projectId))
    .orderBy(asc(projectVersions.number));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), archiveName: row.archiveName ?? null, boardName: row.boardName ?? null }));
}

/** The whole project as Get and every changing call answer it; `role` is the caller's role in its client. */
export async function projectToWire(db: Db, projectId: number, role: number): Promise<Project> {
  const [[row], versions] = await Promise.all([
    db.select({ ...summaryColumns, quote: projects.quote, versionId: projects.currentVersionId, analysis: boardUploads.analysis,
      dfmReviewReason: boardUploads.dfmReviewReason })
      .from(projects)
      .innerJoin(clients, eq(clients.id, projects.clientId))
      .leftJoin(projectVersions, currentVersion)
      .leftJoin(boardUploads, versionUpload)
      .where(eq(projects.id, projectId)),
    versionsOf(db, projectId),
  ]);
  if (!row) throw new Error(`project ${projectId} vanished`);
  const summary = summaryToWire(row);
  return {
    ...summary,
    params: paramsOf(row),
    quote: row.quote ?? null,
    versionId: row.versionId ?? 0,
    versions,
    analysis: row.uploadStatus === 'done' ? analysisOnShow(row.analysis ?? null, row.dfmReviewReason ?? null) : null,
    isEditable: editsProjects(role) && summary.status !== 'archive',
  };
}
