import type { Box, Line } from '../geometry';
import type { LayerObjects } from '../layer-objects';
import { aperturesOf, ARC_TOLERANCE_MM } from '../polygons/build';
import { positive, ringBox, type Ring } from '../polygons/rings';
import type { PolygonScope } from '../polygons/scope';
import { closest, segmentDistance } from '../polygons/segments';
import { apertureExtent } from './features';
import { middleOfParallel } from './rim-pairs';
import { cellKey } from '../point-grid';

/**
 * The drawn copper of one layer near some stretches of edge, each object measured by its own shape: a
 * flash by its aperture's rings, a stroke as its centre line less half its width, a rectangular aperture's stroke by
 * its contour. Where a pour runs nearer the edge it covers a pad or a track in the united copper, and pulling the pour
 * back in preparation leaves them where they are: they are measured here, under the pour.
 */

/** A drawn object's nearest point to the edge: its distance, the point on its rim, and a point just inside it. */
export interface DrawnNear { value: number; x: number; y: number; insideX: number; insideY: number }

/** An area looked in: a stretch's box and the edge lines near it. */
export interface EdgeArea { box: Box; lines: readonly Line[] }

const CELL_MM = 2;
/** How far inside its rim an object's own point is taken, to ask which piece of copper it is in. */
const INSIDE_MM = 0.002;

/** Per area, the dark flashes, strokes and stroke regions within `below` of its lines and its box, nearest first. */
export function drawnNearEdge(scope: PolygonScope, objects: LayerObjects, areas: EdgeArea[], below: number): DrawnNear[][] {
  const found: DrawnNear[][] = areas.map(() => []);
  const cells = new Map<number, number[]>();
  areas.forEach(({ box }, area) => {
    for (let cx = Math.floor((box[0] - below) / CELL_MM); cx <= Math.floor((box[2] + below) / CELL_MM); cx += 1) {
      for (let cy = Math.floor((box[1] - below) / CELL_MM); cy <= Math.floor((box[3] + below) / CELL_MM); cy += 1) {
        const list = cells.get(cellKey(cx, cy));
        if (list) list.push(area); else cells.set(cellKey(cx, cy), [area]);
      }
    }
  });
  if (cells.size === 0) return found;
  /** The areas whose box, grown by `below`, meets the object's box, each once (stamped with the object's number). */
  const stamp = new Int32Array(areas.length).fill(-1);
  let object = 0;
  const met: number[] = [];
  const areasMeeting = (x0: number, y0: number, x1: number, y1: number): number[] => {
    met.length = 0;
    object += 1;
    for (let cx = Math.floor(x0 / CELL_MM); cx <= Math.floor(x1 / CELL_MM); cx += 1) {
      for (let cy = Math.floor(y0 / CELL_MM); cy <= Math.floor(y1 / CELL_MM); cy += 1) {
        for (const area of cells.get(cellKey(cx, cy)) ?? []) {
          const box = areas[area]?.box;
          if (stamp[area] === object || !box || x0 > box[2] + below || x1 < box[0] - below || y0 > box[3] + below || y1 < box[1] - below) continue;
          stamp[area] = object;
          met.push(area);
        }
      }
    }
    return met;
  };
  /** The object's nearest point to the area's lines, kept when within `below` and inside the area's grown box. */
  const keep = (area: number, near: DrawnNear) => {
    const box = areas[area]?.box;
    if (!box || near.value >= below) return;
    if (near.x < box[0] - below || near.x > box[2] + below || near.y < box[1] - below || near.y > box[3] + below) return;
    found[area]?.push(near);
  };
  const extents = new Map<number, number>();
  const extentOf = (aperture: number): number => {
    let extent = extents.get(aperture);
    if (extent === undefined) { extent = apertureExtent(objects.apertures[aperture]); extents.set(aperture, extent); }
    return extent;
  };
  const ringsOf = aperturesOf(scope, objects, ARC_TOLERANCE_MM);
  for (const run of objects.runs) {
    if (!run.dark) continue;
    for (let at = 0; at < run.flashes.length; at += 3) {
      const x = run.flashes[at] ?? 0; const y = run.flashes[at + 1] ?? 0; const aperture = run.flashes[at + 2] ?? -1;
      const extent = extentOf(aperture);
      for (const area of areasMeeting(x - extent, y - extent, x + extent, y + extent)) {
        const lines = areas[area]?.lines ?? [];
        for (const ring of ringsOf(aperture)) keep(area, ringNear(ring, x, y, lines));
      }
    }
    for (let line = 0; line < run.lineStart.length; line += 1) {
      const half = (run.lineWidth[line] ?? 0) / 2;
      if (half <= 0) continue;
      const start = run.lineStart[line] ?? 0; const end = run.lineStart[line + 1] ?? run.points.length;
      for (let at = start; at + 1 < end; at += 2) {
        const ax = run.points[at] ?? 0; const ay = run.points[at + 1] ?? 0;
        // A line of one point is a dot of the stroke's width.
        const last = at + 3 >= end;
        if (last && at > start) break;
        const bx = last ? ax : (run.points[at + 2] ?? 0); const by = last ? ay : (run.points[at + 3] ?? 0);
        const met = areasMeeting(Math.min(ax, bx) - half, Math.min(ay, by) - half, Math.max(ax, bx) + half, Math.max(ay, by) + half);
        for (const area of met) keep(area, strokeNear(ax, ay, bx, by, half, areas[area]?.lines ?? []));
      }
    }
    for (const region of run.strokeRegions) {
      const contour = positive(run.regions[region] ?? []);
      const [x0, y0, x1, y1] = ringBox(contour);
      for (const area of areasMeeting(x0, y0, x1, y1)) keep(area, ringNear(contour, 0, 0, areas[area]?.lines ?? []));
    }
  }
  for (const list of found) list.sort((a, b) => a.value - b.value);
  return found;
}

/**
 * A ring moved by (dx, dy) against the lines: its nearest point, and a point a step to its left (inside: outer rings
 * run counter-clockwise, holes clockwise).
 */
function ringNear(ring: Ring, dx: number, dy: number, lines: readonly Line[]): DrawnNear {
  const best: DrawnNear = { value: Infinity, x: 0, y: 0, insideX: 0, insideY: 0 };
  const n = ring.length / 2;
  for (let i = 0; i < n; i += 1) {
    const j = (i + 1) % n;
    const ax = (ring[2 * i] ?? 0) + dx; const ay = (ring[2 * i + 1] ?? 0) + dy;
    const bx = (ring[2 * j] ?? 0) + dx; const by = (ring[2 * j + 1] ?? 0) + dy;
    for (const { from, to } of lines) {
      const gap = segmentDistance(ax, ay, bx, by, from[0], from[1], to[0], to[1]);
      if (gap >= best.value) continue;
      // A side running along the edge is as near all along: its place is the middle of the run.
      middleOfParallel(ax, ay, bx, by, from[0], from[1], to[0], to[1]);
      const length = Math.hypot(bx - ax, by - ay) || 1;
      Object.assign(best, { value: gap, x: closest.px, y: closest.py,
        insideX: closest.px - ((by - ay) / length) * INSIDE_MM, insideY: closest.py + ((bx - ax) / length) * INSIDE_MM });
    }
  }
  return best;
}

/** A stroke segment against the lines: its centre line's distance less half its width; its centre line is inside it. */
function strokeNear(ax: number, ay: number, bx: number, by: number, half: number, lines: readonly Line[]): DrawnNear {
  const best: DrawnNear = { value: Infinity, x: 0, y: 0, insideX: 0, insideY: 0 };
  for (const { from, to } of lines) {
    const centre = segmentDistance(ax, ay, bx, by, from[0], from[1], to[0], to[1]);
    const gap = Math.max(0, centre - half);
    if (gap >= best.value) continue;
    middleOfParallel(ax, ay, bx, by, from[0], from[1], to[0], to[1]);
    const { px, py, qx, qy } = closest;
    const toward = centre > 0 ? Math.min(half, centre) / centre : 0;
    Object.assign(best, { value: gap, x: px + (qx - px) * toward, y: py + (qy - py) * toward, insideX: px, insideY: py });
  }
  return best;
}
