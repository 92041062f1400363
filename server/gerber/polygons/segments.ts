/** Distances between segments, without an allocation per call (the searches make millions of them). */

/** Closest points of the last `segmentDistance`: P on the first segment, Q on the second. */
export const closest = { px: 0, py: 0, qx: 0, qy: 0 };

const clamp01 = (value: number) => (value < 0 ? 0 : value > 1 ? 1 : value);

/** Distance between segments AB and CD (a point is a segment of length 0); their closest points in `closest`. */
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

/** Distance from a point to segment AB. */
export const pointDistance = (x: number, y: number, ax: number, ay: number, bx: number, by: number): number =>
  segmentDistance(x, y, x, y, ax, ay, bx, by);
