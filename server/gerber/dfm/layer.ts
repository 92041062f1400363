import type { DrawnShapes } from '../gerber-read';

/**
 * One layer's drawing as pieces for measuring gaps: each piece a segment with a radius (a stroke, a round pad, an
 * obround) or a polygon's edge (radius 0), owned by the shape it belongs to. Polygons (pads, regions) are kept whole
 * too, for telling a point inside copper from a gap. All in mm. Coordinates live in flat arrays: a board has hundreds
 * of thousands of pieces and an object per piece would cost more in collection than the measuring does.
 */
export interface Layer {
  /** ax ay bx by r per piece. */
  seg: number[];
  owner: number[];
  /** Per owner: whether it is a stroke (its width is a track's), and its polygons' indexes. */
  ownerIsStroke: boolean[];
  /** Per owner: whether it is a region (a pour), not a flashed pad. */
  ownerIsRegion: boolean[];
  /** Per owner: whether it is a flashed thermal relief (a plane's connection to a hole). */
  ownerIsThermal: boolean[];
  polygons: { points: number[]; box: [number, number, number, number]; owner: number }[];
  /** Per owner: the indexes of its polygons (none for strokes and round pads). */
  polygonsOf: number[][];
  /** Per owner: its first piece (an owner's pieces are consecutive). */
  firstPiece: number[];
  /** Per owner: its polarity level (DrawnShapes.levels); a later clear level takes away what it covers. */
  ownerLevel: number[];
  /** Pieces that are chords of an arc: the arc's centre and radius. */
  arcOf: Map<number, readonly [number, number, number]>;
  owners: number;
}

/**
 * The dark shapes of a drawing as a layer, or with `cuts` its clear ones (the shapes that take copper away), each
 * owner with its polarity level.
 */
export function layerOf(drawn: DrawnShapes, scale: number, cuts = false): Layer {
  const layer: Layer = { seg: [], owner: [], ownerIsStroke: [], ownerIsRegion: [], ownerIsThermal: [], polygons: [], polygonsOf: [], firstPiece: [], ownerLevel: [], arcOf: new Map(), owners: 0 };
  // Levels start where the count of shapes of a kind had reached levels[6k + kind]: a shape's level is one past
  // the last start at or before its index.
  const levelOf = (kind: number) => {
    let next = 0;
    return (index: number) => {
      while (next * 6 < drawn.levels.length && (drawn.levels[next * 6 + kind + (cuts ? 3 : 0)] ?? 0) <= index) next += 1;
      return next;
    };
  };
  let level = 0;
  const newOwner = (stroke: boolean, region = false, thermal = false) => {
    layer.ownerLevel.push(level);
    layer.ownerIsThermal.push(thermal);
    layer.ownerIsStroke.push(stroke);
    layer.ownerIsRegion.push(region);
    layer.polygonsOf.push([]);
    layer.firstPiece.push(layer.owner.length);
    return layer.owners++;
  };
  const piece = (ax: number, ay: number, bx: number, by: number, r: number, owner: number) => {
    layer.seg.push(ax, ay, bx, by, r);
    layer.owner.push(owner);
  };
  const polygon = (points: number[], owner: number) => {
    if (points.length < 6) return;
    const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let at = 0; at < points.length; at += 2) {
      const x = points[at] ?? 0; const y = points[at + 1] ?? 0;
      box[0] = Math.min(box[0], x); box[1] = Math.min(box[1], y); box[2] = Math.max(box[2], x); box[3] = Math.max(box[3], y);
    }
    layer.polygonsOf[owner]?.push(layer.polygons.length);
    layer.polygons.push({ points, box, owner });
    const n = points.length;
    for (let at = 0; at < n; at += 2) {
      piece(points[at] ?? 0, points[at + 1] ?? 0, points[(at + 2) % n] ?? 0, points[(at + 3) % n] ?? 0, 0, owner);
    }
  };
  const { strokes, pads, regions, arcs } = cuts ? drawn.cuts : drawn;
  // Strokes are the first pieces, one each: a chord's stroke index is its piece's.
  for (let at = 0; at < arcs.length; at += 4) arcOf(arcs, at, scale, layer.arcOf);
  const { tools } = drawn;
  const strokeLevel = levelOf(0); const padLevel = levelOf(1); const regionLevel = levelOf(2);
  for (let at = 0; at < strokes.length; at += 5) {
    level = strokeLevel(at / 5);
    const owner = newOwner(true);
    piece((strokes[at] ?? 0) * scale, (strokes[at + 1] ?? 0) * scale, (strokes[at + 2] ?? 0) * scale, (strokes[at + 3] ?? 0) * scale, ((strokes[at + 4] ?? 0) * scale) / 2, owner);
  }
  for (let at = 0; at < pads.length; at += 3) {
    const tool = tools[pads[at + 2] ?? -1];
    if (!tool) continue;
    const x = pads[at] ?? 0; const y = pads[at + 1] ?? 0;
    level = padLevel(at / 3);
    const owner = newOwner(false, false, tool.thermal);
    for (let c = 0; c < tool.circles.length; c += 3) {
      const cx = (x + (tool.circles[c] ?? 0)) * scale; const cy = (y + (tool.circles[c + 1] ?? 0)) * scale;
      piece(cx, cy, cx, cy, (tool.circles[c + 2] ?? 0) * scale, owner);
    }
    for (let c = 0; c < tool.capsules.length; c += 5) {
      piece((x + (tool.capsules[c] ?? 0)) * scale, (y + (tool.capsules[c + 1] ?? 0)) * scale, (x + (tool.capsules[c + 2] ?? 0)) * scale,
        (y + (tool.capsules[c + 3] ?? 0)) * scale, (tool.capsules[c + 4] ?? 0) * scale, owner);
    }
    for (const points of tool.polygons) {
      polygon(points.map((value, index) => (value + (index % 2 === 0 ? x : y)) * scale), owner);
    }
  }
  regions.forEach((points, index) => {
    level = regionLevel(index);
    polygon(points.map((value) => value * scale), newOwner(false, true));
  });
  return layer;
}

function arcOf(arcs: number[], at: number, scale: number, into: Map<number, readonly [number, number, number]>): void {
  into.set(arcs[at] ?? 0, [(arcs[at + 1] ?? 0) * scale, (arcs[at + 2] ?? 0) * scale, (arcs[at + 3] ?? 0) * scale]);
}

/** Closest points of two segments, kept here by segmentDistance (one call at a time: no allocation per call). */
export const closest = { px: 0, py: 0, qx: 0, qy: 0 };

const clamp01 = (value: number) => (value < 0 ? 0 : value > 1 ? 1 : value);

/** Distance between segments AB and CD (points are segments of length 0); their closest points in `closest`. */
export function segmentDistance(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): number {
  const ux = bx - ax; const uy = by - ay; const vx = dx - cx; const vy = dy - cy; const wx = ax - cx; const wy = ay - cy;
  const a = ux * ux + uy * uy; const b = ux * vx + uy * vy; const c = vx * vx + vy * vy; const d = ux * wx + uy * wy; const e = vx * wx + vy * wy;
  const denominator = a * c - b * b;
  let s: number; let t: number;
  if (a < 1e-18 && c < 1e-18) { s = 0; t = 0; }
  else if (a < 1e-18) { s = 0; t = clamp01(e / c); }
  else if (c < 1e-18) { t = 0; s = clamp01(-d / a); }
  else {
    s = denominator > 1e-18 ? clamp01((b * e - c * d) / denominator) : 0;
    t = (b * s + e) / c;
    if (t < 0) { t = 0; s = clamp01(-d / a); }
    else if (t > 1) { t = 1; s = clamp01((b - d) / a); }
  }
  closest.px = ax + ux * s; closest.py = ay + uy * s; closest.qx = cx + vx * t; closest.qy = cy + vy * t;
  return Math.hypot(closest.px - closest.qx, closest.py - closest.qy);
}

/** Even-odd test of a point against one polygon. */
export function insidePolygon(points: number[], x: number, y: number): boolean {
  let inside = false;
  const n = points.length;
  for (let at = 0, prev = n - 2; at < n; prev = at, at += 2) {
    const xi = points[at] ?? 0; const yi = points[at + 1] ?? 0; const xj = points[prev] ?? 0; const yj = points[prev + 1] ?? 0;
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Even-odd test against a polygon of many points (a pour has thousands) in time of a few: its edges are kept in
 * horizontal bands, and a point is tested against the edges of its band only, which are all that can cross its ray.
 */
export function polygonTest(points: number[], box: [number, number, number, number]): (x: number, y: number) => boolean {
  const n = points.length / 2;
  if (n <= 32) return (x, y) => insidePolygon(points, x, y);
  const count = Math.ceil(n / 8);
  const height = (box[3] - box[1]) / count || 1;
  const bands: number[][] = Array.from({ length: count }, () => []);
  for (let at = 0; at < points.length; at += 2) {
    const next = (at + 2) % points.length;
    const y0 = Math.min(points[at + 1] ?? 0, points[next + 1] ?? 0); const y1 = Math.max(points[at + 1] ?? 0, points[next + 1] ?? 0);
    const first = Math.max(0, Math.floor((y0 - box[1]) / height)); const last = Math.min(count - 1, Math.floor((y1 - box[1]) / height));
    for (let band = first; band <= last; band += 1) bands[band]?.push(at);
  }
  return (x, y) => {
    const band = bands[Math.min(count - 1, Math.max(0, Math.floor((y - box[1]) / height)))] ?? [];
    let inside = false;
    for (const at of band) {
      const next = (at + 2) % points.length;
      const xi = points[at] ?? 0; const yi = points[at + 1] ?? 0; const xj = points[next] ?? 0; const yj = points[next + 1] ?? 0;
      if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
}

/** A spatial hash of pieces: each piece sits in every cell it comes within `reach` of, so near pieces share a cell. */
export function pieceGrid(layer: Layer, cellMm: number, reach: number) {
  const cells = new Map<number, number[]>();
  const key = (cx: number, cy: number) => (cx + 2 ** 24) * 2 ** 26 + (cy + 2 ** 24);
  const put = (k: number, index: number) => {
    const list = cells.get(k);
    if (!list) cells.set(k, [index]);
    else if (list[list.length - 1] !== index) list.push(index);
  };
  const count = layer.owner.length;
  for (let index = 0; index < count; index += 1) {
    const at = index * 5;
    const ax = layer.seg[at] ?? 0; const ay = layer.seg[at + 1] ?? 0; const bx = layer.seg[at + 2] ?? 0; const by = layer.seg[at + 3] ?? 0;
    const around = (layer.seg[at + 4] ?? 0) + reach;
    // Along the segment in steps of half a cell, the cells within `around` of each step.
    const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / (cellMm / 2)));
    for (let step = 0; step <= steps; step += 1) {
      const x = ax + ((bx - ax) * step) / steps; const y = ay + ((by - ay) * step) / steps;
      const x0 = Math.floor((x - around) / cellMm); const x1 = Math.floor((x + around) / cellMm);
      const y0 = Math.floor((y - around) / cellMm); const y1 = Math.floor((y + around) / cellMm);
      for (let cx = x0; cx <= x1; cx += 1) for (let cy = y0; cy <= y1; cy += 1) put(key(cx, cy), index);
    }
  }
  // Each list once per piece: a piece revisits a cell from later steps.
  for (const [k, list] of cells) if (list.length > 1) cells.set(k, [...new Set(list)]);
  return {
    cells,
    at: (x: number, y: number): number[] => cells.get(key(Math.floor(x / cellMm), Math.floor(y / cellMm))) ?? [],
  };
}
export type PieceGrid = ReturnType<typeof pieceGrid>;

/** Union-find over owners. */
export function ownerSets(count: number) {
  const parent = Int32Array.from({ length: count }, (_, index) => index);
  const find = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root] ?? root;
    let at = index;
    while (parent[at] !== root) { const next = parent[at] ?? root; parent[at] = root; at = next; }
    return root;
  };
  return { find, join: (a: number, b: number) => { const ra = find(a); const rb = find(b); if (ra !== rb) parent[ra] = rb; } };
}

/** The pieces of one owner: [first, end). */
export const piecesOf = (layer: Layer, owner: number): [number, number] =>
  [layer.firstPiece[owner] ?? 0, layer.firstPiece[owner + 1] ?? layer.owner.length];
