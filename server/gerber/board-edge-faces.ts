import { emptyBox, extendBox, type Line, type Point } from './geometry';

/**
 * The lines of a closed shape that bound the board. An edge read from a drawing (a silkscreen, a mask) comes
 * with the drawing's other outlines joined to it — a connector's body drawn across the edge, overhanging it — which
 * split it into faces. The board is the faces holding its holes or copper; its edge is the lines with the board on
 * one side only: what a router would cut. Lines with the board on both sides are drawn across it; lines with it on
 * neither side bound an overhang.
 */

const key = ([x, y]: Point) => `${x},${y}`;

/** Even-odd: the point lies inside the closed polygon (x y pairs). */
function within(polygon: number[], x: number, y: number): boolean {
  let inside = false;
  for (let at = 0, last = polygon.length - 2; at < polygon.length; last = at, at += 2) {
    const ax = polygon[at] ?? 0; const ay = polygon[at + 1] ?? 0; const bx = polygon[last] ?? 0; const by = polygon[last + 1] ?? 0;
    if ((ay > y) !== (by > y) && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) inside = !inside;
  }
  return inside;
}

interface Face { polygon: number[]; box: [number, number, number, number]; area: number }

/**
 * Each half-edge's face (half-edge 2i runs along line i, 2i + 1 back), walked with the face on the left: from a
 * half-edge's end, the next turns as far right as it can. Lines meet only at their ends (the shape's lines are cut
 * where they cross).
 */
function facesOf(lines: readonly Line[]): { faceOf: Int32Array; faces: Face[] } {
  const outgoing = new Map<string, number[]>();
  const start = (half: number): Point => { const line = lines[half >> 1] as Line; return half % 2 === 0 ? line.from : line.to; };
  const angle = (half: number) => {
    const [x0, y0] = start(half); const [x1, y1] = start(half ^ 1);
    return Math.atan2(y1 - y0, x1 - x0);
  };
  for (let half = 0; half < lines.length * 2; half += 1) {
    const k = key(start(half));
    const list = outgoing.get(k);
    if (list) list.push(half); else outgoing.set(k, [half]);
  }
  const slot = new Int32Array(lines.length * 2);
  for (const list of outgoing.values()) {
    list.sort((a, b) => angle(a) - angle(b));
    list.forEach((half, index) => { slot[half] = index; });
  }
  const faceOf = new Int32Array(lines.length * 2).fill(-1);
  const faces: Face[] = [];
  for (let first = 0; first < lines.length * 2; first += 1) {
    if (faceOf[first] !== -1) continue;
    const polygon: number[] = [];
    const box = emptyBox();
    let area = 0;
    for (let half = first; faceOf[half] === -1;) {
      faceOf[half] = faces.length;
      const [x, y] = start(half); const [nx, ny] = start(half ^ 1);
      polygon.push(x, y);
      area += x * ny - nx * y;
      extendBox(box, x, y);
      // At the end, the way back is half ^ 1; the next way out is the one just clockwise of it.
      const around = outgoing.get(key(start(half ^ 1))) ?? [];
      half = around[((slot[half ^ 1] ?? 0) - 1 + around.length) % around.length] ?? half;
    }
    faces.push({ polygon, box, area: area / 2 });
  }
  return { faceOf, faces };
}

/**
 * The lines of `lines` (a closed shape) that part the faces holding any of `points` from those holding none; `lines`
 * itself when the shape is one loop, or when that leaves nothing.
 */
export function boardBorder(lines: Line[], points: readonly Point[]): Line[] {
  const { faceOf, faces } = facesOf(lines);
  // Walked with the face on the left, the faces inside run counter-clockwise; the way round the outside, clockwise.
  const bounded = faces.map((face) => face.area > 0);
  if (bounded.filter(Boolean).length < 2) return lines;
  const board = new Uint8Array(faces.length);
  // The bounded faces by place, in a grid of 64 × 64 cells over their extent: a point is tried on its cell's faces.
  const extent = [Infinity, Infinity, -Infinity, -Infinity];
  faces.forEach((face, index) => {
    if (!bounded[index]) return;
    extent[0] = Math.min(extent[0] ?? 0, face.box[0]); extent[1] = Math.min(extent[1] ?? 0, face.box[1]);
    extent[2] = Math.max(extent[2] ?? 0, face.box[2]); extent[3] = Math.max(extent[3] ?? 0, face.box[3]);
  });
  const [left, bottom, right, top] = extent as [number, number, number, number];
  const size = Math.max(right - left, top - bottom, 1e-6) / 64;
  const cellOf = (value: number, from: number) => Math.min(63, Math.max(0, Math.floor((value - from) / size)));
  const cells = new Map<number, number[]>();
  faces.forEach((face, index) => {
    if (!bounded[index]) return;
    for (let cx = cellOf(face.box[0], left); cx <= cellOf(face.box[2], left); cx += 1) {
      for (let cy = cellOf(face.box[1], bottom); cy <= cellOf(face.box[3], bottom); cy += 1)
        cells.set(cx * 64 + cy, [...(cells.get(cx * 64 + cy) ?? []), index]);
    }
  });
  for (const [x, y] of points) {
    if (x < left || x > right || y < bottom || y > top) continue;
    const hit = (cells.get(cellOf(x, left) * 64 + cellOf(y, bottom)) ?? []).find((index) => {
      const face = faces[index] as Face;
      return x >= face.box[0] && x <= face.box[2] && y >= face.box[1] && y <= face.box[3] && within(face.polygon, x, y);
    });
    if (hit !== undefined) board[hit] = 1;
  }
  const border = lines.filter((_, line) => board[faceOf[2 * line] ?? 0] !== board[faceOf[2 * line + 1] ?? 0]);
  return border.length > 0 ? border : lines;
}
