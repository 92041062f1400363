import { closest, segmentDistance, type Layer } from './layer';

/**
 * Clear polarity (%LPC) in a positive layer (issue 21): a clear shape takes away whatever dark shape was drawn
 * before it, and a dark shape drawn after it lies on top again. Sprint-Layout pours a whole-board rectangle and
 * cuts each track's isolation out of it; EAGLE cuts its polygons' clearances. A point is copper where the last
 * shape drawn over it is dark.
 */

/** The owners drawn at a point (all of them, or the first found); with `polygonsOnly`, of pads' and pours' polygons only. */
export type Covering = (x: number, y: number, all: boolean, polygonsOnly?: boolean) => number[];

/** The owners covering a point that no later clear shape takes away there. */
export function withCuts(layer: Layer, covering: Covering, cut: Layer | null, cutCovering: Covering | null): Covering {
  if (!cut || !cutCovering) return covering;
  return (x, y, all, polygonsOnly = false) => {
    const owners = covering(x, y, true, polygonsOnly);
    if (owners.length === 0) return owners;
    let cutLevel = -1;
    for (const owner of cutCovering(x, y, true)) cutLevel = Math.max(cutLevel, cut.ownerLevel[owner] ?? 0);
    const kept = cutLevel < 0 ? owners : owners.filter((owner) => (layer.ownerLevel[owner] ?? 0) > cutLevel);
    return all ? kept : kept.slice(0, 1);
  };
}

/** Polarity levels (DrawnShapes.levels) after some strokes were left out: each level's stroke count is recounted. */
export function levelsWithout(levels: number[], strokeCount: number, dropped: (stroke: number) => boolean): number[] {
  if (levels.length === 0) return levels;
  const keptBefore = new Int32Array(strokeCount + 1);
  for (let stroke = 0; stroke < strokeCount; stroke += 1) keptBefore[stroke + 1] = (keptBefore[stroke] ?? 0) + (dropped(stroke) ? 0 : 1);
  return levels.map((count, index) => (index % 6 === 0 ? keptBefore[Math.min(count, strokeCount)] ?? count : count));
}

/** Steps along a piece when its rim is sampled: a rim at an angle to the edge is measured at most this far off. */
const SAMPLE_MM = 0.02;
/** How far past a rim a point is looked at to tell which side of it is copper. */
const NUDGE_MM = 0.001;

/**
 * The nearest copper on a piece's rim to some lines (the board's edge), on a layer with clear shapes, where the
 * nearest point of a dark piece may be taken away and a clear piece's rim is where copper begins: the rim is
 * sampled along the piece and only points with copper beside them count. A dark piece's rim faces the line; a
 * clear piece's faces away from it (a pour cut back from the edge begins on the cut's far side). The value and
 * place, and the owner of the copper there (-1, and Infinity, when no copper on the rim comes under `below`).
 */
export function copperOnRim(
  piece: readonly [number, number, number, number, number], clear: boolean, lines: readonly (readonly [number, number, number, number])[],
  copperAt: (x: number, y: number) => number, below: number,
): [number, number, number, number] {
  const [ax, ay, bx, by, r] = piece;
  const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / SAMPLE_MM));
  // A polygon's edge (no radius) has copper on one side: both sides are looked at.
  const length = Math.hypot(bx - ax, by - ay);
  // The piece's normal (a dot's is any), NUDGE_MM long.
  const nx = length > 0 ? (-(by - ay) / length) * NUDGE_MM : 0; const ny = length > 0 ? ((bx - ax) / length) * NUDGE_MM : NUDGE_MM;
  // Only values under `below` are looked for: the rest asks nothing of the layer.
  let best: [number, number, number, number] = [below, 0, 0, -1];
  const at = (sx: number, sy: number, line: readonly [number, number, number, number]) => {
    const d = segmentDistance(sx, sy, sx, sy, line[0], line[1], line[2], line[3]);
    const value = clear ? d + r : d - r;
    if (value >= best[0]) return;
    // Towards the line; on it (the edge runs inside the piece), either way across the piece.
    const directions = d > 1e-9 ? [[(closest.qx - sx) / d, (closest.qy - sy) / d]] : [[nx / NUDGE_MM, ny / NUDGE_MM], [-nx / NUDGE_MM, -ny / NUDGE_MM]];
    for (const [ux = 0, uy = 0] of directions) {
      const toward = clear ? -r : r;
      const px = sx + ux * toward; const py = sy + uy * toward;
      // Copper lies back from a dark rim into its piece, and on past a clear rim away from its piece: both away from the line.
      const beside = r === 0 ? Math.max(copperAt(px + nx, py + ny), copperAt(px - nx, py - ny))
        : copperAt(px - ux * NUDGE_MM, py - uy * NUDGE_MM);
      if (beside >= 0) { best = [value, px, py, beside]; return; }
    }
  };
  for (const line of lines) {
    // The piece's own nearest point to the line first: where it crosses the edge, no step lands on the crossing.
    segmentDistance(ax, ay, bx, by, line[0], line[1], line[2], line[3]);
    at(closest.px, closest.py, line);
  }
  // A piece whose nearest point is `below` or further from every line has nothing nearer.
  if (lines.every((line) => segmentDistance(ax, ay, bx, by, line[0], line[1], line[2], line[3]) + (clear ? r : -r) >= below)) return [Infinity, 0, 0, -1];
  for (let step = 0; step <= steps; step += 1) {
    const sx = ax + ((bx - ax) * step) / steps; const sy = ay + ((by - ay) * step) / steps;
    for (const line of lines) at(sx, sy, line);
  }
  return best[3] < 0 ? [Infinity, 0, 0, -1] : best;
}

/**
 * Copper lies just inside a piece's rim point (x, y): back towards its centre line point (cx, cy) for a round
 * piece, on either side of a polygon's edge (`segment`) for one of no radius.
 */
export function rimIsCopper(x: number, y: number, cx: number, cy: number, r: number, segment: readonly number[], copperAt: (x: number, y: number) => number): boolean {
  if (r > 0) {
    const d = Math.hypot(x - cx, y - cy) || 1;
    return copperAt(x + ((cx - x) / d) * NUDGE_MM, y + ((cy - y) / d) * NUDGE_MM) >= 0;
  }
  const [ax = 0, ay = 0, bx = 0, by = 0] = segment;
  const length = Math.hypot(bx - ax, by - ay) || 1;
  const nx = (-(by - ay) / length) * NUDGE_MM; const ny = ((bx - ax) / length) * NUDGE_MM;
  return copperAt(x + nx, y + ny) >= 0 || copperAt(x - nx, y - ny) >= 0;
}
