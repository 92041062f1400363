import type { LayerObjects, ObjectRun } from '../layer-objects';
import { insideRing, ringBox } from '../polygons/rings';
import { pointDistance } from '../polygons/segments';
import { apertureExtent } from './features';
import { cellKey } from '../point-grid';

/**
 * Silkscreen read from what was drawn. The ink is laid as the strokes say, so a line's width is its
 * stroke's; and only the silk near bare copper is united into polygons, to measure it against the copper: a board's
 * silk is mostly text, thousands of strokes, and uniting it all costs as much as its copper.
 */

export interface ThinStroke { value: number; x: number; y: number }

/** How far past a stroke's side other ink is looked for: just past its rim. */
const BESIDE_MM = 0.002;

/**
 * A finder of the dark strokes and regions that cover a point (grid of 1 mm): the point lies under one of them
 * other than the line `except` (run and line index).
 */
function inkAt(objects: LayerObjects): (x: number, y: number, exceptRun: number, exceptLine: number) => boolean {
  const cell = 1;
  /** Per cell: run, kind (0 stroke segment, 1 region), line or region, point offset. */
  const grid = new Map<number, number[]>();
  const put = (x0: number, y0: number, x1: number, y1: number, entry: readonly number[]) => {
    for (let cx = Math.floor(x0 / cell); cx <= Math.floor(x1 / cell); cx += 1) {
      for (let cy = Math.floor(y0 / cell); cy <= Math.floor(y1 / cell); cy += 1) {
        const list = grid.get(cellKey(cx, cy));
        if (list) list.push(...entry); else grid.set(cellKey(cx, cy), [...entry]);
      }
    }
  };
  objects.runs.forEach((run, r) => {
    if (!run.dark) return;
    for (let line = 0; line < run.lineStart.length; line += 1) {
      const w = (run.lineWidth[line] ?? 0) / 2;
      const end = run.lineStart[line + 1] ?? run.points.length;
      for (let at = run.lineStart[line] ?? 0; at + 1 < end; at += 2) {
        const ax = run.points[at] ?? 0; const ay = run.points[at + 1] ?? 0;
        const bx = at + 3 < end ? (run.points[at + 2] ?? 0) : ax; const by = at + 3 < end ? (run.points[at + 3] ?? 0) : ay;
        put(Math.min(ax, bx) - w, Math.min(ay, by) - w, Math.max(ax, bx) + w, Math.max(ay, by) + w, [r, 0, line, at]);
        if (at + 3 >= end) break;
      }
    }
    run.regions.forEach((contour, region) => { const box = ringBox(contour); put(box[0], box[1], box[2], box[3], [r, 1, region, 0]); });
  });
  return (x, y, exceptRun, exceptLine) => {
    const list = grid.get(cellKey(Math.floor(x / cell), Math.floor(y / cell))) ?? [];
    for (let at = 0; at < list.length; at += 4) {
      const run = objects.runs[list[at] ?? 0];
      const kind = list[at + 1] ?? 0; const which = list[at + 2] ?? 0; const offset = list[at + 3] ?? 0;
      if (!run) continue;
      if (kind === 1) {
        if (insideRing(run.regions[which] ?? [], x, y)) return true;
        continue;
      }
      if ((list[at] ?? 0) === exceptRun && which === exceptLine) continue;
      const end = run.lineStart[which + 1] ?? run.points.length;
      const ax = run.points[offset] ?? 0; const ay = run.points[offset + 1] ?? 0;
      const bx = offset + 3 < end ? (run.points[offset + 2] ?? 0) : ax; const by = offset + 3 < end ? (run.points[offset + 3] ?? 0) : ay;
      if (pointDistance(x, y, ax, ay, bx, by) <= (run.lineWidth[which] ?? 0) / 2) return true;
    }
    return false;
  };
}

/**
 * Each dark stroke narrower than `below`, at the middle of its centre line (a zero-width stroke draws nothing), unless
 * other ink lies just past either side there: then the ink is wider than the stroke (a logo painted with thin
 * strokes side by side, as Proteus and old EAGLE draw fills).
 */
export function thinStrokes(objects: LayerObjects, below: number): ThinStroke[] {
  const found: ThinStroke[] = [];
  let covered: ReturnType<typeof inkAt> | null = null;
  objects.runs.forEach((run, r) => {
    if (!run.dark) return;
    for (let line = 0; line < run.lineStart.length; line += 1) {
      const width = run.lineWidth[line] ?? 0;
      if (width <= 0 || width >= below) continue;
      const start = run.lineStart[line] ?? 0; const end = run.lineStart[line + 1] ?? run.points.length;
      // The middle point of the line's middle segment.
      const segments = Math.max(1, (end - start) / 2 - 1);
      const at = start + 2 * Math.floor(segments / 2);
      const ax = run.points[at] ?? 0; const ay = run.points[at + 1] ?? 0;
      const bx = at + 3 < end ? (run.points[at + 2] ?? ax) : ax; const by = at + 3 < end ? (run.points[at + 3] ?? ay) : ay;
      const x = (ax + bx) / 2; const y = (ay + by) / 2;
      const length = Math.hypot(bx - ax, by - ay);
      if (length > 0) {
        covered ??= inkAt(objects);
        const reach = width / 2 + BESIDE_MM;
        const nx = (-(by - ay) / length) * reach; const ny = ((bx - ax) / length) * reach;
        if (covered(x + nx, y + ny, r, line) || covered(x - nx, y - ny, r, line)) continue;
      }
      found.push({ value: width, x, y });
    }
  });
  return found;
}

type Box = [number, number, number, number];

/** The objects whose extent comes within `margin` of one of the boxes (the silk near bare copper), in their runs. */
export function objectsNear(objects: LayerObjects, boxes: Box[], margin: number): LayerObjects {
  const cell = 2;
  const grid = new Map<number, Box[]>();
  for (const box of boxes) {
    for (let cx = Math.floor((box[0] - margin) / cell); cx <= Math.floor((box[2] + margin) / cell); cx += 1) {
      for (let cy = Math.floor((box[1] - margin) / cell); cy <= Math.floor((box[3] + margin) / cell); cy += 1) {
        const list = grid.get(cellKey(cx, cy));
        if (list) list.push(box); else grid.set(cellKey(cx, cy), [box]);
      }
    }
  }
  const near = (x0: number, y0: number, x1: number, y1: number) => {
    for (let cx = Math.floor(x0 / cell); cx <= Math.floor(x1 / cell); cx += 1) {
      for (let cy = Math.floor(y0 / cell); cy <= Math.floor(y1 / cell); cy += 1) {
        for (const box of grid.get(cellKey(cx, cy)) ?? []) {
          if (x0 <= box[2] + margin && x1 >= box[0] - margin && y0 <= box[3] + margin && y1 >= box[1] - margin) return true;
        }
      }
    }
    return false;
  };
  const extents = objects.apertures.map(apertureExtent);
  const runs = objects.runs.map((run): ObjectRun => {
    const kept: ObjectRun = { dark: run.dark, points: [], lineStart: [], lineWidth: [], flashes: [], regions: [], strokeRegions: [] };
    for (let line = 0; line < run.lineStart.length; line += 1) {
      const start = run.lineStart[line] ?? 0; const end = run.lineStart[line + 1] ?? run.points.length;
      const r = (run.lineWidth[line] ?? 0) / 2;
      const box = ringBox(run.points.slice(start, end));
      if (!near(box[0] - r, box[1] - r, box[2] + r, box[3] + r)) continue;
      kept.lineStart.push(kept.points.length);
      kept.lineWidth.push(run.lineWidth[line] ?? 0);
      for (let at = start; at < end; at += 1) kept.points.push(run.points[at] ?? 0);
    }
    for (let at = 0; at < run.flashes.length; at += 3) {
      const x = run.flashes[at] ?? 0; const y = run.flashes[at + 1] ?? 0; const extent = extents[run.flashes[at + 2] ?? -1] ?? 0;
      if (near(x - extent, y - extent, x + extent, y + extent)) kept.flashes.push(x, y, run.flashes[at + 2] ?? 0);
    }
    for (const contour of run.regions) {
      const box = ringBox(contour);
      if (near(box[0], box[1], box[2], box[3])) kept.regions.push(contour);
    }
    return kept;
  });
  return { apertures: objects.apertures, runs };
}
