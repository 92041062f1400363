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

/** A grid cell as one number (Map lookups on numbers are cheaper than on 'x,y' strings). */
const cellKey = (cx: number, cy: number) => (cx + 2 ** 24) * 2 ** 26 + (cy + 2 ** 24);

/**
 * Spatial hash of nodes: points within `gap` of an existing node are that node. Cells are four gaps wide, so a point
 * looks beyond its own cell only when it lies within `gap` of the cell's border. Coordinates are kept in flat
 * arrays: a board has hundreds of thousands of points and every object made per point costs collection time.
 */
function createNodes(gap: number) {
  const cell = Math.max(gap, 1e-6) * 4;
  const reach = gap * gap;
  const grid = new Map<number, number[]>();
  const xs: number[] = [];
  const ys: number[] = [];
  const near = (list: number[] | undefined, x: number, y: number): number => {
    if (!list) return -1;
    for (const id of list) {
      const dx = (xs[id] ?? 0) - x;
      const dy = (ys[id] ?? 0) - y;
      if (dx * dx + dy * dy <= reach) return id;
    }
    return -1;
  };
  return {
    xs,
    ys,
    id(x: number, y: number): number {
      const fx = x / cell;
      const fy = y / cell;
      const cx = Math.floor(fx);
      const cy = Math.floor(fy);
      const own = near(grid.get(cellKey(cx, cy)), x, y);
      if (own >= 0) return own;
      const edge = gap / cell;
      const left = fx - cx < edge;
      const right = cx + 1 - fx < edge;
      const down = fy - cy < edge;
      const up = cy + 1 - fy < edge;
      if (left || right || down || up) {
        for (let dx = -1; dx <= 1; dx += 1) {
          if ((dx === -1 && !left) || (dx === 1 && !right)) continue;
          for (let dy = -1; dy <= 1; dy += 1) {
            if ((dx === 0 && dy === 0) || (dy === -1 && !down) || (dy === 1 && !up)) continue;
            const found = near(grid.get(cellKey(cx + dx, cy + dy)), x, y);
            if (found >= 0) return found;
          }
        }
      }
      const id = xs.length;
      xs.push(x);
      ys.push(y);
      const key = cellKey(cx, cy);
      const list = grid.get(key);
      if (list) list.push(id);
      else grid.set(key, [id]);
      return id;
    },
  };
}

/**
 * Where each line must be cut: at crossings with other lines and where another line's end touches it. Lines are
 * bucketed in a grid so that only neighbours are compared, and neighbours whose boxes do not meet are passed over
 * before any geometry (most of them: text is short strokes side by side).
 */
function cutPoints(lines: Line[], gap: number): (number[] | undefined)[] {
  const count = lines.length;
  const cuts: (number[] | undefined)[] = new Array<number[] | undefined>(count);
  if (count < 2) return cuts;
  const boxes = new Float64Array(count * 4);
  let minX = Infinity; let minY = Infinity; let maxX = -Infinity; let maxY = -Infinity;
  lines.forEach(({ from, to }, index) => {
    const at = index * 4;
    boxes[at] = Math.min(from[0], to[0]) - gap; boxes[at + 1] = Math.min(from[1], to[1]) - gap;
    boxes[at + 2] = Math.max(from[0], to[0]) + gap; boxes[at + 3] = Math.max(from[1], to[1]) + gap;
    minX = Math.min(minX, boxes[at] ?? 0); minY = Math.min(minY, boxes[at + 1] ?? 0);
    maxX = Math.max(maxX, boxes[at + 2] ?? 0); maxY = Math.max(maxY, boxes[at + 3] ?? 0);
  });
  const span = Math.max(maxX - minX, maxY - minY, gap);
  const cell = Math.max(span / Math.max(1, Math.sqrt(count)), gap * 4);
  const cellOf = (value: number, origin: number) => Math.floor((value - origin) / cell);
  const grid = new Map<number, number[]>();
  for (let index = 0; index < count; index += 1) {
    const at = index * 4;
    // A long line is listed in every cell of its box; a diagonal one also in cells it only passes near.
    for (let x = cellOf(boxes[at] ?? 0, minX); x <= cellOf(boxes[at + 2] ?? 0, minX); x += 1) {
      for (let y = cellOf(boxes[at + 1] ?? 0, minY); y <= cellOf(boxes[at + 3] ?? 0, minY); y += 1) {
        const key = cellKey(x, y);
        const list = grid.get(key);
        if (list) list.push(index);
        else grid.set(key, [index]);
      }
    }
  }
  const seen = new Int32Array(count).fill(-1);
  const cut = (index: number) => (cuts[index] ??= []);
  for (let index = 0; index < count; index += 1) {
    const at = index * 4;
    const line = lines[index];
    if (!line) continue;
    for (let x = cellOf(boxes[at] ?? 0, minX); x <= cellOf(boxes[at + 2] ?? 0, minX); x += 1) {
      for (let y = cellOf(boxes[at + 1] ?? 0, minY); y <= cellOf(boxes[at + 3] ?? 0, minY); y += 1) {
        for (const other of grid.get(cellKey(x, y)) ?? []) {
          if (other <= index || seen[other] === index) continue;
          seen[other] = index;
          const to = other * 4;
          if ((boxes[to] ?? 0) > (boxes[at + 2] ?? 0) || (boxes[to + 2] ?? 0) < (boxes[at] ?? 0)
            || (boxes[to + 1] ?? 0) > (boxes[at + 3] ?? 0) || (boxes[to + 3] ?? 0) < (boxes[at + 1] ?? 0)) continue;
          const otherLine = lines[other];
          if (otherLine) meet(line, otherLine, gap, (t) => cut(index).push(t), (t) => cut(other).push(t));
        }
      }
    }
  }
  return cuts;
}

/**
 * Adds to each line's cut list where the two meet: where they cross, and where an end of one lies within `gap` of the
 * other (a T-junction, or an arc that stops just short of the side it joins at a shallow angle).
 */
function meet(a: Line, b: Line, gap: number, cutA: (t: number) => void, cutB: (t: number) => void): void {
  const [ax, ay] = a.from; const dax = a.to[0] - ax; const day = a.to[1] - ay;
  const [bx, by] = b.from; const dbx = b.to[0] - bx; const dby = b.to[1] - by;
  const lengthA = Math.hypot(dax, day);
  const lengthB = Math.hypot(dbx, dby);
  if (lengthA === 0 || lengthB === 0) return;
  const slackA = gap / lengthA;
  const slackB = gap / lengthB;
  const denominator = dax * dby - day * dbx;
  if (Math.abs(denominator) > 1e-12 * lengthA * lengthB) {
    const t = ((bx - ax) * dby - (by - ay) * dbx) / denominator;
    const u = ((bx - ax) * day - (by - ay) * dax) / denominator;
    if (t > slackA && t < 1 - slackA && u > slackB && u < 1 - slackB) {
      cutA(t);
      cutB(u);
      return;
    }
  }
  const endOn = (point: Point, line: Line, length: number, dx: number, dy: number, cut: (t: number) => void) => {
    const t = ((point[0] - line.from[0]) * dx + (point[1] - line.from[1]) * dy) / (length * length);
    if (t * length <= gap || (1 - t) * length <= gap) return;
    const distance = Math.abs((point[0] - line.from[0]) * dy - (point[1] - line.from[1]) * dx) / length;
    if (distance <= gap) cut(t);
  };
  endOn(b.from, a, lengthA, dax, day, cutA);
  endOn(b.to, a, lengthA, dax, day, cutA);
  endOn(a.from, b, lengthB, dbx, dby, cutB);
  endOn(a.to, b, lengthB, dbx, dby, cutB);
}

/**
 * The closed shapes of `lines`, largest first, and the ends left open. `cut`: also join lines where they cross or
 * where one ends on another — the comparison of neighbours costs most of the time, and lines that meet end to end
 * (what most CAD tools write) do not need it.
 */
export function findClosedShapes(lines: Line[], gapMm = 0.01, cut = true): ShapeSearch {
  const cuts = cut ? cutPoints(lines, gapMm) : null;
  const nodes = createNodes(gapMm);
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
