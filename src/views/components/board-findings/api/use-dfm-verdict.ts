import type { ProjectParams } from '../../../../contract/board';
import type { BoardAnalysis } from '../../../../contract/board-files';
import { classesChosenFromFiles, type ChosenClass } from '../../../../contract/dfm-classes';
import { findingsOf } from '../../../../contract/dfm-findings';
import { dfmVerdictOf, unmeasuredVerdict, type DfmVerdict } from '../../../../contract/dfm-verdict';
import { useCapabilities } from './get-capabilities';
import { useAnalysisDfm } from './use-analysis-dfm';

export interface DfmVerdictView {
  verdict: DfmVerdict;
  /** The classes the files chose, finer than the coarsest (said with the price they add). */
  chosen: ChosenClass[];
  /** Findings the fab fixes in preparation at no charge. */
  notices: number;
}

/**
 * What stands before ordering this board with these parameters: the verdict the gateway will reach at the
 * cart (`dfmVerdictOf`, shared), worked out here to be said before any button that orders. Waits for a DFM still
 * measured; null without files, or while the capability table is on its way.
 */
export function useDfmVerdict(stored: BoardAnalysis | null, params: ProjectParams | null): DfmVerdictView | null {
  const { analysis } = useAnalysisDfm(stored);
  // Files analysed before DFM existed (and not found wanting otherwise) have nothing to judge: no table is asked for.
  const judged = analysis !== null && params !== null
    && (analysis.dfm !== undefined || analysis.dfmStatus === 'failed' || analysis.dfmReviewReason !== undefined);
  const table = useCapabilities(judged).data;
  if (!analysis || !params) return null;
  if (analysis.dfmStatus === 'running') return { verdict: { kind: 'running' }, chosen: [], notices: 0 };
  const unmeasured = unmeasuredVerdict(analysis, params);
  if (!judged && unmeasured) return { verdict: unmeasured, chosen: [], notices: 0 };
  if (!judged || !table) return null;
  const findings = findingsOf(analysis.dfm, table, params);
  return {
    verdict: dfmVerdictOf(analysis, table, params),
    chosen: classesChosenFromFiles(analysis.dfm, table, params),
    notices: findings.filter((finding) => finding.severity === 'notice').length,
  };
}
