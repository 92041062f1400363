import type { BoardAnalysis } from '../../../contract/board-files';
import type { DfmFinding } from '../../../contract/dfm';
import { foldFindings } from '../../../contract/dfm-findings';
import { orderFindings, sideOfFinding, type PictureSide } from './finding-place';

/**
 * A line of the findings as the list and the picture show it: numbered in list order (its markers carry the number),
 * the worst of it leading, with its side. A line folds warnings or notices of one kind.
 */
export interface ShownFinding {
  number: number;
  finding: DfmFinding;
  /** Every finding of the line, the worst first: each has a marker on the picture. */
  all: DfmFinding[];
  side: PictureSide;
}

export function shownFindings(findings: readonly DfmFinding[], analysis: Pick<BoardAnalysis, 'files'>): ShownFinding[] {
  return foldFindings(orderFindings(findings)).map(({ finding, all }, index) => ({
    number: index + 1, finding, all, side: sideOfFinding(finding, analysis),
  }));
}
