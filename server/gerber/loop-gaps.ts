/**
 * Breaks in a drawing's centre lines joined across: only an open end (one no other line meets) is joined,
 * by a line of its own to the nearest point within the gap, so the lines as drawn stay where they are drawn. Ends
 * that already connect are never merged: points of an arc's chords lie within the gap of each other, and the ends
 * of two tabs near a board line lie within it too, but the edge follows the chords and the board line.
 */
import { cellKey } from './point-grid';
import type { Line, Point } from './geometry';

const MICRON = 1000;
const endKey = ([x, y]: Point) => `${Math.round(x * MICRON)},${Math.round(y * MICRON)}`;

/** Distance from the point to the segment, and where its foot lies along it (0 at `from`, 1 at `to`). */
function foot(point: Point, { from, to }: Line): { distance: number; t: number } {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : ((point[0] - from[0]) * dx + (point[1] - from[1]) * dy) / length;
  const along = Math.min(1, Math.max(0, t));
  return { distance: Math.hypot(point[0] - from[0] - dx * along, point[1] - from[1] - dy * along), t };
}

/** A line drawn again lies this near the first: a CAD tool's second pass, not a side of its own. */
const DUPLICATE_MM = 0.05;

/**
 * Without lines drawn again beside another: a line neither of whose ends meets another line's end (to the micron),
 * lying along another line (both ends' feet on it, within 0.05 mm or the gap) and longer than twice that, adds no
 * edge, and joined to that line's points it would take their place.
 */
export function withoutLooseDuplicates(lines: Line[], gap: number): Line[] {
  const near = Math.min(gap, DUPLICATE_MM);
  const ends = new Map<string, number>();
  for (const { from, to } of lines) for (const end of [endKey(from), endKey(to)]) ends.set(end, (ends.get(end) ?? 0) + 1);
  const loose = lines.flatMap((line, index) => (ends.get(endKey(line.from)) === 1 && ends.get(endKey(line.to)) === 1
    && Math.hypot(line.to[0] - line.from[0], line.to[1] - line.from[1]) > 2 * near ? [index] : []));
  if (loose.length === 0) return lines;
  // Lines by cell of their points every cell's length, each listed in the cells round those too.
  const cell = Math.max(near * 4, 1);
  const cells = new Map<number, number[]>();
  lines.forEach(({ from, to }, index) => {
    const steps = Math.max(1, Math.ceil(Math.hypot(to[0] - from[0], to[1] - from[1]) / cell));
    for (let step = 0; step <= steps; step += 1) {
      const cx = Math.floor((from[0] + ((to[0] - from[0]) * step) / steps) / cell);
      const cy = Math.floor((from[1] + ((to[1] - from[1]) * step) / steps) / cell);
      for (let dx = -1; dx <= 1; dx += 1) for (let dy = -1; dy <= 1; dy += 1) {
        const key = cellKey(cx + dx, cy + dy);
        const list = cells.get(key);
        if (!list) cells.set(key, [index]); else if (list[list.length - 1] !== index) list.push(index);
      }
    }
  });
  const dropped = new Set<number>();
  for (const index of loose) {
    const line = lines[index] as Line;
    const around = cells.get(cellKey(Math.floor(line.from[0] / cell), Math.floor(line.from[1] / cell))) ?? [];
    const lies = around.some((at) => at !== index && !dropped.has(at) && [line.from, line.to].every((point) => {
      const { distance, t } = foot(point, lines[at] as Line);
      return distance <= near && t >= 0 && t <= 1;
    }));
    if (lies) dropped.add(index);
  }
  return dropped.size === 0 ? lines : lines.filter((_, index) => !dropped.has(index));
}

/**
 * The links (node pairs) that close the breaks of a graph of points (`xs`, `ys`) and edges: open ends first to other
 * open ends, then to any point (an end beside a line that the line was cut at), nearest first. A link is refused
 * where the lines already lead from the one point to the other within twice the gap: that would be a shortcut.
 */
export function gapLinks(xs: number[], ys: number[], edgeFrom: number[], edgeTo: number[], gap: number): [number, number][] {
  const count = xs.length;
  const around: number[][] = Array.from({ length: count }, () => []);
  edgeFrom.forEach((from, index) => {
    const to = edgeTo[index] ?? 0;
    around[from]?.push(to);
    around[to]?.push(from);
  });
  const grid = new Map<number, number[]>();
  for (let id = 0; id < count; id += 1) {
    if ((around[id]?.length ?? 0) === 0) continue;
    const key = cellKey(Math.floor((xs[id] ?? 0) / gap), Math.floor((ys[id] ?? 0) / gap));
    const list = grid.get(key);
    if (list) list.push(id); else grid.set(key, [id]);
  }
  const distance = (a: number, b: number) => Math.hypot((xs[a] ?? 0) - (xs[b] ?? 0), (ys[a] ?? 0) - (ys[b] ?? 0));
  const isOpen = (id: number) => around[id]?.length === 1;
  const pairs: { from: number; to: number; gap: number }[] = [];
  for (let id = 0; id < count; id += 1) {
    if (!isOpen(id)) continue;
    const cx = Math.floor((xs[id] ?? 0) / gap);
    const cy = Math.floor((ys[id] ?? 0) / gap);
    for (let dx = -1; dx <= 1; dx += 1) for (let dy = -1; dy <= 1; dy += 1) {
      for (const other of grid.get(cellKey(cx + dx, cy + dy)) ?? []) {
        const apart = distance(id, other);
        if (other !== id && apart <= gap) pairs.push({ from: id, to: other, gap: apart });
      }
    }
  }
  pairs.sort((a, b) => a.gap - b.gap);
  const reach = 2 * gap;
  /** The lines lead from `start` to `goal` within `reach` (Dijkstra over the few points near the start). */
  const connected = (start: number, goal: number): boolean => {
    const best = new Map<number, number>([[start, 0]]);
    const done = new Set<number>();
    for (;;) {
      let at = -1;
      let nearest = Infinity;
      for (const [id, length] of best) if (!done.has(id) && length < nearest) { nearest = length; at = id; }
      if (at < 0 || nearest > reach) return false;
      if (at === goal) return true;
      done.add(at);
      for (const next of around[at] ?? []) {
        const length = nearest + distance(at, next);
        if (length <= reach && length < (best.get(next) ?? Infinity)) best.set(next, length);
      }
    }
  };
  const links: [number, number][] = [];
  for (const bothOpen of [true, false]) {
    for (const { from, to } of pairs) {
      if (!isOpen(from) || (bothOpen && !isOpen(to)) || connected(from, to)) continue;
      around[from]?.push(to);
      around[to]?.push(from);
      links.push([from, to]);
    }
  }
  return links;
}
