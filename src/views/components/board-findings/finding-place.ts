import type { BoardAnalysis } from '../../../contract/board-files';
import type { BoardDfm, DfmFinding } from '../../../contract/dfm';

export type PictureSide = 'top' | 'bottom';
/** [minX, minY, maxX, maxY] in mm: the extent both pictures show. */
export type PictureBox = NonNullable<BoardDfm['pictureBoxMm']>;

/** A point of a side's picture as fractions of its width and height, from its top left corner. */
export interface PicturePoint { left: number; top: number }

/**
 * Where a board point (mm, the files' coordinates, y up) falls on a side's picture. pcb-stackup draws both sides
 * in the same box with y flipped (pictures have y down), and mirrors the bottom in x: seen from below, the board's
 * left edge is on the right.
 */
export function placeOnPicture(at: { x: number; y: number }, box: PictureBox, side: PictureSide): PicturePoint | null {
  const [minX, minY, maxX, maxY] = box;
  const width = maxX - minX;
  const height = maxY - minY;
  if (!(width > 0) || !(height > 0)) return null;
  const across = (at.x - minX) / width;
  return { left: side === 'top' ? across : 1 - across, top: (maxY - at.y) / height };
}

/** The side a finding is seen on: the bottom layers' from below, every other (top, inner, drills, the edge) from above. */
export function sideOfFinding(finding: Pick<DfmFinding, 'fileId'>, analysis: Pick<BoardAnalysis, 'files'>): PictureSide {
  const file = finding.fileId === null ? undefined : analysis.files.find((candidate) => candidate.id === finding.fileId);
  return file?.side === 'bottom' ? 'bottom' : 'top';
}

const SEVERITY_ORDER: Record<DfmFinding['severity'], number> = { error: 0, warning: 1, notice: 2 };

/** Errors before warnings, the worst first within each rule's kind (furthest below its limit, relatively). */
export function orderFindings(findings: readonly DfmFinding[]): DfmFinding[] {
  // Relative to the limit; against a limit of 0 (silk onto a pad), by how much.
  const shortfall = (finding: DfmFinding) => Math.abs(finding.limitMm - finding.valueMm) / (finding.limitMm > 0 ? finding.limitMm : 1);
  return [...findings].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || shortfall(b) - shortfall(a));
}

/** How far the picture is enlarged around a finding: a window about 12 mm across, between 2× and 10×. */
export function zoomFor(box: PictureBox): number {
  const shorter = Math.min(box[2] - box[0], box[3] - box[1]);
  return Math.min(10, Math.max(2, shorter / 12));
}

/** A marker on the picture: one finding, or several so close their markers would cover each other. */
export interface MarkerGroup {
  /** The findings' numbers, the first (the worst) leading: the group sits at its place. */
  numbers: number[];
  left: number;
  top: number;
}

/**
 * Groups markers that would overlap: each joins the first group whose leading marker lies within `reach` (a
 * marker's size as fractions of the picture's width and height) of it, else leads a group of its own. A copper
 * pour along the edge gives dozens of findings a few pixels apart; drawn one by one they were an unreadable pile.
 */
export function groupMarkers(markers: ReadonlyArray<{ number: number } & PicturePoint>, reach: { x: number; y: number }): MarkerGroup[] {
  const groups: MarkerGroup[] = [];
  for (const marker of [...markers].sort((a, b) => a.number - b.number)) {
    const near = reach.x > 0 && reach.y > 0
      ? groups.find((group) => ((group.left - marker.left) / reach.x) ** 2 + ((group.top - marker.top) / reach.y) ** 2 < 1)
      : undefined;
    // A folded line has a marker at each of its places: one number, however many of them lie together.
    if (near) {
      if (!near.numbers.includes(marker.number)) near.numbers.push(marker.number);
    }
    else groups.push({ numbers: [marker.number], left: marker.left, top: marker.top });
  }
  return groups;
}
