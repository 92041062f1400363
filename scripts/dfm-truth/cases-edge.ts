import { Board, roundedRectangle } from './board';
import { circle, type Point } from './gerber-writer';
import type { TruthCase } from './truth';

/** Copper too near the board's edge where the edge is an arc. */

/**
 * A 30 × 20 mm board with 3 mm rounded corners (Edge.Cuts arcs) and a 1 mm test pad in the upper right corner whose
 * rim comes 0.15 mm from the arc, along the corner's diagonal (the standard class keeps copper 0.25 mm away).
 */
function arcedEdge(): TruthCase {
  const width = 30; const height = 20; const radius = 3; const clearance = 0.15; const padMm = 1;
  const board = roundedRectangle(new Board(2), width, height, radius).mountingHole(3.2, [4, 4], [width - 4, 4], [4, height - 4]);
  const centre: Point = [width - radius, height - radius];
  const diagonal = (distance: number): Point => [centre[0] + distance * Math.SQRT1_2, centre[1] + distance * Math.SQRT1_2];
  const pad = diagonal(radius - clearance - padMm / 2);
  board.top.pad(circle(padMm), pad, circle(padMm + 0.1)).track(0.25, pad, [25, 15]);
  board.via([25, 15]).via([15, 10]);
  return {
    name: 'arced-edge', drawn: 'a 1 mm test pad 0.15 mm from a rounded corner of the outline (KiCad Edge.Cuts arcs)', layers: 2,
    files: board.files(), expected: [{ rule: 'copperToEdge', valueMm: clearance, at: diagonal(radius - clearance) }],
  };
}

export const EDGE_CASES = [arcedEdge];
