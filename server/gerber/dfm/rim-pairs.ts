import type { RingIndex } from '../polygons/ring-index';
import { closest, segmentDistance } from '../polygons/segments';
import { late } from './budget';
import { pairKey, Stretches } from './stretches';

/**
 * One walk over a layer's rims, two at a time where they come near:
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
const NO_EXTRA: number[] = [];
/** The two rim points of a narrow place and their segments (scratch: a stretch copies them when they are its worst). */
const rims = [0, 0, 0, 0, 0, 0];

export interface RimPairs {
  /** Pieces that touch (their indexes in the layer). */
  touching: [number, number][];
  /** Gaps under `gapsBelow` per pair of pieces (pairKey), by stretch; the middle of the gap is the place. */
  gaps: Stretches;
  /** Narrow copper under `narrowBelow` per piece, by stretch; `extra` holds the worst place's rim points and segments. */
  narrow: Stretches;
}

/** Where two parallel segments face each other, as fractions of AB (`facing`): scratch, one call at a time. */
const run = { from: 0, to: 0 };

/** AB and CD are parallel and face each other: the part of AB over CD into `run`. */
function facing(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): boolean {
  const ux = bx - ax; const uy = by - ay; const vx = dx - cx; const vy = dy - cy;
  const lu2 = ux * ux + uy * uy; const lv2 = vx * vx + vy * vy;
  const cross = ux * vy - uy * vx;
  if (lu2 < 1e-18 || lv2 < 1e-18 || cross * cross > 1e-6 * lu2 * lv2) return false;
  const tc = ((cx - ax) * ux + (cy - ay) * uy) / lu2; const td = ((dx - ax) * ux + (dy - ay) * uy) / lu2;
  run.from = Math.max(0, Math.min(tc, td)); run.to = Math.min(1, Math.max(tc, td));
  return run.to >= run.from;
}

/** The stretch of rim a pair holds for (`spanOf`): scratch x0 y0 x1 y1. */
export const span = new Float64Array(4);

/**
 * The stretch of rim two segments found near each other hold for, into `span`: where parallel ones face each other,
 * else the point between their closest points (which `closest` holds).
 */
export function spanOf(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): Float64Array {
  if (!facing(ax, ay, bx, by, cx, cy, dx, dy)) {
    const x = (closest.px + closest.qx) / 2; const y = (closest.py + closest.qy) / 2;
    span[0] = x; span[1] = y; span[2] = x; span[3] = y;
    return span;
  }
  const x0 = ax + (bx - ax) * run.from; const y0 = ay + (by - ay) * run.from; const x1 = ax + (bx - ax) * run.to; const y1 = ay + (by - ay) * run.to;
  span[0] = Math.min(x0, x1); span[1] = Math.min(y0, y1); span[2] = Math.max(x0, x1); span[3] = Math.max(y0, y1);
  return span;
}

/**
 * Two sides of a track are parallel, and their closest points could be anywhere along them: the middle of the
 * stretch where they face each other is taken (into `closest`), not an end, which lies by the track's round end.
 */
export function middleOfParallel(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): void {
  if (!facing(ax, ay, bx, by, cx, cy, dx, dy)) return;
  const middle = (run.from + run.to) / 2;
  const px = ax + (bx - ax) * middle; const py = ay + (by - ay) * middle;
  const vx = dx - cx; const vy = dy - cy;
  const s = Math.max(0, Math.min(1, ((px - cx) * vx + (py - cy) * vy) / (vx * vx + vy * vy)));
  closest.px = px; closest.py = py; closest.qx = cx + vx * s; closest.qy = cy + vy * s;
}

/**
 * Two segments of one ring too near each other along it to face each other across copper, told without measuring
 * them: however their closest points lie, the way round between them is at most their separation along the ring
 * and their lengths, and their distance at least their starts' distance less their lengths (most pairs on a curve).
 */
function nearAlongRing(
  index: RingIndex,
  a: number,
  b: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  const ring = index.ringOf[a] ?? -1;
  if (ring !== index.ringOf[b]) return false;
  const lengths = Math.hypot(bx - ax, by - ay) + Math.hypot(dx - cx, dy - cy);
  const separation = Math.abs((index.along[a] ?? 0) - (index.along[b] ?? 0));
  const around = Math.min(separation, (index.ringLength[ring] ?? 0) - separation) + lengths;
  return around < ALONG_RIM_TIMES * (Math.hypot(cx - ax, cy - ay) - lengths);
}

/**
 * Beside the rim point (x, y) of `segment`, off the copper, lies open space at least as wide as touching copper is
 * apart: a disc of that width fits there (looked for along the way off the copper, up to four of its radii out, so
 * a corner's wedge of space counts). A slit or a pinhole between overlapping strokes (old EAGLE's vector pours leave
 * voids of a few microns between rows), which etching closes, does not: copper between two such voids is no neck.
 */
export function openBeside(index: RingIndex, segment: number, x: number, y: number): boolean {
  const { seg } = index;
  const normal = (at: number): [number, number] => {
    const dx = (seg[4 * at + 2] ?? 0) - (seg[4 * at] ?? 0); const dy = (seg[4 * at + 3] ?? 0) - (seg[4 * at + 1] ?? 0);
    const length = Math.hypot(dx, dy) || 1;
    return [dy / length, -dx / length];
  };
  let [nx, ny] = normal(segment);
  const s = 4 * segment;
  const other = Math.hypot((seg[s] ?? 0) - x, (seg[s + 1] ?? 0) - y) < 1e-7 ? index.previous(segment)
    : Math.hypot((seg[s + 2] ?? 0) - x, (seg[s + 3] ?? 0) - y) < 1e-7 ? index.next(segment) : -1;
  if (other >= 0) {
    const [ox, oy] = normal(other);
    const length = Math.hypot(nx + ox, ny + oy);
    if (length > 1e-6) { nx = (nx + ox) / length; ny = (ny + oy) / length; }
  }
  const radius = TOUCH_MM / 2;
  for (let step = 1; step <= 4; step += 1) {
    const rim = index.nearest(x + nx * radius * step, y + ny * radius * step, radius);
    if (rim.segment < 0 || rim.distance >= radius * 0.9) return true;
  }
  return false;
}

export function rimPairs(index: RingIndex, below: { gaps: number; narrow: number }): RimPairs {
  const { seg, pieceOf, list } = index;
  const touching = new Map<number, [number, number]>();
  const gaps = new Stretches(STRETCH_MM);
  const narrow = new Stretches(STRETCH_MM);
  const reach = Math.max(below.gaps, below.narrow, TOUCH_MM);
  const { cellStart, columns, rows, bounds } = index;
  /** A pair whose boxes come within reach: measured, a gap between pieces or narrow copper within one. */
  const measure = (a: number, b: number) => {
    const sa = 4 * a; const pa = pieceOf[a] ?? 0;
    const ax = seg[sa] ?? 0; const ay = seg[sa + 1] ?? 0; const bx = seg[sa + 2] ?? 0; const by = seg[sa + 3] ?? 0;
    const sb = 4 * b; const pb = pieceOf[b] ?? 0;
    const cx = seg[sb] ?? 0; const cy = seg[sb + 1] ?? 0; const dx = seg[sb + 2] ?? 0; const dy = seg[sb + 3] ?? 0;
    if (pa !== pb) {
      if (below.gaps <= 0) return;
      const distance = segmentDistance(ax, ay, bx, by, cx, cy, dx, dy);
      const key = pairKey(pa, pb);
      if (distance <= TOUCH_MM) touching.set(key, [pa, pb]);
      else if (distance < below.gaps) {
        middleOfParallel(ax, ay, bx, by, cx, cy, dx, dy);
        const x = (closest.px + closest.qx) / 2; const y = (closest.py + closest.qy) / 2;
        gaps.add(key, distance, x, y, NO_EXTRA, spanOf(ax, ay, bx, by, cx, cy, dx, dy));
      }
      return;
    }
    if (below.narrow <= 0 || b === index.next(a) || a === index.next(b)) return;
    if (nearAlongRing(index, a, b, ax, ay, bx, by, cx, cy, dx, dy)) return;
    const distance = segmentDistance(ax, ay, bx, by, cx, cy, dx, dy);
    if (distance >= below.narrow || distance < 1e-6) return;
    middleOfParallel(ax, ay, bx, by, cx, cy, dx, dy);
    const { px, py, qx, qy } = closest;
    if (index.alongRing(a, px, py, b, qx, qy) < ALONG_RIM_TIMES * distance) return;
    if (!index.entersCopper(a, px, py, qx, qy) || !index.entersCopper(b, qx, qy, px, py)) return;
    rims[0] = px; rims[1] = py; rims[2] = qx; rims[3] = qy; rims[4] = a; rims[5] = b;
    narrow.add(pa, distance, (px + qx) / 2, (py + qy) / 2, rims, spanOf(ax, ay, bx, by, cx, cy, dx, dy));
  };
  /** Segments list[i] of [from, to) against list[j] of [jFrom, jTo) (j > i when the ranges are one cell). */
  const against = (from: number, to: number, jFrom: number, jTo: number, same: boolean) => {
    for (let i = from; i < to; i += 1) {
      const a = list[i] ?? 0; const ba = 4 * a;
      const x0 = (bounds[ba] ?? 0) - reach; const y0 = (bounds[ba + 1] ?? 0) - reach;
      const x1 = (bounds[ba + 2] ?? 0) + reach; const y1 = (bounds[ba + 3] ?? 0) + reach;
      for (let j = same ? i + 1 : jFrom; j < jTo; j += 1) {
        const b = list[j] ?? 0; const bb = 4 * b;
        // Boxes further apart than anything looked for: most pairs.
        if ((bounds[bb] ?? 0) > x1 || (bounds[bb + 2] ?? 0) < x0 || (bounds[bb + 1] ?? 0) > y1 || (bounds[bb + 3] ?? 0) < y0 || a === b) continue;
        measure(a, b);
      }
    }
  };
  // Each cell against itself and the four neighbours ahead of it: each pair of neighbouring cells once.
  for (let cy = 0; cy < rows; cy += 1) {
    if (late()) break;
    for (let cx = 0; cx < columns; cx += 1) {
      const cell = cy * columns + cx;
      const start = cellStart[cell] ?? 0; const end = cellStart[cell + 1] ?? 0;
      if (start === end) continue;
      against(start, end, start, end, true);
      if (cx + 1 < columns) against(start, end, cellStart[cell + 1] ?? 0, cellStart[cell + 2] ?? 0, false);
      if (cy + 1 < rows) {
        const below0 = cell + columns;
        if (cx > 0) against(start, end, cellStart[below0 - 1] ?? 0, cellStart[below0] ?? 0, false);
        against(start, end, cellStart[below0] ?? 0, cellStart[below0 + 1] ?? 0, false);
        if (cx + 1 < columns) against(start, end, cellStart[below0 + 1] ?? 0, cellStart[below0 + 2] ?? 0, false);
      }
    }
  }
  return { touching: [...touching.values()], gaps, narrow };
}
