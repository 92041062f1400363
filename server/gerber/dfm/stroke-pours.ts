import { pointDistance } from '../polygons/segments';
import { cellKey } from '../point-grid';

/**
 * Strokes that are a pour's copper, not tracks: the outline KiCad 5 strokes along a zone's region with the
 * zone's min width, and the fill old EAGLE draws as rows of strokes of one width that overlap or abut, with the
 * outline its rows end on. Tracks of different nets never overlap, so a bus or a fan-out is never a fill.
 */

/** A stroke's centre-line segment and its width, in mm. */
export interface Segment { ax: number; ay: number; bx: number; by: number; width: number }

/** How far a stroke's centre line may stray from a region's rim and be its outline: coordinates written alike. */
const ON_RIM_MM = 0.002;
/** Rows side by side (distinct centre lines) that make a fill. */
const FILL_ROWS = 4;
/** Strokes of one aperture have one width; parallel within about half a degree. */
const SAME_WIDTH_MM = 1e-4;
const PARALLEL = 0.01;

/** Contours of more points than this are looked up in a grid of their rim's segments, made on first use. */
const GRID_FROM_POINTS = 64;
const RIM_CELL_MM = 0.25;
/** How far a grid looks: a farther rim reads as this far (every caller asks about rims within a fraction of it). */
export const RIM_REACH_MM = 0.5;
const rimGrids = new WeakMap<ArrayLike<number>, Map<number, number[]>>();

function rimGrid(ring: ArrayLike<number>): Map<number, number[]> {
  let grid = rimGrids.get(ring);
  if (grid) return grid;
  grid = new Map();
  const n = ring.length;
  for (let at = 0; at < n; at += 2) {
    const next = (at + 2) % n;
    const ax = ring[at] ?? 0; const ay = ring[at + 1] ?? 0; const bx = ring[next] ?? 0; const by = ring[next + 1] ?? 0;
    for (let cx = Math.floor(Math.min(ax, bx) / RIM_CELL_MM); cx <= Math.floor(Math.max(ax, bx) / RIM_CELL_MM); cx += 1) {
      for (let cy = Math.floor(Math.min(ay, by) / RIM_CELL_MM); cy <= Math.floor(Math.max(ay, by) / RIM_CELL_MM); cy += 1) {
        const list = grid.get(cellKey(cx, cy));
        if (list) list.push(at); else grid.set(cellKey(cx, cy), [at]);
      }
    }
  }
  rimGrids.set(ring, grid);
  return grid;
}

/**
 * Distance from a point to a contour's rim (x y pairs, closed implicitly). A large contour (a pour's outline) is looked
 * up in a grid of its segments near the point: a rim farther than RIM_REACH_MM reads as that far.
 */
export function rimDistance(ring: ArrayLike<number>, x: number, y: number): number {
  const n = ring.length;
  const segment = (at: number) => {
    const next = (at + 2) % n;
    return pointDistance(x, y, ring[at] ?? 0, ring[at + 1] ?? 0, ring[next] ?? 0, ring[next + 1] ?? 0);
  };
  let best = Infinity;
  if (n <= 2 * GRID_FROM_POINTS) {
    for (let at = 0; at < n; at += 2) best = Math.min(best, segment(at));
    return best;
  }
  const grid = rimGrid(ring);
  const reach = Math.ceil(RIM_REACH_MM / RIM_CELL_MM);
  const cx = Math.floor(x / RIM_CELL_MM); const cy = Math.floor(y / RIM_CELL_MM);
  for (let dx = -reach; dx <= reach; dx += 1) {
    for (let dy = -reach; dy <= reach; dy += 1) {
      for (const at of grid.get(cellKey(cx + dx, cy + dy)) ?? []) best = Math.min(best, segment(at));
    }
  }
  return Math.min(best, RIM_REACH_MM);
}

/** Whether a stroke's centre line runs along one of the regions' rims: its ends and middle lie on it. */
export function alongRim(stroke: Segment, regions: ArrayLike<number>[]): boolean {
  const { ax, ay, bx, by } = stroke;
  if (Math.hypot(bx - ax, by - ay) < ON_RIM_MM) return false;
  return regions.some((ring) => rimDistance(ring, ax, ay) <= ON_RIM_MM && rimDistance(ring, bx, by) <= ON_RIM_MM
    && rimDistance(ring, (ax + bx) / 2, (ay + by) / 2) <= ON_RIM_MM);
}

interface Row { offset: number; from: number; to: number; segment: Segment }

/** The strokes parallel to `along` (a unit vector), each with its centre line's offset across and its extent along. */
function rowsAlong(strokes: Segment[], ux: number, uy: number): Row[] {
  const rows: Row[] = [];
  for (const segment of strokes) {
    const dx = segment.bx - segment.ax; const dy = segment.by - segment.ay;
    const length = Math.hypot(dx, dy);
    if (length === 0 || Math.abs(ux * dy - uy * dx) / length > PARALLEL) continue;
    const a = ux * segment.ax + uy * segment.ay; const b = ux * segment.bx + uy * segment.by;
    rows.push({ offset: ux * segment.ay - uy * segment.ax, from: Math.min(a, b), to: Math.max(a, b), segment });
  }
  return rows;
}

/** How many distinct centre lines the rows joined to `start` span, rows joined where they overlap or abut side by side. */
function rowsJoined(rows: Row[], start: Row[], width: number): number {
  const seen = new Set(start);
  const queue = [...start];
  for (let next = queue.pop(); next; next = queue.pop()) {
    for (const row of rows) {
      if (seen.has(row) || Math.abs(row.offset - next.offset) > width + SAME_WIDTH_MM || Math.min(row.to, next.to) <= Math.max(row.from, next.from)) continue;
      seen.add(row);
      queue.push(row);
    }
  }
  return new Set([...seen].map((row) => Math.round(row.offset * 1000))).size;
}

/** Whether `row` is one of at least FILL_ROWS rows of its width lying side by side among `alike`. */
function fillRow(row: Segment, alike: Segment[]): boolean {
  const dx = row.bx - row.ax; const dy = row.by - row.ay;
  const length = Math.hypot(dx, dy);
  if (length === 0) return false;
  const rows = rowsAlong(alike, dx / length, dy / length);
  const own = rows.filter((each) => each.segment === row);
  return own.length > 0 && rowsJoined(rows, own, row.width) >= FILL_ROWS;
}

/**
 * Whether `stroke` is part of a stroke-drawn fill among `near` (the strokes about it, itself among them): a row of
 * at least FILL_ROWS rows of its width side by side, or the outline such a row ends on.
 */
export function inFill(stroke: Segment, near: Segment[]): boolean {
  const alike = near.filter((segment) => Math.abs(segment.width - stroke.width) <= SAME_WIDTH_MM);
  if (fillRow(stroke, alike)) return true;
  const { ax, ay, bx, by, width } = stroke;
  return alike.some((row) => row !== stroke && !parallel(row, stroke)
    && (pointDistance(row.ax, row.ay, ax, ay, bx, by) <= width / 2 || pointDistance(row.bx, row.by, ax, ay, bx, by) <= width / 2)
    && fillRow(row, alike));
}

function parallel(a: Segment, b: Segment): boolean {
  const ux = a.bx - a.ax; const uy = a.by - a.ay; const vx = b.bx - b.ax; const vy = b.by - b.ay;
  return Math.abs(ux * vy - uy * vx) <= PARALLEL * Math.hypot(ux, uy) * Math.hypot(vx, vy);
}
