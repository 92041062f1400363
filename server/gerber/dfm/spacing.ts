import type { DfmRule } from '../../../src/contract/dfm';
import { late } from './budget';
import type { Drawn } from './drawn';
import { closest, segmentDistance, type Layer, type ownerSets } from './layer';
import { pointsInside } from './pads';
import type { Found } from './places';

/** Gaps between copper that is not connected (track spacing) and between mask openings (slivers) (issue 21). */

/**
 * Shapes closer than this touch: CAD tools write arcs and round pour edges as chords, so copper meant to join (a
 * pour flowing onto its own net's track) is left microns apart. No tool designs a gap this small on purpose, and
 * no fab could etch one: it is one piece of copper.
 */
const TOUCH_MM = 0.02;

export type Sets = ReturnType<typeof ownerSets>;

export interface Gaps { drawn: Drawn; offset: number; rule: DfmRule; nearest: Map<number, [number, number, number]> }

/**
 * Gaps between shapes of one layer that do not touch (copper: track spacing; mask: slivers between openings). Shapes
 * that overlap are joined in `sets` (owners from `offset`); the pairs are judged once every join is known (gapsFound).
 */
export function gaps(drawn: Drawn, below: number, rule: DfmRule, sets: Sets, offset: number): Gaps {
  const { layer, grid } = drawn;
  const nearest = new Map<number, [number, number, number]>();
  const seg = layer.seg;
  for (const list of grid.cells.values()) {
    if (late()) break;
    for (let i = 0; i < list.length; i += 1) {
      // One cell crossed by thousands of long strokes is itself quadratic: the budget is checked within it too.
      if (i % 64 === 0 && late()) break;
      const a = list[i] ?? 0; const ao = layer.owner[a] ?? 0; const aa = a * 5;
      for (let j = i + 1; j < list.length; j += 1) {
        const b = list[j] ?? 0; const bo = layer.owner[b] ?? 0;
        if (ao === bo) continue;
        const bb = b * 5;
        const reach = (seg[aa + 4] ?? 0) + (seg[bb + 4] ?? 0);
        // Boxes further apart than the reach and the gap looked for: no need to measure (most pairs of a cell).
        const far = reach + below;
        if (Math.min(seg[aa] ?? 0, seg[aa + 2] ?? 0) - Math.max(seg[bb] ?? 0, seg[bb + 2] ?? 0) > far
          || Math.min(seg[bb] ?? 0, seg[bb + 2] ?? 0) - Math.max(seg[aa] ?? 0, seg[aa + 2] ?? 0) > far
          || Math.min(seg[aa + 1] ?? 0, seg[aa + 3] ?? 0) - Math.max(seg[bb + 1] ?? 0, seg[bb + 3] ?? 0) > far
          || Math.min(seg[bb + 1] ?? 0, seg[bb + 3] ?? 0) - Math.max(seg[aa + 1] ?? 0, seg[aa + 3] ?? 0) > far) continue;
        // Shapes already joined are one piece of copper: no gap between them is looked at again (a pour drawn as
        // thousands of overlapping strokes is joined early, and its pairs cost nothing after).
        if (sets.find(offset + ao) === sets.find(offset + bo)) continue;
        let distance = segmentDistance(seg[aa] ?? 0, seg[aa + 1] ?? 0, seg[aa + 2] ?? 0, seg[aa + 3] ?? 0, seg[bb] ?? 0, seg[bb + 1] ?? 0, seg[bb + 2] ?? 0, seg[bb + 3] ?? 0);
        if (distance - reach <= TOUCH_MM) { sets.join(offset + ao, offset + bo); continue; }
        if (distance - reach >= below) continue;
        // Chords of arcs stray up to 2 µm from them: two arcs 0.1 mm apart read 0.098. Measured on the arcs.
        if (layer.arcOf.size > 0 && (layer.arcOf.has(a) || layer.arcOf.has(b))) distance = onArcs(layer, a, b, distance);
        const gap = distance - reach;
        if (gap >= below) continue;
        const pair = ao < bo ? ao * 2 ** 26 + bo : bo * 2 ** 26 + ao;
        const known = nearest.get(pair);
        if (known && known[0] <= gap) continue;
        // The gap's middle: from A's closest point outwards by A's radius and half the gap.
        const ux = (closest.qx - closest.px) / distance; const uy = (closest.qy - closest.py) / distance;
        const middle = (seg[aa + 4] ?? 0) + gap / 2;
        nearest.set(pair, [gap, closest.px + ux * middle, closest.py + uy * middle]);
      }
    }
  }
  return { drawn, offset, rule, nearest };
}

/**
 * Copper lying inside a pour is joined to it: gaps only joins shapes whose rims meet, and a pad or track drawn
 * well inside a pour's area meets none of its edges. Where a clear shape cuts the pour round it (a clearance), the
 * pour is not there and nothing is joined. A pad the clearance cuts round on some sides only stands on the pour
 * elsewhere (LimeSDR's 0201 pads): so each of its points inside it is looked at, not one.
 */
export function joinInsidePours(drawn: Drawn, sets: Sets, offset: number): void {
  const { layer } = drawn;
  if (!layer.ownerIsRegion.some(Boolean)) return;
  for (let owner = 0; owner < layer.owners; owner += 1) {
    if (owner % 1024 === 0 && late()) break;
    if (layer.ownerIsRegion[owner]) continue;
    const points = pointsInside(layer, owner);
    for (let at = 0; at < points.length; at += 2) {
      for (const other of drawn.covering(points[at] ?? 0, points[at + 1] ?? 0, true, true)) {
        if (layer.ownerIsRegion[other]) sets.join(offset + owner, offset + other);
      }
    }
  }
}

/** How far a point on an arc may lie from the chord it is measured on (the reader's chords stray up to 2 µm). */
const ON_ARC_MM = 0.005;

/**
 * The distance between two pieces' centre lines with arc chords replaced by their arcs: the closest points found on
 * the chords (in `closest`) are moved onto the arcs, each towards the other, twice. Left as measured when a point
 * would leave its chord by more than a chord strays from its arc (past the arc's end). `closest` holds the points.
 */
function onArcs(layer: Layer, a: number, b: number, measured: number): number {
  const arcA = layer.arcOf.get(a); const arcB = layer.arcOf.get(b);
  const toward = (arc: readonly [number, number, number] | undefined, x: number, y: number, from: [number, number]): [number, number] => {
    if (!arc) return from;
    const [cx, cy, r] = arc;
    const d = Math.hypot(x - cx, y - cy);
    return d > 1e-9 ? [cx + ((x - cx) * r) / d, cy + ((y - cy) * r) / d] : from;
  };
  let p: [number, number] = [closest.px, closest.py]; let q: [number, number] = [closest.qx, closest.qy];
  for (let round = 0; round < 2; round += 1) { p = toward(arcA, q[0], q[1], p); q = toward(arcB, p[0], p[1], q); }
  const seg = layer.seg;
  const offChord = (piece: number, [x, y]: [number, number]) => {
    const at = piece * 5;
    return segmentDistance(x, y, x, y, seg[at] ?? 0, seg[at + 1] ?? 0, seg[at + 2] ?? 0, seg[at + 3] ?? 0) > ON_ARC_MM;
  };
  if (offChord(a, p) || offChord(b, q)) return measured;
  closest.px = p[0]; closest.py = p[1]; closest.qx = q[0]; closest.qy = q[1];
  return Math.hypot(p[0] - q[0], p[1] - q[1]);
}

/** The gaps between shapes not connected (on the layer or through a hole), whose middle is not drawn over. */
export function gapsFound({ drawn, offset, rule, nearest }: Gaps, sets: Sets, found: Found[]): void {
  for (const [pair, [gap, x, y]] of nearest) {
    if (late()) break;
    const a = Math.floor(pair / 2 ** 26); const b = pair - a * 2 ** 26;
    if (sets.find(offset + a) === sets.find(offset + b) || drawn.covering(x, y, false).length > 0) continue;
    found.push({ rule, fileId: drawn.id, valueMm: gap, x, y });
  }
}
