import type { Line, Point } from './geometry';

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
  const start = points.reduce<Point | null>(
    (best, point) => (!best || point[0] < best[0] || (point[0] === best[0] && point[1] < best[1]) ? point : best),
    null,
  );
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
    // Back at the start (its coordinates: the edges hold equal points in separate arrays): the walk closed.
    if (current[0] === start[0] && current[1] === start[1]) break;
    polygon.push(current);
  }
  return polygon;
}
