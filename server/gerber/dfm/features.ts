import type { DfmFeature } from '../../../src/contract/dfm';
import type { Aperture } from '../aperture';
import type { LayerObjects, ObjectRun } from '../layer-objects';
import { insideRing, ringBox } from '../polygons/rings';
import { pointDistance } from '../polygons/segments';
import { alongRim, inFill, rimDistance, type Segment } from './stroke-pours';
import { cellKey } from '../point-grid';

/**
 * What a place on a layer's copper is on, told by what was drawn there: a flash is a pad, a region a pour,
 * a stroke a track, unless it is a pour's own stroke (stroke-pours.ts: a zone's outline along its region, an old
 * EAGLE pour's fill). The drawn object whose rim passes nearest the point is taken; a pad before a track before a
 * pour when they tie.
 */

/** Strokes within this of the point are looked at to tell a fill's rows (a fill's rows may end on its outline 2 mm apart). */
const NEAR_MM = 2;
const CELL_MM = 1;
/** A stroke's segment shorter than this is a step of its polyline (stroke-pours.ts: too short to lie along a rim). */
const STEP_MM = 0.002;
/** Half the widest outline a zone is stroked with (KiCad 5's zone min width). */
const OUTLINE_MM = 0.5;
// A sliver is told by the polygons (slivers.ts), never by what was drawn: it ranks last.
const RANK: Record<DfmFeature, number> = { pad: 0, track: 1, pour: 2, sliver: 3 };


/** Distance from a point to an aperture's dark parts' rims (approximate for polygons: their rims, unsigned). */
function padDistance(aperture: Aperture, dx: number, dy: number): number {
  let best = Infinity;
  for (const part of aperture.parts) {
    if (!part.dark) continue;
    if (part.kind === 'circle') best = Math.min(best, Math.abs(Math.hypot(dx - part.cx, dy - part.cy) - part.r));
    else if (part.kind === 'rect') best = Math.min(best, Math.abs(Math.max(Math.abs(dx - part.cx) - part.width / 2, Math.abs(dy - part.cy) - part.height / 2)));
    else if (part.kind === 'ring') best = Math.min(best, Math.abs(Math.hypot(dx - part.cx, dy - part.cy) - part.r - part.width / 2));
    else if (part.kind === 'polygon') best = Math.min(best, rimDistance(part.points, dx, dy));
  }
  return best;
}

/**
 * A finder of features for one layer; its grid of what was drawn is built on the first question. Asked of a narrow
 * place `across` wide, a track at least `wideMm` wide is not what is narrow there (slivers.ts asks of pours only).
 */
export function featureFinder(objects: LayerObjects, wideMm = Infinity): (x: number, y: number, across?: number) => DfmFeature | undefined {
  /** Per cell: run, kind (0 stroke segment, 1 flash, 2 region), and the object's offset in its run. */
  let cells: Map<number, number[]> | null = null;
  const build = () => {
    const grid = new Map<number, number[]>();
    const put = (box: [number, number, number, number], run: number, kind: number, at: number) => {
      for (let cx = Math.floor((box[0] - 0.05) / CELL_MM); cx <= Math.floor((box[2] + 0.05) / CELL_MM); cx += 1) {
        for (let cy = Math.floor((box[1] - 0.05) / CELL_MM); cy <= Math.floor((box[3] + 0.05) / CELL_MM); cy += 1) {
          const list = grid.get(cellKey(cx, cy));
          if (list) list.push(run, kind, at); else grid.set(cellKey(cx, cy), [run, kind, at]);
        }
      }
    };
    objects.runs.forEach((run, r) => {
      if (!run.dark) return;
      for (let line = 0; line < run.lineStart.length; line += 1) {
        const w = (run.lineWidth[line] ?? 0) / 2 + 1;
        const end = run.lineStart[line + 1] ?? run.points.length;
        const start = run.lineStart[line] ?? 0;
        // A polyline's micron-long steps (KiCad 4 writes a zone's outline so) and its end point say nothing its longer
        // segments do not, and a step too short to lie along anything would be taken for a track: left out. A line
        // of such steps alone (a dot) is kept.
        let long = false;
        for (let at = start; at + 3 < end; at += 2)
          if (Math.hypot((run.points[at + 2] ?? 0) - (run.points[at] ?? 0), (run.points[at + 3] ?? 0) - (run.points[at + 1] ?? 0)) >= STEP_MM)
            long = true;
        for (let at = start; at + 1 < end; at += 2) {
          const ax = run.points[at] ?? 0; const ay = run.points[at + 1] ?? 0;
          const bx = at + 3 < end ? (run.points[at + 2] ?? 0) : ax; const by = at + 3 < end ? (run.points[at + 3] ?? 0) : ay;
          if (long && Math.hypot(bx - ax, by - ay) < STEP_MM) continue;
          put([Math.min(ax, bx) - w, Math.min(ay, by) - w, Math.max(ax, bx) + w, Math.max(ay, by) + w], r, at + 3 < end ? 0 : 3, at);
        }
      }
      for (let at = 0; at < run.flashes.length; at += 3) {
        const x = run.flashes[at] ?? 0; const y = run.flashes[at + 1] ?? 0;
        const extent = apertureExtent(objects.apertures[run.flashes[at + 2] ?? -1]);
        put([x - extent, y - extent, x + extent, y + extent], r, 1, at);
      }
      // A region reaches the cells its outline stroke's rim lies in (stroke-pours.ts asks whether a stroke is its outline).
      run.regions.forEach((contour, region) => {
        const [x0, y0, x1, y1] = ringBox(contour);
        put([x0 - OUTLINE_MM, y0 - OUTLINE_MM, x1 + OUTLINE_MM, y1 + OUTLINE_MM], r, 2, region);
      });
    });
    return grid;
  };
  const segmentAt = (run: ObjectRun, kind: number, offset: number): Segment => {
    const ax = run.points[offset] ?? 0; const ay = run.points[offset + 1] ?? 0;
    const bx = kind === 0 ? (run.points[offset + 2] ?? 0) : ax; const by = kind === 0 ? (run.points[offset + 3] ?? 0) : ay;
    return { ax, ay, bx, by, width: run.lineWidth[lineOf(run.lineStart, offset)] ?? 0 };
  };
  /** The strokes within NEAR_MM of a point (the cells round its own hold them all: each reaches a millimetre past its box), `own` among them as itself. */
  const strokesNear = (grid: Map<number, number[]>, x: number, y: number, own: Segment, ownKey: number): Segment[] => {
    const seen = new Set<number>();
    const near: Segment[] = [];
    for (let cx = Math.floor(x / CELL_MM) - 1; cx <= Math.floor(x / CELL_MM) + 1; cx += 1) {
      for (let cy = Math.floor(y / CELL_MM) - 1; cy <= Math.floor(y / CELL_MM) + 1; cy += 1) {
        const list = grid.get(cellKey(cx, cy)) ?? [];
        for (let at = 0; at < list.length; at += 3) {
          const kind = list[at + 1] ?? 0; const place = strokeKey(list[at] ?? 0, list[at + 2] ?? 0);
          const run = objects.runs[list[at] ?? 0];
          if ((kind !== 0 && kind !== 3) || !run || seen.has(place)) continue;
          seen.add(place);
          const stroke = place === ownKey ? own : segmentAt(run, kind, list[at + 2] ?? 0);
          if (pointDistance(x, y, stroke.ax, stroke.ay, stroke.bx, stroke.by) <= NEAR_MM + stroke.width / 2) near.push(stroke);
        }
      }
    }
    return near;
  };
  return (x, y, across = 0) => {
    cells ??= build();
    const best: { feature: DfmFeature | null; distance: number; stroke: Segment | null; key: number } = {
      feature: null,
      distance: Infinity,
      stroke: null,
      key: -1,
    };
    const pours: { contour: number[]; distance: number }[] = [];
    const drawn: Segment[] = [];
    const consider = (feature: DfmFeature, distance: number, stroke: Segment | null = null, key = -1) => {
      if (!best.feature || distance < best.distance - 0.001 || (distance <= best.distance + 0.001 && RANK[feature] < RANK[best.feature])) {
        Object.assign(best, { feature, distance, stroke, key });
      }
    };
    const list = cells.get(cellKey(Math.floor(x / CELL_MM), Math.floor(y / CELL_MM))) ?? [];
    for (let at = 0; at < list.length; at += 3) {
      const run = objects.runs[list[at] ?? 0];
      const kind = list[at + 1] ?? 0; const offset = list[at + 2] ?? 0;
      if (!run) continue;
      if (kind === 0 || kind === 3) {
        const stroke = segmentAt(run, kind, offset);
        consider(
          'track',
          Math.abs(pointDistance(x, y, stroke.ax, stroke.ay, stroke.bx, stroke.by) - stroke.width / 2),
          stroke,
          strokeKey(list[at] ?? 0, offset),
        );
        drawn.push(stroke);
      } else if (kind === 1) {
        const aperture = objects.apertures[run.flashes[offset + 2] ?? -1];
        if (aperture) consider('pad', padDistance(aperture, x - (run.flashes[offset] ?? 0), y - (run.flashes[offset + 1] ?? 0)));
      } else {
        const contour = run.regions[offset] ?? [];
        const distance = rimDistance(contour, x, y);
        const stroked = run.strokeRegions.includes(offset);
        if (!stroked) pours.push({ contour, distance });
        // A point inside a region far from its rim is still on it: a pour's place lies on the pour.
        consider(stroked ? 'track' : 'pour', distance > 0.001 && insideRing(contour, x, y) ? 0.001 : distance);
      }
    }
    if (!best.feature || best.distance > 0.05) return undefined;
    const { stroke } = best;
    if (!stroke) return best.feature;
    // A rim the stroke runs along passes as near the point as the stroke's centre line does.
    const rims = pours.filter((pour) => pour.distance <= best.distance + stroke.width / 2 + 0.01).map((pour) => pour.contour);
    if (alongRim(stroke, rims)) return 'pour';
    // A fill has another row of the stroke's width within a millimetre of any point on it: else no fill is asked for.
    const others = drawn.some((each) => each !== stroke && Math.abs(each.width - stroke.width) < 1e-4);
    if (others && inFill(stroke, strokesNear(cells, x, y, stroke, best.key))) return 'pour';
    // Narrow copper on the rim of a wide track where a pour's rim passes too is the pour meeting the track (a corner
    // of it grazing the track between two clearances), not the track's width.
    if (across > 0 && stroke.width >= wideMm && pours.some((pour) => pour.distance <= across)) return 'pour';
    return best.feature;
  };
}

/** A stroke segment's key among the cells' objects: its run and its offset in the run. */
const strokeKey = (run: number, offset: number) => run * 2 ** 32 + offset;

/** The line a point index of a run belongs to (lineStart is increasing). */
function lineOf(starts: number[], offset: number): number {
  let low = 0; let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= offset) low = middle; else high = middle - 1;
  }
  return low;
}

/** How far an aperture's parts reach from its flash point. */
export function apertureExtent(aperture: Aperture | undefined): number {
  let extent = 0;
  for (const part of aperture?.parts ?? []) {
    if (part.kind === 'circle') extent = Math.max(extent, Math.hypot(part.cx, part.cy) + part.r);
    else if (part.kind === 'ring') extent = Math.max(extent, Math.hypot(part.cx, part.cy) + part.r + part.width / 2);
    else if (part.kind === 'rect') extent = Math.max(extent, Math.hypot(Math.abs(part.cx) + part.width / 2, Math.abs(part.cy) + part.height / 2));
    else if (part.kind === 'polygon')
      for (let at = 0; at < part.points.length; at += 2) extent = Math.max(extent, Math.hypot(part.points[at] ?? 0, part.points[at + 1] ?? 0));
    else extent = Math.max(extent, Math.hypot(part.ring.cx, part.ring.cy) + part.ring.r + part.ring.width / 2);
  }
  return extent;
}
