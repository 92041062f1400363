import type { BoardAnalysis } from '../../../contract/board-files';
import type { DfmFinding } from '../../../contract/dfm';
import { orderFindings, sideOfFinding, type PictureSide } from './finding-place';

/** A finding as the list and the picture show it: numbered in list order (the marker carries the number), with its side. */
export interface ShownFinding {
  number: number;
  finding: DfmFinding;
  side: PictureSide;
}

export function shownFindings(findings: readonly DfmFinding[], analysis: Pick<BoardAnalysis, 'files'>): ShownFinding[] {
  return orderFindings(findings).map((finding, index) => ({ number: index + 1, finding, side: sideOfFinding(finding, analysis) }));
}
