import type { ProjectParams } from './board';
import type { BoardAnalysis, BoardFile } from './board-files';
import { isPricedFromFiles } from './board-measured';
import type { CapabilityTable, DfmFinding, DfmReviewReason, DfmVerdictKind } from './dfm';
import { blockingFinding, findingsOf } from './dfm-findings';

/**
 * What stands between a board and its order as it is, worked out once for the gateway, which
 * refuses or marks the cart line, and for the app, which says it before any button that orders.
 */

/** What of an analysis the judgement reads (the project list reads no more of it). */
export type JudgedAnalysis = Pick<BoardAnalysis, 'measurements' | 'dfm' | 'dfmStatus' | 'dfmReviewReason'> & {
  files: ReadonlyArray<Pick<BoardFile, 'hidden' | 'error' | 'type'>>;
};

/**
 * The error that blocks it; 'running' while its DFM is measured; 'unchecked' when its files were not measured whole
 * (the DFM failed, was cut short with no error found, or a copper, drill or outline layer could not be read); the
 * review reason kept on the upload; null when nothing does. Judged whatever `blocksOrdering` says: the
 * caller decides what a table that blocks nothing makes of it.
 */
export type DfmBlocking = DfmFinding | 'running' | 'unchecked' | DfmReviewReason | null;

/** The layers DFM must read whole: one of them refused (its geometry out of range) or unreadable leaves the board unmeasured. */
const MEASURED_TYPES: ReadonlySet<string> = new Set(['copper', 'drill', 'outline']);
const hasUnreadLayer = (analysis: JudgedAnalysis): boolean =>
  analysis.files.some((file) => !file.hidden && file.error !== null && file.error !== 'unknownType' && MEASURED_TYPES.has(file.type ?? ''));

/** A project without files, or analysed before DFM existed, is held to its parameters alone. */
export function blockingOfAnalysis(analysis: JudgedAnalysis | null, table: CapabilityTable, params: ProjectParams): DfmBlocking {
  if (analysis?.dfmStatus === 'running') return 'running';
  if (analysis?.dfmStatus === 'failed' || (analysis && hasUnreadLayer(analysis))) return 'unchecked';
  const blocking = blockingFinding(findingsOf(analysis?.dfm ?? null, table, params));
  if (blocking) return blocking;
  if (analysis?.dfm?.cutShort === true) return 'unchecked';
  return analysis?.dfmReviewReason ?? null;
}

/** Why a board goes for an engineer's review: a finding no option cures, files not measured whole or at all, layers corrected. */
export type DfmReviewCause = 'finding' | 'unchecked' | 'unmeasured' | DfmReviewReason;

export type DfmVerdict =
  | { kind: 'clear' }
  | { kind: 'running' }
  /** Refused as it is: an option cures it (a finer class, the edge connector) and is not chosen. */
  | { kind: 'option'; finding: DfmFinding }
  /** Ordered only with an engineer's review (refused as it is, then added for the review, where `finding` is set). */
  | { kind: 'review'; cause: DfmReviewCause; finding: DfmFinding | null };

/** Files that could not be measured are priced from the declared values and checked by an engineer, whatever the table. */
export function unmeasuredVerdict(analysis: JudgedAnalysis | null, params: ProjectParams): DfmVerdict | null {
  return analysis && analysis.measurements === null && isPricedFromFiles(params.productType) ? { kind: 'review', cause: 'unmeasured', finding: null } : null;
}

/**
 * The verdict before ordering: files that could not be measured go for review whatever the table (the price is the
 * files'); under a table that blocks ordering, what `blockingOfAnalysis` finds.
 */
export function dfmVerdictOf(analysis: JudgedAnalysis | null, table: CapabilityTable, params: ProjectParams): DfmVerdict {
  const unmeasured = unmeasuredVerdict(analysis, params);
  if (unmeasured) return unmeasured;
  if (table.blocksOrdering !== true) return { kind: 'clear' };
  const blocking = blockingOfAnalysis(analysis, table, params);
  if (blocking === null) return { kind: 'clear' };
  if (blocking === 'running') return { kind: 'running' };
  if (typeof blocking === 'string') return { kind: 'review', cause: blocking, finding: null };
  if (blocking.cure) return { kind: 'option', finding: blocking };
  return { kind: 'review', cause: 'finding', finding: blocking };
}

/** The verdict as the project list carries it; null when nothing stands before ordering. */
export const verdictKindOf = (verdict: DfmVerdict): DfmVerdictKind | null => (verdict.kind === 'clear' ? null : verdict.kind);
