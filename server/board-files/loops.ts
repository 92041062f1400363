/**
 * Closed shapes in a drawing's centre lines, found by geometry rather than by matching segment ends: lines are cut
 * where they cross or where one ends on another (a panel frame whose sides meet mid-segment, V-score lines running
 * past the frame), ends closer than `gapMm` are one point, and what dangles (an overhang, a label, a dimension line)
 * is pruned away until only cycles are left. Each connected set of cycles is one shape; its box is the extent of
 * its centre lines, which is how a board's size is measured.
 */
export type Point = [number, number];
export interface Line { from: Point; to: Point }
export type Box = [number, number, number, number];

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

const area = (box: Box) => (box[2] - box[0]) * (box[3] - box[1]);
export const boxArea = area;

/** Spatial hash of nodes: points within `gap` of an existing node are that node. */
function createNodes(gap: number) {
  const cell = Math.max(gap, 1e-6);
  const grid = new Map<string, number[]>();
  const points: Point[] = [];
  return {
    points,
    id(point: Point): number {
      const cx = Math.floor(point[0] / cell);
      const cy = Math.floor(point[1] / cell);
      for (let dx = -1; dx <= 1; dx += 1) {
        for (let dy = -1; dy <= 1; dy += 1) {
          for (const id of grid.get(`${cx + dx},${cy + dy}`) ?? []) {
            const known = points[id];
            if (known && Math.hypot(known[0] - point[0], known[1] - point[1]) <= gap) return id;
          }
        }
      }
      const id = points.length;
      points.push(point);
      const key = `${cx},${cy}`;
      const list = grid.get(key);
      if (list) list.push(id);
      else grid.set(key, [id]);
      return id;
    },
  };
}

/**
 * Where each line must be cut: at crossings with other lines and where another line's end touches it. Lines are
 * bucketed in a grid so that only neighbours are compared.
 */
function cutPoints(lines: Line[], gap: number): number[][] {
  const cuts: number[][] = lines.map(() => []);
  if (lines.length < 2) return cuts;
  let minX = Infinity; let minY = Infinity; let maxX = -Infinity; let maxY = -Infinity;
  for (const { from, to } of lines) {
    minX = Math.min(minX, from[0], to[0]); maxX = Math.max(maxX, from[0], to[0]);
    minY = Math.min(minY, from[1], to[1]); maxY = Math.max(maxY, from[1], to[1]);
  }
  const span = Math.max(maxX - minX, maxY - minY, gap);
  const cell = Math.max(span / Math.max(1, Math.sqrt(lines.length)), gap * 4);
  const grid = new Map<string, number[]>();
  const cellsOf = (line: Line): string[] => {
    const keys: string[] = [];
    const x0 = Math.floor((Math.min(line.from[0], line.to[0]) - gap - minX) / cell);
    const x1 = Math.floor((Math.max(line.from[0], line.to[0]) + gap - minX) / cell);
    const y0 = Math.floor((Math.min(line.from[1], line.to[1]) - gap - minY) / cell);
    const y1 = Math.floor((Math.max(line.from[1], line.to[1]) + gap - minY) / cell);
    // A long line crossing many cells is listed in each; a diagonal one also in cells it only passes near.
    for (let x = x0; x <= x1; x += 1) for (let y = y0; y <= y1; y += 1) keys.push(`${x},${y}`);
    return keys;
  };
  lines.forEach((line, index) => {
    for (const key of cellsOf(line)) {
      const list = grid.get(key);
      if (list) list.push(index);
      else grid.set(key, [index]);
    }
  });
  const seen = new Int32Array(lines.length).fill(-1);
  lines.forEach((line, index) => {
    for (const key of cellsOf(line)) {
      for (const other of grid.get(key) ?? []) {
        if (other <= index || seen[other] === index) continue;
        seen[other] = index;
        const otherLine = lines[other];
        if (otherLine) meet(line, otherLine, gap, cuts[index] ?? [], cuts[other] ?? []);
      }
    }
  });
  return cuts;
}

/** Adds to each line's cut list where the two meet: a crossing, or an end of one lying on the other. */
function meet(a: Line, b: Line, gap: number, cutsA: number[], cutsB: number[]): void {
  const [ax, ay] = a.from; const dax = a.to[0] - ax; const day = a.to[1] - ay;
  const [bx, by] = b.from; const dbx = b.to[0] - bx; const dby = b.to[1] - by;
  const lengthA = Math.hypot(dax, day);
  const lengthB = Math.hypot(dbx, dby);
  if (lengthA === 0 || lengthB === 0) return;
  const denominator = dax * dby - day * dbx;
  if (Math.abs(denominator) > 1e-12 * lengthA * lengthB) {
    const t = ((bx - ax) * dby - (by - ay) * dbx) / denominator;
    const u = ((bx - ax) * day - (by - ay) * dax) / denominator;
    const slackA = gap / lengthA;
    const slackB = gap / lengthB;
    if (t > -slackA && t < 1 + slackA && u > -slackB && u < 1 + slackB) {
      if (t > slackA && t < 1 - slackA) cutsA.push(t);
      if (u > slackB && u < 1 - slackB) cutsB.push(u);
    }
    return;
  }
  // Parallel and overlapping: each end of one that lies on the other cuts it there.
  const onLine = (point: Point, line: Line, length: number, dx: number, dy: number, cuts: number[]) => {
    const t = ((point[0] - line.from[0]) * dx + (point[1] - line.from[1]) * dy) / (length * length);
    const distance = Math.abs((point[0] - line.from[0]) * dy - (point[1] - line.from[1]) * dx) / length;
    if (distance <= gap && t * length > gap && (1 - t) * length > gap) cuts.push(t);
  };
  onLine(b.from, a, lengthA, dax, day, cutsA);
  onLine(b.to, a, lengthA, dax, day, cutsA);
  onLine(a.from, b, lengthB, dbx, dby, cutsB);
  onLine(a.to, b, lengthB, dbx, dby, cutsB);
}

const at = (line: Line, t: number): Point => [line.from[0] + (line.to[0] - line.from[0]) * t, line.from[1] + (line.to[1] - line.from[1]) * t];

/** The closed shapes of `lines`, largest first, and the ends left open. */
export function findClosedShapes(lines: Line[], gapMm = 0.01): ShapeSearch {
  const cuts = cutPoints(lines, gapMm);
  const nodes = createNodes(gapMm);
  const edgeKeys = new Set<string>();
  const edges: [number, number][] = [];
  lines.forEach((line, index) => {
    const stops = [0, ...(cuts[index] ?? []).sort((a, b) => a - b), 1];
    for (let step = 1; step < stops.length; step += 1) {
      const from = nodes.id(at(line, stops[step - 1] ?? 0));
      const to = nodes.id(at(line, stops[step] ?? 1));
      if (from === to) continue;
      const key = from < to ? `${from},${to}` : `${to},${from}`;
      if (edgeKeys.has(key)) continue;
      edgeKeys.add(key);
      edges.push([from, to]);
    }
  });

  const degree = new Int32Array(nodes.points.length);
  const adjacent: number[][] = nodes.points.map(() => []);
  edges.forEach(([from, to], index) => {
    degree[from] = (degree[from] ?? 0) + 1; degree[to] = (degree[to] ?? 0) + 1;
    adjacent[from]?.push(index); adjacent[to]?.push(index);
  });
  const openEnds = nodes.points.filter((_, id) => degree[id] === 1);

  // Peel off what dangles until every remaining point is on a cycle.
  const removed = new Uint8Array(edges.length);
  const queue = nodes.points.map((_, id) => id).filter((id) => degree[id] === 1);
  while (queue.length > 0) {
    const id = queue.pop() ?? 0;
    if (degree[id] !== 1) continue;
    const edge = (adjacent[id] ?? []).find((index) => !removed[index]);
    if (edge === undefined) continue;
    removed[edge] = 1;
    const [from, to] = edges[edge] ?? [0, 0];
    for (const end of [from, to]) {
      degree[end] = (degree[end] ?? 0) - 1;
      if (degree[end] === 1) queue.push(end);
    }
  }

  const component = new Int32Array(nodes.points.length).fill(-1);
  const shapes: ClosedShape[] = [];
  for (let start = 0; start < nodes.points.length; start += 1) {
    if (component[start] !== -1 || (degree[start] ?? 0) < 2) continue;
    const shape: ClosedShape = { box: [Infinity, Infinity, -Infinity, -Infinity], edges: [] };
    const stack = [start];
    component[start] = shapes.length;
    while (stack.length > 0) {
      const id = stack.pop() ?? 0;
      const point = nodes.points[id] ?? [0, 0];
      shape.box = [Math.min(shape.box[0], point[0]), Math.min(shape.box[1], point[1]), Math.max(shape.box[2], point[0]), Math.max(shape.box[3], point[1])];
      for (const index of adjacent[id] ?? []) {
        if (removed[index]) continue;
        const [from, to] = edges[index] ?? [0, 0];
        const other = from === id ? to : from;
        if (from === id) shape.edges.push({ from: nodes.points[from] ?? point, to: nodes.points[to] ?? point });
        if (component[other] === -1) {
          component[other] = shapes.length;
          stack.push(other);
        }
      }
    }
    shapes.push(shape);
  }
  return { shapes: shapes.sort((a, b) => area(b.box) - area(a.box)), openEnds };
}

export const contains = (box: Box, point: Point, margin = 0.05): boolean =>
  point[0] >= box[0] - margin && point[0] <= box[2] + margin && point[1] >= box[1] - margin && point[1] <= box[3] + margin;

/**
 * The outer boundary of a shape as one closed polygon: walked from its leftmost point, always taking the first edge
 * counter-clockwise from the way back, which keeps the outside on the right. Lines inside (V-scores, the boards of a
 * panel) are not on it, so the polygon can clip a picture without cutting the board apart.
 */
export function outerBoundary(edges: Line[]): Point[] {
  const key = (point: Point) => `${point[0]},${point[1]}`;
  const neighbours = new Map<string, Point[]>();
  for (const { from, to } of edges) {
    neighbours.set(key(from), [...(neighbours.get(key(from)) ?? []), to]);
    neighbours.set(key(to), [...(neighbours.get(key(to)) ?? []), from]);
  }
  const points = edges.flatMap((edge) => [edge.from, edge.to]);
  const start = points.reduce<Point | null>((best, point) => (!best || point[0] < best[0] || (point[0] === best[0] && point[1] < best[1]) ? point : best), null);
  if (!start) return [];
  const polygon: Point[] = [start];
  let previous: Point = [start[0] - 1, start[1]];
  let current = start;
  for (let step = 0; step <= edges.length * 2; step += 1) {
    const back = Math.atan2(previous[1] - current[1], previous[0] - current[0]);
    const options = (neighbours.get(key(current)) ?? []).filter((next) => next !== previous || (neighbours.get(key(current)) ?? []).length === 1);
    let chosen: Point | null = null;
    let smallest = Infinity;
    for (const next of options) {
      const turn = (Math.atan2(next[1] - current[1], next[0] - current[0]) - back + 4 * Math.PI) % (2 * Math.PI) || 2 * Math.PI;
      if (turn < smallest) { smallest = turn; chosen = next; }
    }
    if (!chosen) break;
    previous = current;
    current = chosen;
    if (current === start) break;
    polygon.push(current);
  }
  return polygon;
}
