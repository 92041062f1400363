import { ringBox, type Piece } from './rings';
import { closest, pointDistance } from './segments';
import { cellKey } from '../point-grid';

/**
 * The rims of a layer's pieces as segments in a grid, for the DFM searches: pairs of segments near each
 * other (gaps, widths), the nearest rim to a point (rings, drill to copper), which piece a point lies in. A segment
 * sits in the cells it passes through; cells are at least `reach` wide, so two segments that close lie in the same
 * or neighbouring cells. Segments of one ring are consecutive, and copper lies on each segment's left (outer rings
 * counter-clockwise, holes clockwise). Flat typed arrays and a dense grid: a layer's rims are hundreds of thousands
 * of segments, and maps or a list per cell would cost more than the searches.
 */

/** A step from (x, y) towards (tx, ty) goes to the left of the direction P → Q. */
const leftOf = (px: number, py: number, qx: number, qy: number, x: number, y: number, tx: number, ty: number) =>
  (qx - px) * (ty - y) - (qy - py) * (tx - x) > 0;

/** The most cells a layer's grid has: past it the cells grow (a panel of fine copper stays within memory). */
const MAX_CELLS = 4_000_000;
/** Segments are walked in steps of this share of a cell, so no cell they pass through is missed by more than it. */
const STEP_SHARE = 1 / 8;
/** The finest cell, mm. */
const MIN_CELL_MM = 0.15;
/** Coarse cells of the pieces' boxes, for finding the pieces a point may lie in. */
const PIECE_CELL_MM = 2;


export class RingIndex {
  /** ax ay bx by per segment. */
  readonly seg: Float64Array;
  /** Each segment's box: min x, min y, max x, max y. */
  readonly bounds: Float64Array;
  readonly pieceOf: Int32Array;
  readonly ringOf: Int32Array;
  /** Per segment: the length of its ring before it (for how far apart two points of one ring are along it). */
  readonly along: Float64Array;
  /** Per ring: its first segment (and one past the last at the next ring's), and its length. */
  readonly ringStart: Int32Array;
  readonly ringLength: Float64Array;
  /** Per piece: its box. */
  readonly boxes: [number, number, number, number][];
  /** The grid: its cell (mm), origin and size in cells; per cell, its segments are list[cellStart[c] … cellStart[c + 1]). */
  readonly cell: number;
  private readonly x0: number;
  private readonly y0: number;
  readonly columns: number;
  readonly rows: number;
  readonly cellStart: Int32Array;
  readonly list: Int32Array;
  private readonly pieceCells = new Map<number, number[]>();

  constructor(readonly pieces: Piece[], reach: number) {
    let segments = 0; let rings = 0;
    for (const piece of pieces) for (const ring of [piece.outer, ...piece.holes]) { segments += ring.length / 2; rings += 1; }
    this.seg = new Float64Array(4 * segments);
    this.bounds = new Float64Array(4 * segments);
    this.pieceOf = new Int32Array(segments);
    this.ringOf = new Int32Array(segments);
    this.along = new Float64Array(segments);
    this.ringStart = new Int32Array(rings + 1);
    this.ringLength = new Float64Array(rings);
    this.boxes = pieces.map((piece) => ringBox(piece.outer));
    let at = 0; let ring = 0;
    pieces.forEach((piece, index) => {
      for (const points of [piece.outer, ...piece.holes]) {
        this.ringStart[ring] = at;
        const n = points.length / 2;
        let length = 0;
        for (let i = 0; i < n; i += 1) {
          const j = (i + 1) % n;
          const ax = points[2 * i] ?? 0; const ay = points[2 * i + 1] ?? 0; const bx = points[2 * j] ?? 0; const by = points[2 * j + 1] ?? 0;
          this.seg[4 * at] = ax; this.seg[4 * at + 1] = ay; this.seg[4 * at + 2] = bx; this.seg[4 * at + 3] = by;
          this.bounds[4 * at] = Math.min(ax, bx); this.bounds[4 * at + 1] = Math.min(ay, by);
          this.bounds[4 * at + 2] = Math.max(ax, bx); this.bounds[4 * at + 3] = Math.max(ay, by);
          this.pieceOf[at] = index; this.ringOf[at] = ring; this.along[at] = length;
          length += Math.hypot(bx - ax, by - ay);
          at += 1;
        }
        this.ringLength[ring] = length;
        ring += 1;
      }
    });
    this.ringStart[rings] = at;
    const box = [Infinity, Infinity, -Infinity, -Infinity];
    for (const b of this.boxes) {
      box[0] = Math.min(box[0] ?? 0, b[0]);
      box[1] = Math.min(box[1] ?? 0, b[1]);
      box[2] = Math.max(box[2] ?? 0, b[2]);
      box[3] = Math.max(box[3] ?? 0, b[3]);
    }
    if (!Number.isFinite(box[0])) box.splice(0, 4, 0, 0, 0, 0);
    const width = (box[2] ?? 0) - (box[0] ?? 0); const height = (box[3] ?? 0) - (box[1] ?? 0);
    // A little wider than the reach: a segment's cells are found by stepping along it, up to 1/16 of a cell off. No
    // finer than MIN_CELL_MM: finer cells cost more to fill than they save (silk's 0.05 mm clearance).
    let cell = Math.max(reach * 1.25, MIN_CELL_MM);
    while (Math.ceil(width / cell + 1) * Math.ceil(height / cell + 1) > MAX_CELLS) cell *= 1.5;
    this.cell = cell;
    this.x0 = box[0] ?? 0; this.y0 = box[1] ?? 0;
    this.columns = Math.ceil(width / cell) + 1; this.rows = Math.ceil(height / cell) + 1;
    [this.cellStart, this.list] = this.fill(segments);
    this.boxes.forEach((b, index) => {
      for (let cx = Math.floor(b[0] / PIECE_CELL_MM); cx <= Math.floor(b[2] / PIECE_CELL_MM); cx += 1) {
        for (let cy = Math.floor(b[1] / PIECE_CELL_MM); cy <= Math.floor(b[3] / PIECE_CELL_MM); cy += 1) {
          const list = this.pieceCells.get(cellKey(cx, cy));
          if (list) list.push(index); else this.pieceCells.set(cellKey(cx, cy), [index]);
        }
      }
    });
  }

  /** The cell of a point, clamped into the grid. */
  cellAt(x: number, y: number): [number, number] {
    const cx = Math.min(this.columns - 1, Math.max(0, Math.floor((x - this.x0) / this.cell)));
    const cy = Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.y0) / this.cell)));
    return [cx, cy];
  }

  /** Counts, then fills, each cell's segments (a counting sort into one array). */
  private fill(segments: number): [Int32Array, Int32Array] {
    const cells = this.columns * this.rows;
    const counts = new Int32Array(cells + 1);
    const visit = (segment: number, each: (cell: number) => void) => {
      const s = 4 * segment;
      const ax = this.seg[s] ?? 0; const ay = this.seg[s + 1] ?? 0; const bx = this.seg[s + 2] ?? 0; const by = this.seg[s + 3] ?? 0;
      const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / (this.cell * STEP_SHARE)));
      let last = -1;
      for (let step = 0; step <= steps; step += 1) {
        const [cx, cy] = this.cellAt(ax + ((bx - ax) * step) / steps, ay + ((by - ay) * step) / steps);
        const cell = cy * this.columns + cx;
        if (cell !== last) { each(cell); last = cell; }
      }
    };
    // A segment may step back into a cell it left (a diagonal grazing a corner): counted once per visit, listed as often.
    const count = (cell: number) => { counts[cell + 1] = (counts[cell + 1] ?? 0) + 1; };
    for (let segment = 0; segment < segments; segment += 1) visit(segment, count);
    for (let cell = 0; cell < cells; cell += 1) counts[cell + 1] = (counts[cell + 1] ?? 0) + (counts[cell] ?? 0);
    const list = new Int32Array(counts[cells] ?? 0);
    const filled = counts.slice(0, cells);
    let listing = 0;
    const put = (cell: number) => { list[filled[cell] ?? 0] = listing; filled[cell] = (filled[cell] ?? 0) + 1; };
    for (listing = 0; listing < segments; listing += 1) visit(listing, put);
    return [counts, list];
  }

  get segments(): number {
    return this.pieceOf.length;
  }

  /** Per segment, the last search that listed it: each search lists a segment once without a set. */
  private listedBy: Int32Array | null = null;
  private search = 0;
  private readonly found: number[] = [];

  /** Segments possibly within `radius` of the point, each once (valid until the next search). */
  within(x: number, y: number, radius: number): readonly number[] {
    this.listedBy ??= new Int32Array(this.pieceOf.length);
    this.search += 1;
    const listed = this.listedBy; const search = this.search; const found = this.found;
    found.length = 0;
    // A segment is listed in the cells it was stepped through: up to 1/16 of a cell off the ones it grazes.
    const around = radius + this.cell * STEP_SHARE;
    const [cx0, cy0] = this.cellAt(x - around, y - around);
    const [cx1, cy1] = this.cellAt(x + around, y + around);
    for (let cy = cy0; cy <= cy1; cy += 1) {
      for (let cx = cx0; cx <= cx1; cx += 1) {
        const cell = cy * this.columns + cx;
        const end = this.cellStart[cell + 1] ?? 0;
        for (let at = this.cellStart[cell] ?? 0; at < end; at += 1) {
          const segment = this.list[at] ?? 0;
          if (listed[segment] === search) continue;
          listed[segment] = search;
          found.push(segment);
        }
      }
    }
    return found;
  }

  /** The segment after and before one on its ring. */
  next(segment: number): number {
    const ring = this.ringOf[segment] ?? 0;
    return segment + 1 < (this.ringStart[ring + 1] ?? 0) ? segment + 1 : (this.ringStart[ring] ?? 0);
  }

  previous(segment: number): number {
    const ring = this.ringOf[segment] ?? 0;
    return segment > (this.ringStart[ring] ?? 0) ? segment - 1 : (this.ringStart[ring + 1] ?? 1) - 1;
  }

  /** How far apart two points of one ring are along it, the shorter way (Infinity on different rings). */
  alongRing(a: number, ax: number, ay: number, b: number, bx: number, by: number): number {
    const ring = this.ringOf[a] ?? -1;
    if (ring !== this.ringOf[b]) return Infinity;
    const along = (this.along[a] ?? 0) + Math.hypot(ax - (this.seg[4 * a] ?? 0), ay - (this.seg[4 * a + 1] ?? 0))
      - (this.along[b] ?? 0) - Math.hypot(bx - (this.seg[4 * b] ?? 0), by - (this.seg[4 * b + 1] ?? 0));
    const span = Math.abs(along);
    return Math.min(span, (this.ringLength[ring] ?? 0) - span);
  }

  /**
   * A step from the rim point (x, y) of `segment` towards (tx, ty) enters the copper: copper lies left of a segment,
   * and at a corner (the point is an end) left of both segments there when the corner is convex, of either when not.
   */
  entersCopper(segment: number, x: number, y: number, tx: number, ty: number): boolean {
    const s = 4 * segment;
    const ax = this.seg[s] ?? 0; const ay = this.seg[s + 1] ?? 0; const bx = this.seg[s + 2] ?? 0; const by = this.seg[s + 3] ?? 0;
    let other = -1;
    if (Math.abs(ax - x) < 1e-7 && Math.abs(ay - y) < 1e-7) other = this.previous(segment);
    else if (Math.abs(bx - x) < 1e-7 && Math.abs(by - y) < 1e-7) other = this.next(segment);
    if (other < 0) return leftOf(ax, ay, bx, by, x, y, tx, ty);
    const o = 4 * other;
    const ox = this.seg[o] ?? 0; const oy = this.seg[o + 1] ?? 0; const px = this.seg[o + 2] ?? 0; const py = this.seg[o + 3] ?? 0;
    // The two segments in ring order, first then second, meeting at (x, y).
    const otherFirst = other === this.previous(segment);
    const f0 = otherFirst ? ox : ax; const f1 = otherFirst ? oy : ay; const f2 = otherFirst ? px : bx; const f3 = otherFirst ? py : by;
    const g0 = otherFirst ? ax : ox; const g1 = otherFirst ? ay : oy; const g2 = otherFirst ? bx : px; const g3 = otherFirst ? by : py;
    const convex = (f2 - f0) * (g3 - g1) - (f3 - f1) * (g2 - g0) > 0;
    const first = leftOf(f0, f1, f2, f3, x, y, tx, ty); const second = leftOf(g0, g1, g2, g3, x, y, tx, ty);
    return convex ? first && second : first || second;
  }

  /** The rim nearest the point within `radius`: its segment and distance (-1 and Infinity for none); point in `closest.qx/qy`. */
  nearest(x: number, y: number, radius: number): { segment: number; distance: number } {
    let best = { segment: -1, distance: Infinity };
    let px = 0; let py = 0;
    for (const segment of this.within(x, y, radius)) {
      const s = 4 * segment;
      const distance = pointDistance(x, y, this.seg[s] ?? 0, this.seg[s + 1] ?? 0, this.seg[s + 2] ?? 0, this.seg[s + 3] ?? 0);
      if (distance < best.distance && distance <= radius) { best = { segment, distance }; px = closest.qx; py = closest.qy; }
    }
    closest.qx = px; closest.qy = py;
    return best;
  }

  /**
   * The piece the point lies in, or -1: told by its nearest rim, which it lies left of (inside) or right of, looked
   * for in widening squares up to the pieces' boxes around it.
   */
  locate(x: number, y: number): number {
    let farthest = -1;
    for (const index of this.pieceCells.get(cellKey(Math.floor(x / PIECE_CELL_MM), Math.floor(y / PIECE_CELL_MM))) ?? []) {
      const box = this.boxes[index];
      if (box && x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3]) farthest = Math.max(farthest, x - box[0], box[2] - x, y - box[1], box[3] - y);
    }
    if (farthest < 0) return -1;
    for (let reach = this.cell; ; reach *= 2) {
      const found = this.nearest(x, y, reach);
      if (found.segment >= 0) {
        if (found.distance < 1e-9) return this.pieceOf[found.segment] ?? -1;
        // Inside when a step from the rim point towards the point enters the copper.
        return this.entersCopper(found.segment, closest.qx, closest.qy, x, y) ? (this.pieceOf[found.segment] ?? -1) : -1;
      }
      if (reach > farthest) return -1;
    }
  }
}
