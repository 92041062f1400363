import { eq } from 'drizzle-orm';
import type { ProjectParams } from '../../src/contract/board';
import type { BoardAnalysis, BoardMeasurements } from '../../src/contract/board-files';
import { filesProblems, isPricedFromFiles, measuredBoardOf, type FilesProblem } from '../../src/contract/board-measured';
import type { Db } from '../db/connect';
import { boardUploads } from '../board-jobs/schema';
import { projectVersions, versionUpload } from './schema';
import { ApiError } from '../http/errors';
import { formatNumberIn } from '../../src/contract/number-format';
import { translate, type Lang, type MessageKey } from '../http/messages';
import type { ProjectRow } from './access';
import { paramsOf } from './view';

/**
 * The price is the files' price: a project with measured files is priced from parameters held to what
 * the files measure (src/contract/board-measured.ts). Every place a price is made (Create, Update, a quote's claim)
 * refuses parameters below the files; every place an order is made of a project (the cart, a kit, the checkout)
 * refuses a project saved before the rule with such parameters, and sends one whose files were never measured to an
 * engineer's review.
 */

const TEXTS: Record<FilesProblem['code'], MessageKey> = {
  sizeBelowFiles: 'filesSizeLarger', layersBelowFiles: 'filesLayersMore', holeAboveFiles: 'filesHoleSmaller',
};

const mm = (lang: Lang, value: number) => formatNumberIn(lang, value);

/** The analysis the upload holds now; null without files or before any. */
export async function analysisOfUpload(db: Db, uploadId: string | null): Promise<BoardAnalysis | null> {
  if (uploadId === null) return null;
  const [row] = await db.select({ analysis: boardUploads.analysis }).from(boardUploads).where(eq(boardUploads.id, uploadId));
  return row?.analysis ?? null;
}

/** The problem's text with what the files measure, in the caller's language. */
function reasonOf(problem: FilesProblem, m: BoardMeasurements, params: ProjectParams, lang: Lang): { key: MessageKey; params: Record<string, string> } {
  const measured = measuredBoardOf(m, params);
  return {
    key: TEXTS[problem.code],
    params: {
      width: mm(lang, measured.widthMm), height: mm(lang, measured.heightMm),
      layers: String(measured.layers ?? params.board.layers), hole: mm(lang, measured.minHoleMm ?? params.board.minHoleMm),
    },
  };
}

/**
 * Create, Update and a quote's claim: 400 naming the first parameter below the files ('params.board.widthMm') with
 * what they measure, every one in `problems`. Files never measured leave the declared values standing.
 */
export function requireParamsCoverFiles(analysis: BoardAnalysis | null, params: ProjectParams, lang: Lang): void {
  const measurements = analysis?.measurements ?? null;
  const problems = filesProblems(measurements, params);
  const first = problems[0];
  if (!first || !measurements) return;
  const reason = reasonOf(first, measurements, params, lang);
  throw new ApiError(400, reason.key, reason.params, {
    field: `params.${first.field}`, code: first.code,
    data: { problems: problems.map((problem) => ({ field: `params.${problem.field}`, code: problem.code })) },
  });
}

/** Where an ordering call's refusal points: AddProject's project, a kit's id, the checkout's lines. */
export interface FilesRefusalPlace { field: string }

/**
 * The cart, a kit and the checkout: a project whose saved parameters are below its files (saved before the rule) is
 * refused, 400 naming it and what the files measure; it is ordered once saved again. Answers whether it goes for an
 * engineer's review: files that were never measured (their size, layers and holes unknown), so its declared price
 * is checked by a person before anything is made or invoiced.
 */
export async function requireProjectCoversFiles(db: Db, project: ProjectRow, lang: Lang, place: FilesRefusalPlace): Promise<boolean> {
  const params = paramsOf(project);
  if (project.currentVersionId === null || !isPricedFromFiles(params.productType)) return false;
  const [version] = await db.select({ uploadId: projectVersions.uploadId, analysis: boardUploads.analysis }).from(projectVersions)
    .leftJoin(boardUploads, versionUpload)
    .where(eq(projectVersions.id, project.currentVersionId));
  if (!version || version.uploadId === null) return false;
  const measurements = version.analysis?.measurements ?? null;
  if (!measurements) return true;
  const first = filesProblems(measurements, params)[0];
  if (!first) return false;
  const reason = reasonOf(first, measurements, params, lang);
  throw new ApiError(400, 'filesProjectBelow', { title: project.title, reason: translate(lang, reason.key, reason.params) }, {
    field: place.field, code: first.code,
  });
}

/**
 * Files attached to an order placed without them ('файлы пришлю позже'): the order was priced from the declared
 * values, so files that measure more, or were never measured, send the line to the engineer's review.
 */
export function filesExceedOrdered(analysis: BoardAnalysis | null, params: ProjectParams): boolean {
  if (!isPricedFromFiles(params.productType)) return false;
  const measurements = analysis?.measurements ?? null;
  return measurements === null || filesProblems(measurements, params).length > 0;
}
