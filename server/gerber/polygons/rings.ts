/**
 * Polygons on the JavaScript side: a ring is x y pairs, closed implicitly (its last point is not its first),
 * counter-clockwise (positive area) around copper and clockwise around a hole in it. Curves are cut into chords whose
 * corners lie on the curve, straying at most the tolerance inside it.
 */
export type Ring = Float64Array;

/** One connected piece of a united layer: its outer ring and the holes in it. */
export interface Piece { outer: Ring; holes: Ring[] }

export function signedArea(ring: ArrayLike<number>): number {
  let sum = 0;
  const n = ring.length;
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) sum += (ring[j] ?? 0) * (ring[i + 1] ?? 0) - (ring[i] ?? 0) * (ring[j + 1] ?? 0);
  return sum / 2;
}

/** The ring's points in the other order. */
export function reversed(ring: ArrayLike<number>): Ring {
  const n = Math.floor(ring.length / 2);
  const out = new Float64Array(2 * n);
  for (let i = 0; i < n; i += 1) {
    out[2 * i] = ring[2 * (n - 1 - i)] ?? 0;
    out[2 * i + 1] = ring[2 * (n - 1 - i) + 1] ?? 0;
  }
  return out;
}

/** The ring turned counter-clockwise when it is not. */
export function positive(points: ArrayLike<number>): Ring {
  return signedArea(points) >= 0 ? Float64Array.from(points) : reversed(points);
}

/** The ring turned clockwise (a hole) when it is not. */
export function negative(points: ArrayLike<number>): Ring {
  return signedArea(points) <= 0 ? Float64Array.from(points) : reversed(points);
}

/**
 * Chords for a whole turn of radius r straying at most `tolerance` from it: 8 at least, and a multiple of 4 so a
 * corner lies at each end of the axes (a round pad's nearest point to a straight neighbour is exact, not 2 µm in).
 */
export function chordsFor(r: number, tolerance: number): number {
  if (r <= tolerance) return 8;
  return Math.max(8, 4 * Math.ceil(Math.PI / Math.acos(1 - tolerance / r) / 4));
}

export function circle(cx: number, cy: number, r: number, tolerance: number): Ring {
  const n = chordsFor(r, tolerance);
  const ring = new Float64Array(2 * n);
  for (let i = 0; i < n; i += 1) {
    const angle = (i * 2 * Math.PI) / n;
    ring[2 * i] = cx + r * Math.cos(angle);
    ring[2 * i + 1] = cy + r * Math.sin(angle);
  }
  return ring;
}

/** An axis-aligned rectangle with corners rounded by r (an obround when r is half its shorter side). */
export function roundedRect(cx: number, cy: number, width: number, height: number, r: number, tolerance: number): Ring {
  const x0 = cx - width / 2; const x1 = cx + width / 2; const y0 = cy - height / 2; const y1 = cy + height / 2;
  const rounding = Math.min(r, width / 2, height / 2);
  if (rounding <= 0) return Float64Array.from([x0, y0, x1, y0, x1, y1, x0, y1]);
  const quarter = Math.max(1, Math.ceil(chordsFor(rounding, tolerance) / 4));
  const points: number[] = [];
  const corner = (ccx: number, ccy: number, start: number) => {
    for (let i = 0; i <= quarter; i += 1) {
      const angle = start + (Math.PI / 2) * (i / quarter);
      points.push(ccx + rounding * Math.cos(angle), ccy + rounding * Math.sin(angle));
    }
  };
  corner(x1 - rounding, y0 + rounding, -Math.PI / 2);
  corner(x1 - rounding, y1 - rounding, 0);
  corner(x0 + rounding, y1 - rounding, Math.PI / 2);
  corner(x0 + rounding, y0 + rounding, Math.PI);
  return Float64Array.from(points);
}

export function translated(ring: Ring, dx: number, dy: number): Ring {
  const moved = new Float64Array(ring.length);
  for (let i = 0; i < ring.length; i += 2) {
    moved[i] = (ring[i] ?? 0) + dx;
    moved[i + 1] = (ring[i + 1] ?? 0) + dy;
  }
  return moved;
}

/** Even-odd test of a point against one ring. */
export function insideRing(ring: ArrayLike<number>, x: number, y: number): boolean {
  let inside = false;
  const n = ring.length;
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
    const xi = ring[i] ?? 0; const yi = ring[i + 1] ?? 0; const xj = ring[j] ?? 0; const yj = ring[j + 1] ?? 0;
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The point lies in the piece's copper: inside its outer ring and in none of its holes. */
export const insidePiece = (piece: Piece, x: number, y: number): boolean =>
  insideRing(piece.outer, x, y) && !piece.holes.some((hole) => insideRing(hole, x, y));

/** Two boxes (x0 y0 x1 y1) share a point. */
export const boxesOverlap = (a: readonly number[], b: readonly number[]): boolean =>
  (a[0] ?? 0) <= (b[2] ?? 0) && (a[2] ?? 0) >= (b[0] ?? 0) && (a[1] ?? 0) <= (b[3] ?? 0) && (a[3] ?? 0) >= (b[1] ?? 0);

export function ringBox(ring: ArrayLike<number>): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < ring.length; i += 2) {
    const x = ring[i] ?? 0; const y = ring[i + 1] ?? 0;
    if (x < box[0]) box[0] = x;
    if (y < box[1]) box[1] = y;
    if (x > box[2]) box[2] = x;
    if (y > box[3]) box[3] = y;
  }
  return box;
}
