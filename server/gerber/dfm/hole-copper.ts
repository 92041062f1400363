import type { RingIndex } from '../polygons/ring-index';
import { ARC_TOLERANCE_MM } from '../polygons/build';
import { insideRing } from '../polygons/rings';
import { closest, segmentDistance } from '../polygons/segments';

/**
 * The copper round each hole, on one layer: the pieces it stands in (what it joins through the board),
 * its annular ring (from the drill's wall to where that copper ends, the narrowest side) and the copper of other
 * pieces near its wall (drill to copper, judged once the nets are known). A slot is a hole along its centre line.
 */

/** How far a chord may lie inside its arc, with the library's rounding. */
const CHORD_MM = ARC_TOLERANCE_MM + 1e-5;

export interface Drilled { fileId: string; line: number[]; radius: number }

export interface HoleOnLayer {
  /** The layer's pieces the hole stands in. */
  under: number[];
  /** The ring and where its copper ends nearest the wall; null where the hole stands in no copper or the ring is wider than looked for. */
  ring: { value: number; x: number; y: number } | null;
  /** Other pieces' rims near the wall: the piece, the gap from the wall and the rim's point. */
  near: { piece: number; gap: number; x: number; y: number }[];
}

/**
 * A place worse than the one known, or as bad (within 5 nm: round rims tie up to the library's rounding) and further
 * right, then lower: a round antipad's place does not hang on which chord rounded nearer.
 */
function worse(value: number, x: number, y: number, known: { value: number; x: number; y: number } | null | undefined): boolean {
  if (!known || value < known.value - 5e-6) return true;
  if (value > known.value + 5e-6) return false;
  return x > known.x + 1e-6 || (Math.abs(x - known.x) <= 1e-6 && y < known.y);
}

/** Points of a hole's centre line: its ends and the middles of its parts (a round hole's centre). */
function centrePoints(hole: Drilled): number[] {
  const points: number[] = [];
  const { line } = hole;
  for (let at = 0; at + 1 < line.length; at += 2) {
    points.push(line[at] ?? 0, line[at + 1] ?? 0);
    if (at + 3 < line.length) points.push(((line[at] ?? 0) + (line[at + 2] ?? 0)) / 2, ((line[at + 1] ?? 0) + (line[at + 3] ?? 0)) / 2);
  }
  return points;
}

/** Distance from a segment to the hole's centre line; the point on the segment in `closest.px/py`. */
function toCentreLine(hole: Drilled, ax: number, ay: number, bx: number, by: number): number {
  const { line } = hole;
  if (line.length <= 2) return segmentDistance(ax, ay, bx, by, line[0] ?? 0, line[1] ?? 0, line[0] ?? 0, line[1] ?? 0);
  let best = Infinity; let px = 0; let py = 0;
  for (let at = 0; at + 3 < line.length; at += 2) {
    const distance = segmentDistance(ax, ay, bx, by, line[at] ?? 0, line[at + 1] ?? 0, line[at + 2] ?? 0, line[at + 3] ?? 0);
    if (distance < best) { best = distance; px = closest.px; py = closest.py; }
  }
  closest.px = px; closest.py = py;
  return best;
}

/**
 * The distance from a round hole's centre to a rim segment, on the arc the segment is a chord of when its ends lie
 * equally far from the centre (a round pad or antipad round the hole): chords lie up to 2 µm inside their arc, and a
 * ring drawn at a class's limit would read 2 µm under it.
 */
function toRim(hole: Drilled, ax: number, ay: number, bx: number, by: number): number {
  const distance = toCentreLine(hole, ax, ay, bx, by);
  if (hole.line.length > 2) return distance;
  const x = hole.line[0] ?? 0; const y = hole.line[1] ?? 0;
  const da = Math.hypot(ax - x, ay - y); const db = Math.hypot(bx - x, by - y);
  // A chord strays at most the chord tolerance from its arc: a square pad's side, whose ends are as far from a
  // centred hole, lies much nearer than its ends.
  return Math.abs(da - db) < 2e-5 && da - distance <= CHORD_MM ? (da + db) / 2 : distance;
}

/** The rim segments within `reach` of the hole's wall. */
function segmentsNear(index: RingIndex, hole: Drilled, reach: number): Set<number> {
  const found = new Set<number>();
  const { line } = hole;
  const step = index.cell / 2;
  for (let at = 0; at + 1 < line.length; at += 2) {
    const x = line[at] ?? 0; const y = line[at + 1] ?? 0;
    const nx = line[at + 2]; const ny = line[at + 3];
    const steps = nx === undefined || ny === undefined ? 0 : Math.ceil(Math.hypot(nx - x, ny - y) / step);
    for (let k = 0; k <= steps; k += 1) {
      const px = steps === 0 ? x : x + (((nx ?? x) - x) * k) / steps; const py = steps === 0 ? y : y + (((ny ?? y) - y) * k) / steps;
      for (const segment of index.within(px, py, hole.radius + reach)) found.add(segment);
    }
  }
  return found;
}

/**
 * The hole on one layer. The copper it stands in is the piece its centre lies in, or the piece round it whose rim
 * the drill crosses (a pad drawn with a hole of its own, smaller than the drill), which the plating joins too.
 */
export function holeOnLayer(index: RingIndex, hole: Drilled, limits: { ring: number; clearance: number }): HoleOnLayer {
  const centre = centrePoints(hole);
  const under: number[] = [];
  for (let at = 0; at < centre.length; at += 2) {
    const piece = index.locate(centre[at] ?? 0, centre[at + 1] ?? 0);
    if (piece >= 0 && !under.includes(piece)) under.push(piece);
  }
  const radius = hole.radius;
  const { seg } = index;
  const near: { segment: number; distance: number }[] = [];
  for (const segment of segmentsNear(index, hole, Math.max(limits.ring, limits.clearance))) {
    const s = 4 * segment;
    const distance = toRim(hole, seg[s] ?? 0, seg[s + 1] ?? 0, seg[s + 2] ?? 0, seg[s + 3] ?? 0);
    near.push({ segment, distance });
    const piece = index.pieceOf[segment] ?? -1;
    // Copper the drill cuts whose outer rim goes round the hole is its pad (drawn with a hole of its own); other
    // copper the drill cuts into is another net's, too near (a negative gap), not joined.
    const outer = index.pieces[piece]?.outer;
    if (distance < radius && !under.includes(piece) && outer && insideRing(outer, hole.line[0] ?? 0, hole.line[1] ?? 0)) under.push(piece);
  }
  // The pad: the copper the centre stands in, else (a pad drawn with a hole, a donut) the first the drill cuts.
  const pad = under[0] ?? -1;
  let ring: HoleOnLayer['ring'] = null;
  const nearest = new Map<number, { gap: number; x: number; y: number }>();
  for (const { segment, distance } of near) {
    const s = 4 * segment;
    const ax = seg[s] ?? 0; const ay = seg[s + 1] ?? 0; const bx = seg[s + 2] ?? 0; const by = seg[s + 3] ?? 0;
    const piece = index.pieceOf[segment] ?? -1;
    toCentreLine(hole, ax, ay, bx, by);
    if (piece === pad) {
      // A rim the drill takes away whole (the aperture's own hole, smaller than the drill) is no ring's end.
      if (toCentreLine(hole, ax, ay, ax, ay) <= radius + 1e-6 && toCentreLine(hole, bx, by, bx, by) <= radius + 1e-6) continue;
      toCentreLine(hole, ax, ay, bx, by);
      if (distance - radius < limits.ring && worse(distance - radius, closest.px, closest.py, ring))
        ring = { value: distance - radius, x: closest.px, y: closest.py };
      continue;
    }
    if (under.includes(piece)) continue;
    const gap = distance - radius;
    const known = nearest.get(piece);
    if (gap < limits.clearance && worse(gap, closest.px, closest.py, known && { value: known.gap, x: known.x, y: known.y }))
      nearest.set(piece, { gap, x: closest.px, y: closest.py });
  }
  return { under, ring, near: [...nearest].map(([piece, place]) => ({ piece, ...place })) };
}
