import type { DrawnShapes } from '../gerber-read';
import type { Covering } from './cuts';
import { piecesOf, segmentDistance, type Layer } from './layer';

/**
 * Negative plane films (issue 21): what such a layer draws is where copper is taken away (antipads round the holes
 * that do not join the plane, splits, the pull-back from the edge), and its copper is the board less that. PADS
 * writes them plainly, with thermal reliefs where holes join the plane. Allegro writes them as a dark background
 * far past the board, the plane's copper cut out of it in clear, and the antipads dark again on top: the IPC
 * netlist beside its films calls them NEG, though the files say %IPPOS. A positive layer never draws copper past
 * the board on every side (the router cuts it off), so a first dark region that does is a film's background.
 */

/** How far past the board on every side a first dark region must reach to be a negative film's background. */
const BACKGROUND_PAST_MM = 1;

export function isNegativeFilm(drawn: DrawnShapes, scale: number, board: [number, number, number, number] | null): boolean {
  if (drawn.thermals > 0) return true;
  const first = drawn.regions[0];
  // The region must come before the first clear shape: the levels' first start counts the regions drawn before it.
  if (!board || !first || drawn.clear === 0 || (drawn.levels[2] ?? 0) < 1) return false;
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  for (let at = 0; at < first.length; at += 2) {
    const x = (first[at] ?? 0) * scale; const y = (first[at + 1] ?? 0) * scale;
    box[0] = Math.min(box[0] ?? 0, x); box[1] = Math.min(box[1] ?? 0, y); box[2] = Math.max(box[2] ?? 0, x); box[3] = Math.max(box[3] ?? 0, y);
  }
  return (box[0] ?? 0) <= board[0] - BACKGROUND_PAST_MM && (box[1] ?? 0) <= board[1] - BACKGROUND_PAST_MM
    && (box[2] ?? 0) >= board[2] + BACKGROUND_PAST_MM && (box[3] ?? 0) >= board[3] + BACKGROUND_PAST_MM;
}

interface Plane { id: string; layer: Layer; covering: Covering }
interface Hole { x: number; y: number; diameterMm: number }
export interface PlaneClearance { fileId: string; valueMm: number; x: number; y: number }

const RAYS = 48;
const rays = Array.from({ length: RAYS }, (_, ray) => [Math.cos((2 * Math.PI * ray) / RAYS), Math.sin((2 * Math.PI * ray) / RAYS)] as const);
/** As measure.ts's: no drill holds 5 µm. */
const DRILLED_AWAY_MM = 0.005;

/**
 * Per hole and plane, the drill's distance to the plane's copper where the hole does not join the plane: the hole
 * stands in something drawn (its antipad) that is no thermal relief. The copper begins where nothing is drawn any
 * more, found along 48 rays from the hole and halved to 1 nm; only clearances under `below` are kept.
 */
export function planeClearances(holes: Hole[], planes: Plane[], inside: (x: number, y: number) => boolean, below: number, late: () => boolean): PlaneClearance[] {
  const found: PlaneClearance[] = [];
  for (const plane of planes) {
    const drawnAt = (x: number, y: number) => plane.covering(x, y, false).length > 0;
    for (const [index, hole] of holes.entries()) {
      if (index % 64 === 0 && late()) break;
      const over = plane.covering(hole.x, hole.y, true);
      // Nothing drawn: the hole stands in the plane's copper (a direct connection). A thermal: joined by its spokes.
      if (over.length === 0 || over.some((owner) => plane.layer.ownerIsThermal[owner])) continue;
      const radius = hole.diameterMm / 2;
      // Drawn only within the drill (Allegro flashes a dot smaller than the hole where a via joins its plane): the
      // drill takes it away, and the hole stands in copper.
      const wall = radius + DRILLED_AWAY_MM;
      if (rays.every(([dx, dy]) => !drawnAt(hole.x + dx * wall, hole.y + dy * wall))) continue;
      const reach = radius + below;
      // Most antipads are round and wide: one that holds the whole reach round the hole leaves nothing to look for.
      if (over.some((owner) => holds(plane.layer, owner, hole.x, hole.y, reach))) continue;
      let best = Infinity; let bx = 0; let by = 0;
      for (const [dx, dy] of rays) {
        // Drawn at the hole, and at `reach` too: no copper within reach along this ray (antipads are whole).
        if (drawnAt(hole.x + dx * reach, hole.y + dy * reach)) continue;
        let drawn = 0; let open = reach;
        while (open - drawn > 0.000001) {
          const middle = (drawn + open) / 2;
          if (drawnAt(hole.x + dx * middle, hole.y + dy * middle)) drawn = middle; else open = middle;
        }
        const x = hole.x + dx * open; const y = hole.y + dy * open;
        // Past the board's edge nothing is drawn, and nothing is copper.
        // Rays as near as each other (a round antipad) keep the first: the place does not hang on rounding.
        if (open - radius < best - 0.00001 && inside(x, y)) { best = open - radius; bx = x; by = y; }
      }
      if (best < below) found.push({ fileId: plane.id, valueMm: best, x: bx, y: by });
    }
  }
  return found;
}

/** A round part of the owner holds the disc of `reach` round (x, y). */
function holds(layer: Layer, owner: number, x: number, y: number, reach: number): boolean {
  const [first, end] = piecesOf(layer, owner);
  for (let index = first; index < end; index += 1) {
    const at = index * 5; const r = layer.seg[at + 4] ?? 0;
    if (r > reach && segmentDistance(x, y, x, y, layer.seg[at] ?? 0, layer.seg[at + 1] ?? 0, layer.seg[at + 2] ?? 0, layer.seg[at + 3] ?? 0) + reach <= r) return true;
  }
  return false;
}
