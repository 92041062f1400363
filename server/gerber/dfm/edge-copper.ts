import type { Line } from '../geometry';
import type { RingIndex } from '../polygons/ring-index';
import { closest, segmentDistance } from '../polygons/segments';
import { middleOfParallel, spanOf } from './rim-pairs';
import { Stretches } from './stretches';

/**
 * Copper near the board's edge on one layer: the routed lines, and V-score lines, against the copper's
 * rims. Copper crossing a line is 0 from it. Per piece, by stretch of edge: its worst place, on the copper's rim.
 */

/** Places of one piece of copper within this of each other are one stretch of edge (a pour's rim along it). */
export const EDGE_STRETCH_MM = 1;

export function copperNearEdge(index: RingIndex, lines: readonly Line[], below: number, late: () => boolean): Stretches {
  const places = new Stretches(EDGE_STRETCH_MM);
  const { seg } = index;
  const step = index.cell / 2;
  for (const [count, { from, to }] of lines.entries()) {
    if (count % 256 === 0 && late()) break;
    const steps = Math.max(1, Math.ceil(Math.hypot(to[0] - from[0], to[1] - from[1]) / step));
    const seen = new Set<number>();
    for (let k = 0; k <= steps; k += 1) {
      const x = from[0] + ((to[0] - from[0]) * k) / steps; const y = from[1] + ((to[1] - from[1]) * k) / steps;
      for (const segment of index.within(x, y, below)) {
        if (seen.has(segment)) continue;
        seen.add(segment);
        const s = 4 * segment;
        const ax = seg[s] ?? 0; const ay = seg[s + 1] ?? 0; const bx = seg[s + 2] ?? 0; const by = seg[s + 3] ?? 0;
        const gap = segmentDistance(ax, ay, bx, by, from[0], from[1], to[0], to[1]);
        if (gap >= below) continue;
        // A rim running along the edge is as near all along: its place is the middle of the run.
        middleOfParallel(ax, ay, bx, by, from[0], from[1], to[0], to[1]);
        const { px, py } = closest;
        places.add(index.pieceOf[segment] ?? -1, gap, px, py, [], spanOf(ax, ay, bx, by, from[0], from[1], to[0], to[1]));
      }
    }
  }
  return places;
}
