import { cellKey } from './point-grid';
import type { Line, Point } from './geometry';

/**
 * Where each line must be cut: at crossings with other lines and where another line's end comes within `gap` of it,
 * except within `same` of the line's own ends, where the points are one (loops.ts merges them). Lines are
 * bucketed in a grid so that only neighbours are compared, and neighbours whose boxes do not meet are passed over
 * before any geometry (most of them: text is short strokes side by side).
 */
export function cutPoints(lines: Line[], gap: number, same = gap): (number[] | undefined)[] {
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
          if (otherLine) meet(line, otherLine, gap, same, (t) => cut(index).push(t), (t) => cut(other).push(t));
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
function meet(a: Line, b: Line, gap: number, same: number, cutA: (t: number) => void, cutB: (t: number) => void): void {
  const [ax, ay] = a.from; const dax = a.to[0] - ax; const day = a.to[1] - ay;
  const [bx, by] = b.from; const dbx = b.to[0] - bx; const dby = b.to[1] - by;
  const lengthA = Math.hypot(dax, day);
  const lengthB = Math.hypot(dbx, dby);
  if (lengthA === 0 || lengthB === 0) return;
  const slackA = same / lengthA;
  const slackB = same / lengthB;
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
    if (t * length <= same || (1 - t) * length <= same) return;
    const distance = Math.abs((point[0] - line.from[0]) * dy - (point[1] - line.from[1]) * dx) / length;
    if (distance <= gap) cut(t);
  };
  endOn(b.from, a, lengthA, dax, day, cutA);
  endOn(b.to, a, lengthA, dax, day, cutA);
  endOn(a.from, b, lengthB, dbx, dby, cutB);
  endOn(a.to, b, lengthB, dbx, dby, cutB);
}
