import { ringBox, type Piece } from './rings';
import { closest, pointDistance } from './segments';

/**
 * The rims of a layer's pieces as segments in a grid, for the DFM searches (issue 30): pairs of segments near each
 * other (gaps, widths), the nearest rim to a point (rings, drill to copper), which piece a point lies in. Each
 * segment sits in every cell it comes within `reach` of, so two segments that close share a cell. Segments of one
 * ring are consecutive, and copper lies on each segment's left (outer rings counter-clockwise, holes clockwise).
 * Flat typed arrays: a layer's rims are hundreds of thousands of segments.
 */

const EMPTY = new Int32Array(0);
const key = (cx: number, cy: number) => (cx + 2 ** 24) * 2 ** 26 + (cy + 2 ** 24);

export class RingIndex {
  /** ax ay bx by per segment. */
  readonly seg: Float64Array;
  readonly pieceOf: Int32Array;
  readonly ringOf: Int32Array;
  /** Per segment: the length of its ring before it (for how far apart two points of one ring are along it). */
  readonly along: Float64Array;
  /** Per ring: its first segment, and (one past the last) its end; its length. */
  readonly ringStart: Int32Array;
  readonly ringLength: Float64Array;
  /** Per piece: its box. */
  readonly boxes: [number, number, number, number][];
  private readonly cellStart = new Map<number, number>();
  private readonly cellList: Int32Array;
  private readonly pieceCells = new Map<number, number[]>();

  constructor(readonly pieces: Piece[], readonly cell: number, readonly reach: number) {
    let segments = 0; let rings = 0;
    for (const piece of pieces) for (const ring of [piece.outer, ...piece.holes]) { segments += ring.length / 2; rings += 1; }
    this.seg = new Float64Array(4 * segments);
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
          this.seg.set([ax, ay, bx, by], 4 * at);
          this.pieceOf[at] = index; this.ringOf[at] = ring; this.along[at] = length;
          length += Math.hypot(bx - ax, by - ay);
          at += 1;
        }
        this.ringLength[ring] = length;
        ring += 1;
      }
    });
    this.ringStart[rings] = at;
    this.cellList = this.fill(segments);
    this.boxes.forEach((box, index) => {
      for (let cx = Math.floor(box[0] / 2); cx <= Math.floor(box[2] / 2); cx += 1) {
        for (let cy = Math.floor(box[1] / 2); cy <= Math.floor(box[3] / 2); cy += 1) {
          const list = this.pieceCells.get(key(cx, cy));
          if (list) list.push(index); else this.pieceCells.set(key(cx, cy), [index]);
        }
      }
    });
  }

  /** Counts, then fills, each cell's segments in one array (a list per cell would be a million small arrays). */
  private fill(segments: number): Int32Array {
    const seen: number[] = [];
    const each = (segment: number, visit: (cellKey: number) => void) => {
      const ax = this.seg[4 * segment] ?? 0; const ay = this.seg[4 * segment + 1] ?? 0;
      const bx = this.seg[4 * segment + 2] ?? 0; const by = this.seg[4 * segment + 3] ?? 0;
      const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / (this.cell / 2)));
      seen.length = 0;
      for (let step = 0; step <= steps; step += 1) {
        const x = ax + ((bx - ax) * step) / steps; const y = ay + ((by - ay) * step) / steps;
        for (let cx = Math.floor((x - this.reach) / this.cell); cx <= Math.floor((x + this.reach) / this.cell); cx += 1) {
          for (let cy = Math.floor((y - this.reach) / this.cell); cy <= Math.floor((y + this.reach) / this.cell); cy += 1) {
            const k = key(cx, cy);
            if (seen.includes(k)) continue;
            seen.push(k);
            visit(k);
          }
        }
      }
    };
    for (let segment = 0; segment < segments; segment += 1) each(segment, (k) => this.cellEnd.set(k, (this.cellEnd.get(k) ?? 0) + 1));
    let total = 0;
    for (const [k, count] of this.cellEnd) { this.cellStart.set(k, total); total += count; this.cellEnd.set(k, total - count); }
    const list = new Int32Array(total);
    // cellEnd counts up from each cell's start as it is filled, and ends at its end.
    for (let segment = 0; segment < segments; segment += 1) {
      each(segment, (k) => {
        const at = this.cellEnd.get(k) ?? 0;
        list[at] = segment;
        this.cellEnd.set(k, at + 1);
      });
    }
    return list;
  }

  private readonly cellEnd = new Map<number, number>();

  get segments(): number {
    return this.pieceOf.length;
  }

  /** Every cell's segments, as [start, end) into `list`: the pair searches walk them. */
  *cells(): Generator<[number, number]> {
    for (const [k, start] of this.cellStart) yield [start, this.cellEnd.get(k) ?? start];
  }

  get list(): Int32Array {
    return this.cellList;
  }

  /** The segments within `reach` of the point's cell (and others). */
  near(x: number, y: number): Int32Array {
    const k = key(Math.floor(x / this.cell), Math.floor(y / this.cell));
    const start = this.cellStart.get(k);
    return start === undefined ? EMPTY : this.cellList.subarray(start, this.cellEnd.get(k) ?? start);
  }

  /** Segments possibly within `radius` of the point, each once. */
  within(x: number, y: number, radius: number): Set<number> {
    const found = new Set<number>();
    const grow = Math.max(0, radius - this.reach);
    for (let cx = Math.floor((x - grow) / this.cell); cx <= Math.floor((x + grow) / this.cell); cx += 1) {
      for (let cy = Math.floor((y - grow) / this.cell); cy <= Math.floor((y + grow) / this.cell); cy += 1) {
        for (const segment of this.near(cx * this.cell + this.cell / 2, cy * this.cell + this.cell / 2)) found.add(segment);
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
    const at = (segment: number, x: number, y: number) => (this.along[segment] ?? 0) + Math.hypot(x - (this.seg[4 * segment] ?? 0), y - (this.seg[4 * segment + 1] ?? 0));
    const span = Math.abs(at(a, ax, ay) - at(b, bx, by));
    return Math.min(span, (this.ringLength[ring] ?? 0) - span);
  }

  /**
   * A step from the rim point (x, y) of `segment` towards (tx, ty) enters the copper: copper lies left of a segment,
   * and at a corner (the point is an end) left of both segments there when the corner is convex, of either when not.
   */
  entersCopper(segment: number, x: number, y: number, tx: number, ty: number): boolean {
    const s = 4 * segment;
    const ax = this.seg[s] ?? 0; const ay = this.seg[s + 1] ?? 0; const bx = this.seg[s + 2] ?? 0; const by = this.seg[s + 3] ?? 0;
    const left = (px: number, py: number, qx: number, qy: number) => (qx - px) * (ty - y) - (qy - py) * (tx - x) > 0;
    const near = (px: number, py: number) => Math.abs(px - x) < 1e-7 && Math.abs(py - y) < 1e-7;
    let other = -1;
    if (near(ax, ay)) other = this.previous(segment); else if (near(bx, by)) other = this.next(segment);
    if (other < 0) return left(ax, ay, bx, by);
    const o = 4 * other;
    const ox = this.seg[o] ?? 0; const oy = this.seg[o + 1] ?? 0; const px = this.seg[o + 2] ?? 0; const py = this.seg[o + 3] ?? 0;
    // The two segments in ring order: first then second, meeting at (x, y).
    const [f, g] = other === this.previous(segment) ? [[ox, oy, px, py], [ax, ay, bx, by]] : [[ax, ay, bx, by], [ox, oy, px, py]];
    const [f0 = 0, f1 = 0, f2 = 0, f3 = 0] = f; const [g0 = 0, g1 = 0, g2 = 0, g3 = 0] = g;
    const convex = (f2 - f0) * (g3 - g1) - (f3 - f1) * (g2 - g0) > 0;
    return convex ? left(f0, f1, f2, f3) && left(g0, g1, g2, g3) : left(f0, f1, f2, f3) || left(g0, g1, g2, g3);
  }

  /** The rim nearest the point within `radius`: its segment and distance (-1 and Infinity for none); point in `closest`. */
  nearest(x: number, y: number, radius: number, accept: (segment: number) => boolean = () => true): { segment: number; distance: number } {
    let best = { segment: -1, distance: Infinity };
    let px = 0; let py = 0;
    for (const segment of this.within(x, y, radius)) {
      if (!accept(segment)) continue;
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
    const candidates = this.pieceCells.get(key(Math.floor(x / 2), Math.floor(y / 2))) ?? [];
    const inBox = candidates.filter((index) => {
      const box = this.boxes[index];
      return box !== undefined && x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
    });
    if (inBox.length === 0) return -1;
    let reach = Math.max(this.cell, this.reach);
    const farthest = Math.max(...inBox.map((index) => {
      const box = this.boxes[index] ?? [x, y, x, y];
      return Math.max(x - box[0], box[2] - x, y - box[1], box[3] - y);
    }));
    for (;;) {
      const found = this.nearest(x, y, reach);
      if (found.segment >= 0) {
        const px = closest.qx; const py = closest.qy;
        // Inside when a step from the rim point towards the point enters the copper.
        if (found.distance < 1e-9) return this.pieceOf[found.segment] ?? -1;
        return this.entersCopper(found.segment, px, py, x, y) ? (this.pieceOf[found.segment] ?? -1) : -1;
      }
      if (reach > farthest) return -1;
      reach *= 2;
    }
  }
}
