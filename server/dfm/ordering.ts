import { eq } from 'drizzle-orm';
import type { BoardAnalysis } from '../../src/contract/board-files';
import type { ProjectParams } from '../../src/contract/board';
import type { DfmFinding, DfmReviewReason, DfmRule } from '../../src/contract/dfm';
import { blockingFinding, findingsOf } from '../../src/contract/dfm-findings';
import { holdUpload, holdVersionUpload } from '../board-files/frozen';
import type { Db } from '../db/connect';
import { boardUploads, projectVersions } from '../db/schema-business';
import type { ProjectRow } from '../projects/access';
import { ApiError } from '../http/errors';
import { translate, type Lang, type MessageKey } from '../http/messages';
import { paramsOf } from '../projects/view';
import { activeCapabilities } from './load';

const ruleKey = (rule: DfmRule): MessageKey => `dfmRule${rule.charAt(0).toUpperCase()}${rule.slice(1)}` as MessageKey;

/** Where the answer points the caller: AddProject's project, a kit's id, the checkout's lines. */
export interface DfmRefusalPlace { field: string; kind: 'project' | 'kit' | 'line' }

const PROJECT: DfmRefusalPlace = { field: 'projectId', kind: 'project' };

/**
 * What stands between a board and its order as it is: the error that blocks it; 'running' while its DFM is still
 * being measured (it comes seconds after the pictures and the price) or its files are being processed again;
 * 'unchecked' when its files were not measured whole (the DFM failed, or was cut short by its time budget with no
 * error found), which an engineer must then do; 'layersCorrected' when the customer's layer corrections changed what
 * DFM measured (issue 29), so its result is the customer's word; null when nothing does, or the table blocks nothing.
 * A project without files, or analysed before DFM existed, is held to its parameters alone. The upload is locked
 * against SetLayers for the rest of the caller's transaction (server/board-files/frozen.ts).
 */
export type DfmBlocking = DfmFinding | 'running' | 'unchecked' | DfmReviewReason | null;

interface JudgedUpload { analysis: BoardAnalysis | null; dfmReviewReason: DfmReviewReason | null }

const JUDGED = { analysis: boardUploads.analysis, dfmReviewReason: boardUploads.dfmReviewReason };

export async function blockingOf(db: Db, project: ProjectRow): Promise<DfmBlocking> {
  if (await holdVersionUpload(db, project.currentVersionId)) return 'running';
  if (activeCapabilities().blocksOrdering !== true) return null;
  const [version] = project.currentVersionId === null ? [] : await db.select(JUDGED)
    .from(projectVersions).leftJoin(boardUploads, eq(boardUploads.id, projectVersions.uploadId))
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

/** The layers DFM must read whole: one of them refused (its geometry out of range) or unreadable leaves the board unmeasured. */
const MEASURED_TYPES: ReadonlySet<string> = new Set(['copper', 'drill', 'outline']);
const hasUnreadLayer = (analysis: BoardAnalysis): boolean =>
  analysis.files.some((file) => !file.hidden && file.error !== null && file.error !== 'unknownType' && MEASURED_TYPES.has(file.type ?? ''));

function blockingOfUploadRow(upload: JudgedUpload | null, params: ProjectParams): DfmBlocking {
  const analysis = upload?.analysis ?? null;
  if (analysis?.dfmStatus === 'running') return 'running';
  if (analysis?.dfmStatus === 'failed' || (analysis && hasUnreadLayer(analysis))) return 'unchecked';
  const blocking = blockingFinding(findingsOf(analysis?.dfm ?? null, activeCapabilities(), params));
  if (blocking) return blocking;
  if (analysis?.dfm?.cutShort === true) return 'unchecked';
  return upload?.dfmReviewReason ?? null;
}

/**
 * Where the capability table says so (`blocksOrdering`), a project whose findings for its own parameters include an
 * error cannot be ordered as it is (issue 21): 400 `dfm.<rule>` naming the rule, the value and the limit (and the
 * project, where the call names several). The ways out are the finding's cure (a finer class, priced), other files,
 * or `review`: the customer acknowledges the errors and the order is placed held for an engineer's review. Answers
 * whether the project goes for that review (acknowledged and blocked; a clean project never does). A project whose
 * DFM is still running is 409 even with `review`: a refusal cannot be judged yet, and letting it through would skip
 * the rule. A board whose files could not be measured whole goes for the review without a refusal: the customer did
 * nothing wrong, and the findings panel has told them an engineer will check the files. So does a board whose layers
 * the customer corrected in a way DFM measures differently (issue 29): the layer table told them so.
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
  const params = { rule: translate(lang, ruleKey(blocking.rule)), value: blocking.valueMm, limit: blocking.limitMm, title: project.title };
  const key: MessageKey = place.kind === 'project' ? 'dfmOrderBlocked' : place.kind === 'kit' ? 'dfmKitBlocked' : 'dfmLineBlocked';
  throw new ApiError(400, key, params, { field: place.field, code: `dfm.${blocking.rule}` });
}
