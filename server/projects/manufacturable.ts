import { eq } from 'drizzle-orm';
import type { BoardAnalysis } from '../../src/contract/board-files';
import type { ProjectParams } from '../../src/contract/board';
import type { DfmReviewReason } from '../../src/contract/dfm';
import { blockingOfAnalysis, type DfmBlocking } from '../../src/contract/dfm-verdict';
import { holdUpload } from '../board-jobs/frozen';
import { analysisOnShow } from '../board-jobs/store';
import type { Db } from '../db/connect';
import { boardUploads } from '../board-jobs/schema';
import { projectVersions, versionUpload } from './schema';
import type { ProjectRow } from './access';
import { ApiError } from '../http/errors';
import type { Lang, MessageKey } from '../http/messages';
import { paramsOf } from './view';
import { findingWords, wayOutWords } from '../dfm/finding-words';
import { activeCapabilities } from '../board-jobs/capability-table';
import { holdVersionUpload } from './version-upload';

/** Where the answer points the caller: AddProject's project, a kit's id, the checkout's lines. */
export interface DfmRefusalPlace { field: string; kind: 'project' | 'kit' | 'line' }

const PROJECT: DfmRefusalPlace = { field: 'projectId', kind: 'project' };

/**
 * What stands between a board and its order as it is (`blockingOfAnalysis`, shared with the app, which says it
 * before any button that orders): also 'running' while its files are being processed again; null when the table
 * blocks nothing. The upload is locked against SetLayers for the rest of the caller's transaction
 * (server/board-jobs/frozen.ts, server/projects/version-upload.ts).
 */
export type { DfmBlocking };

interface JudgedUpload { analysis: BoardAnalysis | null; dfmReviewReason: DfmReviewReason | null }

const JUDGED = { analysis: boardUploads.analysis, dfmReviewReason: boardUploads.dfmReviewReason };

export async function blockingOf(db: Db, project: ProjectRow): Promise<DfmBlocking> {
  if (await holdVersionUpload(db, project.currentVersionId)) return 'running';
  if (activeCapabilities().blocksOrdering !== true) return null;
  const [version] = project.currentVersionId === null ? [] : await db.select(JUDGED)
    .from(projectVersions).leftJoin(boardUploads, versionUpload)
    .where(eq(projectVersions.id, project.currentVersionId));
  return blockingOfUploadRow(version ?? null, paramsOf(project));
}

/** As `blockingOf`, for an upload judged with the parameters it is ordered with (files attached to an order line). */
export async function blockingOfUpload(db: Db, uploadId: string, params: ProjectParams): Promise<DfmBlocking> {
  if (await holdUpload(db, uploadId)) return 'running';
  if (activeCapabilities().blocksOrdering !== true) return null;
  const [upload] = await db.select(JUDGED).from(boardUploads).where(eq(boardUploads.id, uploadId));
  return blockingOfUploadRow(upload ?? null, params);
}

/** The review reason is kept on the upload's row, beside the analysis. */
function blockingOfUploadRow(upload: JudgedUpload | null, params: ProjectParams): DfmBlocking {
  const reason = upload?.dfmReviewReason ?? null;
  return blockingOfAnalysis(analysisOnShow(upload?.analysis ?? null, reason), activeCapabilities(), params) ?? reason;
}

/**
 * Where the capability table says so (`blocksOrdering`), a project whose findings for its own parameters include an
 * error cannot be ordered as it is: 400 `dfm.<rule>` saying the finding as an engineer would (and naming the project,
 * where the call names several). The ways out are the finding's cure (a finer class, priced; the refusal names it only
 * where there is one), other files, or `review`: the customer acknowledges the errors and the order is placed held for
 * an engineer's review. Answers whether the project goes for that review (acknowledged and blocked; a clean project
 * never does). A project whose DFM is still running is 409 even with `review`: a refusal cannot be judged yet, and
 * letting it through would skip the rule. A board whose files could not be measured whole goes for the review without
 * a refusal: the customer did nothing wrong, and the findings panel has told them an engineer will check the files. So
 * does a board whose layers the customer corrected in a way DFM measures differently: the layer table told them so.
 */
export async function requireManufacturable(
  db: Db, project: ProjectRow, lang: Lang, review = false, place: DfmRefusalPlace = PROJECT,
): Promise<boolean> {
  const blocking = await blockingOf(db, project);
  if (blocking === 'running') {
    throw new ApiError(409, 'dfmStillRunning', {}, { field: place.field, code: 'dfm.running' });
  }
  if (blocking === null) return false;
  if (review || blocking === 'unchecked' || blocking === 'layersCorrected') return true;
  const key: MessageKey = place.kind === 'project' ? 'dfmOrderBlocked' : place.kind === 'kit' ? 'dfmKitBlocked' : 'dfmLineBlocked';
  const way = place.kind === 'line' ? '' : wayOutWords(lang, blocking, place.kind);
  throw new ApiError(400, key, { finding: findingWords(lang, blocking), way, title: project.title }, { field: place.field, code: `dfm.${blocking.rule}` });
}
