import type { RingIndex } from '../polygons/ring-index';
import { closest, segmentDistance } from '../polygons/segments';
import { late } from './budget';
import { pairKey, Stretches, type Box } from './stretches';

/**
 * One walk over a layer's rims, two at a time where they come near (issue 30):
 * - between two pieces, the gap (copper spacing, mask slivers); pieces closer than TOUCH_MM touch;
 * - within one piece, facing rims closer than the width looked for: narrow copper, when the copper lies between
 *   them (a step from each towards the other enters it) and the rim does not simply turn a corner from one to the
 *   other (the way round along it is several times the width).
 */

/**
 * Pieces closer than this are one copper: CAD tools write arcs and round pour edges as chords, leaving copper meant
 * to join microns apart, and pieces that meet at a corner come out of the union apart. No tool designs a gap this
 * small on purpose and no fab could etch one.
 */
export const TOUCH_MM = 0.02;

/** Rims of one ring this many times their distance apart along it face each other across copper, not round a corner. */
const ALONG_RIM_TIMES = 2.5;

/** Stretches of one place: within this of each other, mm. */
const STRETCH_MM = 1;

export interface RimPairs {
  /** Pieces that touch (their indexes in the layer). */
  touching: [number, number][];
  /** Gaps under `gapsBelow` per pair of pieces (pairKey), by stretch; the middle of the gap is the place. */
  gaps: Stretches;
  /** Narrow copper under `narrowBelow` per piece, by stretch; `extra` holds the two rim points. */
  narrow: Stretches;
}

/** Where two parallel segments face each other: the part of AB over CD, as a fraction of AB; null if not parallel. */
function facing(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): [number, number] | null {
  const ux = bx - ax; const uy = by - ay; const vx = dx - cx; const vy = dy - cy;
  const lu = Math.hypot(ux, uy); const lv = Math.hypot(vx, vy);
  if (lu < 1e-9 || lv < 1e-9 || Math.abs(ux * vy - uy * vx) > 1e-3 * lu * lv) return null;
  const t = (x: number, y: number) => ((x - ax) * ux + (y - ay) * uy) / (lu * lu);
  const from = Math.max(0, Math.min(t(cx, cy), t(dx, dy))); const to = Math.min(1, Math.max(t(cx, cy), t(dx, dy)));
  return to < from ? null : [from, to];
}

/**
 * The stretch of rim two segments found near each other hold for: where parallel ones face each other, else the
 * point between their closest points (which `closest` holds).
 */
export function spanOf(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): Box {
  const run = facing(ax, ay, bx, by, cx, cy, dx, dy);
  if (!run) {
    const x = (closest.px + closest.qx) / 2; const y = (closest.py + closest.qy) / 2;
    return [x, y, x, y];
  }
  const x0 = ax + (bx - ax) * run[0]; const y0 = ay + (by - ay) * run[0]; const x1 = ax + (bx - ax) * run[1]; const y1 = ay + (by - ay) * run[1];
  return [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
}

/**
 * Two sides of a track are parallel, and their closest points could be anywhere along them: the middle of the
 * stretch where they face each other is taken (into `closest`), not an end, which lies by the track's round end.
 */
function middleOfParallel(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): void {
  const run = facing(ax, ay, bx, by, cx, cy, dx, dy);
  if (!run) return;
  const middle = (run[0] + run[1]) / 2;
  const px = ax + (bx - ax) * middle; const py = ay + (by - ay) * middle;
  const vx = dx - cx; const vy = dy - cy;
  const s = Math.max(0, Math.min(1, ((px - cx) * vx + (py - cy) * vy) / (vx * vx + vy * vy)));
  closest.px = px; closest.py = py; closest.qx = cx + vx * s; closest.qy = cy + vy * s;
}

export function rimPairs(index: RingIndex, below: { gaps: number; narrow: number }): RimPairs {
  const { seg, pieceOf, list } = index;
  const touching = new Map<number, [number, number]>();
  const gaps = new Stretches(STRETCH_MM);
  const narrow = new Stretches(STRETCH_MM);
  const reach = Math.max(below.gaps, below.narrow, TOUCH_MM);
  let cells = 0;
  for (const [start, end] of index.cells()) {
    if ((cells += 1) % 64 === 0 && late()) break;
    for (let i = start; i < end; i += 1) {
      const a = list[i] ?? 0; const sa = 4 * a; const pa = pieceOf[a] ?? 0;
      const ax = seg[sa] ?? 0; const ay = seg[sa + 1] ?? 0; const bx = seg[sa + 2] ?? 0; const by = seg[sa + 3] ?? 0;
      for (let j = i + 1; j < end; j += 1) {
        const b = list[j] ?? 0; const sb = 4 * b; const pb = pieceOf[b] ?? 0;
        const cx = seg[sb] ?? 0; const cy = seg[sb + 1] ?? 0; const dx = seg[sb + 2] ?? 0; const dy = seg[sb + 3] ?? 0;
        // Boxes further apart than anything looked for: most pairs of a cell.
        if (Math.min(ax, bx) - Math.max(cx, dx) > reach || Math.min(cx, dx) - Math.max(ax, bx) > reach
          || Math.min(ay, by) - Math.max(cy, dy) > reach || Math.min(cy, dy) - Math.max(ay, by) > reach) continue;
        if (pa !== pb) {
          const key = pairKey(pa, pb);
          if (touching.has(key)) continue;
          const distance = segmentDistance(ax, ay, bx, by, cx, cy, dx, dy);
          if (distance <= TOUCH_MM) touching.set(key, [pa, pb]);
          else if (distance < below.gaps) {
            const x = (closest.px + closest.qx) / 2; const y = (closest.py + closest.qy) / 2;
            gaps.add(key, distance, x, y, [], spanOf(ax, ay, bx, by, cx, cy, dx, dy));
          }
          continue;
        }
        if (below.narrow <= 0 || b === index.next(a) || a === index.next(b)) continue;
        const distance = segmentDistance(ax, ay, bx, by, cx, cy, dx, dy);
        if (distance >= below.narrow || distance < 1e-6) continue;
        middleOfParallel(ax, ay, bx, by, cx, cy, dx, dy);
        const { px, py, qx, qy } = closest;
        if (index.alongRing(a, px, py, b, qx, qy) < ALONG_RIM_TIMES * distance) continue;
        if (!index.entersCopper(a, px, py, qx, qy) || !index.entersCopper(b, qx, qy, px, py)) continue;
        narrow.add(pa, distance, (px + qx) / 2, (py + qy) / 2, [px, py, qx, qy], spanOf(ax, ay, bx, by, cx, cy, dx, dy));
      }
    }
  }
  return { touching: [...touching.values()], gaps, narrow };
}
