import { ARC_TOLERANCE_MM } from '../polygons/build';
import { boxesOverlap, insideRing, ringBox, type Ring } from '../polygons/rings';
import type { PolygonScope, Shape } from '../polygons/scope';
import type { RingIndex } from '../polygons/ring-index';
import { openBeside, TOUCH_MM } from './rim-pairs';
import type { Stretches } from './stretches';

/**
 * Narrow copper confirmed by an opening: around each stretch the rim pairs found (rim-pairs.ts), the
 * piece's copper is eroded by half the width looked for and grown back; what does not come back is copper narrower
 * than that, and where that remainder still holds a disc a fifth of the half width, it is a neck or a track, not the
 * corner of wide copper (a right angle's remainder holds a disc of 0.17 of it). Done only round the candidates:
 * over whole layers it costs several times building them.
 */

/** The remainder must hold a disc of this share of the half width (a right angle's holds 0.17). */
const CORE_SHARE = 0.2;
/** A stretch at least this many times the width looked for is a track whatever an opening says (hairlines). */
const LONG_TIMES = 2;

export interface NarrowPlace { piece: number; value: number; x: number; y: number }

/** The stretches of `narrow` that an opening confirms; `rings(piece)`: the piece's outer ring and holes. */
export function confirmedNarrow(
  scope: PolygonScope, narrow: Stretches, index: RingIndex, below: number, late: () => boolean,
): NarrowPlace[] {
  const rings = (piece: number) => { const p = index.pieces[piece]; return p ? [p.outer, ...p.holes] : []; };
  const r = below / 2;
  const margin = below + 0.05;
  const places: NarrowPlace[] = [];
  for (const [piece, stretch] of narrow.entries()) {
    if (late()) break;
    const [x0, y0, x1, y1] = stretch.box;
    // Copper narrower than touching copper is apart (rim-pairs.ts) is no copper a fab etches: slivers left between
    // two clear cuts that nearly meet (Sprint-Layout's isolation), not tracks.
    if (stretch.value < TOUCH_MM) continue;
    // Copper between two voids too thin to etch (slits between EAGLE's fill rows) is no neck.
    const [px = 0, py = 0, qx = 0, qy = 0, a = 0, b = 0] = stretch.extra;
    if (!openBeside(index, a, px, py) || !openBeside(index, b, qx, qy)) continue;
    if (Math.max(x1 - x0, y1 - y0) >= LONG_TIMES * below) { places.push({ piece, value: stretch.value, x: stretch.x, y: stretch.y }); continue; }
    const box: [number, number, number, number] = [x0 - margin, y0 - margin, x1 + margin, y1 + margin];
    const near = rings(piece).filter((ring) => boxesOverlap(ringBox(ring), box));
    const clipped = scope.clipToBox(near, box);
    const opened = openedBy(scope, clipped, r);
    const remainder = scope.difference(clipped, opened);
    const core = scope.offset(remainder, -CORE_SHARE * r, ARC_TOLERANCE_MM);
    const reach = CORE_SHARE * r + stretch.value / 2;
    const held = scope.rings(core).some((ring) => insideRing(ring, stretch.x, stretch.y) || nearRing(ring, stretch.x, stretch.y, reach));
    for (const shape of [clipped, opened, remainder, core]) scope.free(shape);
    if (held) places.push({ piece, value: stretch.value, x: stretch.x, y: stretch.y });
  }
  return places;
}

/**
 * `copper` opened by `radius`: eroded, then grown back two chord tolerances past it so that wide copper comes back
 * whole; what does not come back is narrower than twice the radius.
 */
export function openedBy(scope: PolygonScope, copper: Shape, radius: number): Shape {
  const eroded = scope.offset(copper, -radius, ARC_TOLERANCE_MM);
  const opened = scope.offset(eroded, radius + 2 * ARC_TOLERANCE_MM, ARC_TOLERANCE_MM);
  scope.free(eroded);
  return opened;
}

function nearRing(ring: Ring, x: number, y: number, reach: number): boolean {
  for (let at = 0; at < ring.length; at += 2) if (Math.hypot((ring[at] ?? 0) - x, (ring[at + 1] ?? 0) - y) <= reach) return true;
  return false;
}
