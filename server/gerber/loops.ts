/**
 * Closed shapes in a drawing's centre lines, found by geometry rather than by matching segment ends: lines are cut
 * where they cross or where one ends on another (a panel frame whose sides meet mid-segment, V-score lines running
 * past the frame), ends within 0.01 mm are one point, an open end is joined across a gap up to `gapMm` (loop-gaps.ts),
 * and what dangles (an overhang, a label, a dimension line) is pruned away until only cycles are left. Each connected
 * set of cycles is one shape; its box is the extent of its centre lines, which is how a board's size is measured.
 */
import { cutPoints } from './crossings';
import { boxArea, type Box, type Line, type Point } from './geometry';
import { gapLinks, withoutLooseDuplicates } from './loop-gaps';
import { createNodes } from './point-grid';

/** Ends this near are one point: a CAD tool's rounding, too small to move an edge that copper is measured to. */
const SAME_POINT_MM = 0.01;

export interface ClosedShape {
  box: Box;
  /** The shape's edges (cycles only, dangling parts removed), for drawing the board's clip. */
  edges: Line[];
}

export interface ShapeSearch {
  shapes: ClosedShape[];
  /** Points where a line ends without meeting another. */
  openEnds: Point[];
}

/**
 * The closed shapes of `lines`, largest first, and the ends left open. `cut`: also join lines where they cross or
 * where one ends on another — the comparison of neighbours costs most of the time, and lines that meet end to end
 * (what most CAD tools write) do not need it.
 */
export function findClosedShapes(drawn: Line[], gapMm = SAME_POINT_MM, cut = true): ShapeSearch {
  const snap = Math.min(gapMm, SAME_POINT_MM);
  const lines = gapMm > snap ? withoutLooseDuplicates(drawn, gapMm) : drawn;
  const cuts = cut ? cutPoints(lines, gapMm, snap) : null;
  const nodes = createNodes(snap);
  const edgeKeys = new Set<number>();
  const edgeFrom: number[] = [];
  const edgeTo: number[] = [];
  const addEdge = (from: number, to: number) => {
    if (from === to) return;
    const key = from < to ? from * 2 ** 26 + to : to * 2 ** 26 + from;
    if (edgeKeys.has(key)) return;
    edgeKeys.add(key);
    edgeFrom.push(from);
    edgeTo.push(to);
  };
  lines.forEach((line, index) => {
    const [x0, y0] = line.from;
    const dx = line.to[0] - x0;
    const dy = line.to[1] - y0;
    const stops = cuts?.[index];
    if (!stops || stops.length === 0) {
      addEdge(nodes.id(x0, y0), nodes.id(line.to[0], line.to[1]));
      return;
    }
    stops.sort((a, b) => a - b);
    let previous = nodes.id(x0, y0);
    for (const t of stops) {
      const next = nodes.id(x0 + dx * t, y0 + dy * t);
      addEdge(previous, next);
      previous = next;
    }
    addEdge(previous, nodes.id(line.to[0], line.to[1]));
  });
  if (gapMm > snap) for (const [from, to] of gapLinks(nodes.xs, nodes.ys, edgeFrom, edgeTo, gapMm)) addEdge(from, to);

  // Edges of each node in one flat array (offsets per node), as a graph of many points needs.
  const count = nodes.xs.length;
  const degree = new Int32Array(count);
  for (let index = 0; index < edgeFrom.length; index += 1) {
    for (const end of [edgeFrom[index] ?? 0, edgeTo[index] ?? 0]) degree[end] = (degree[end] ?? 0) + 1;
  }
  const offsets = new Int32Array(count + 1);
  for (let id = 0; id < count; id += 1) offsets[id + 1] = (offsets[id] ?? 0) + (degree[id] ?? 0);
  const filled = new Int32Array(count);
  const incident = new Int32Array(edgeFrom.length * 2);
  for (let index = 0; index < edgeFrom.length; index += 1) {
    for (const end of [edgeFrom[index] ?? 0, edgeTo[index] ?? 0]) {
      incident[(offsets[end] ?? 0) + (filled[end] ?? 0)] = index;
      filled[end] = (filled[end] ?? 0) + 1;
    }
  }
  const openEnds: Point[] = [];
  const queue: number[] = [];
  for (let id = 0; id < count; id += 1) {
    if (degree[id] !== 1) continue;
    openEnds.push([nodes.xs[id] ?? 0, nodes.ys[id] ?? 0]);
    queue.push(id);
  }

  // Peel off what dangles until every remaining point is on a cycle.
  const removed = new Uint8Array(edgeFrom.length);
  while (queue.length > 0) {
    const id = queue.pop() ?? 0;
    if (degree[id] !== 1) continue;
    let edge = -1;
    for (let slot = offsets[id] ?? 0; slot < (offsets[id + 1] ?? 0); slot += 1) {
      const candidate = incident[slot] ?? 0;
      if (!removed[candidate]) { edge = candidate; break; }
    }
    if (edge < 0) continue;
    removed[edge] = 1;
    for (const end of [edgeFrom[edge] ?? 0, edgeTo[edge] ?? 0]) {
      degree[end] = (degree[end] ?? 0) - 1;
      if (degree[end] === 1) queue.push(end);
    }
  }

  const component = new Int32Array(count).fill(-1);
  const shapes: ClosedShape[] = [];
  const point = (id: number): Point => [nodes.xs[id] ?? 0, nodes.ys[id] ?? 0];
  for (let start = 0; start < count; start += 1) {
    if (component[start] !== -1 || (degree[start] ?? 0) < 2) continue;
    let minX = Infinity; let minY = Infinity; let maxX = -Infinity; let maxY = -Infinity;
    const edges: Line[] = [];
    const stack = [start];
    component[start] = shapes.length;
    while (stack.length > 0) {
      const id = stack.pop() ?? 0;
      const x = nodes.xs[id] ?? 0;
      const y = nodes.ys[id] ?? 0;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      for (let slot = offsets[id] ?? 0; slot < (offsets[id + 1] ?? 0); slot += 1) {
        const index = incident[slot] ?? 0;
        if (removed[index]) continue;
        const from = edgeFrom[index] ?? 0;
        const to = edgeTo[index] ?? 0;
        const other = from === id ? to : from;
        if (from === id) edges.push({ from: point(from), to: point(to) });
        if (component[other] === -1) {
          component[other] = shapes.length;
          stack.push(other);
        }
      }
    }
    shapes.push({ box: [minX, minY, maxX, maxY], edges });
  }
  return { shapes: shapes.sort((a, b) => boxArea(b.box) - boxArea(a.box)), openEnds };
}

/**
 * The lines of every end-to-end group that reaches outside `box`: a group lying wholly inside it (lettering, traces,
 * a cut-out) cannot be part of a border drawn around it, and leaving it out spares the crossing search most lines.
 */
export function reachingOutside(lines: Line[], box: Box, gap: number): Line[] {
  const nodes = createNodes(gap);
  const ends = lines.map((line) => [nodes.id(line.from[0], line.from[1]), nodes.id(line.to[0], line.to[1])] as const);
  const parent = Int32Array.from({ length: nodes.xs.length }, (_, id) => id);
  const root = (id: number): number => {
    let at = id;
    while (parent[at] !== at) {
      const up = parent[at] ?? at;
      parent[at] = parent[up] ?? up;
      at = up;
    }
    return at;
  };
  for (const [from, to] of ends) parent[root(from)] = root(to);
  const outside = new Uint8Array(nodes.xs.length);
  nodes.xs.forEach((x, id) => {
    const y = nodes.ys[id] ?? 0;
    if (x <= box[0] || x >= box[2] || y <= box[1] || y >= box[3]) outside[root(id)] = 1;
  });
  return lines.filter((_, index) => outside[root(ends[index]?.[0] ?? 0)] === 1);
}
