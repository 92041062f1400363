import { RingIndex } from '../polygons/ring-index';
import { insideRing, type Piece } from '../polygons/rings';
import type { PolygonScope, Shape } from '../polygons/scope';
import { closest, segmentDistance } from '../polygons/segments';
import { pairKey, Stretches } from './stretches';

/**
 * Silkscreen over copper the mask leaves bare: ink on a pad does not take and spoils the solder joint.
 * Where silk covers bare copper, the place is as deep into it as the silk reaches (a negative gap: how far from the
 * copper's rim the ink lies on it); where silk passes near it, the gap. One place per piece of silk and of bare copper,
 * by stretch.
 */

export interface SilkPlace { value: number; x: number; y: number }

/** The nearest rim to a point, looked for in widening squares: most of the points asked lie on one. */
function nearestRim(index: RingIndex, x: number, y: number): { segment: number; distance: number } {
  for (let reach = index.cell; reach <= 8; reach *= 2) {
    const found = index.nearest(x, y, reach);
    if (found.segment >= 0) return found;
  }
  return { segment: -1, distance: Infinity };
}

/** The deepest of a piece's points into `bare`: its corners, its sides' middles and its middle. */
function deepest(piece: Piece, bare: RingIndex): SilkPlace | null {
  const { outer } = piece;
  const points: number[] = [];
  let cx = 0; let cy = 0;
  const n = outer.length / 2;
  for (let i = 0; i < n; i += 1) {
    const x = outer[2 * i] ?? 0; const y = outer[2 * i + 1] ?? 0; const j = (i + 1) % n;
    points.push(x, y, (x + (outer[2 * j] ?? 0)) / 2, (y + (outer[2 * j + 1] ?? 0)) / 2);
    cx += x / n; cy += y / n;
  }
  if (insideRing(outer, cx, cy)) points.push(cx, cy);
  let best: SilkPlace | null = null;
  for (let at = 0; at < points.length; at += 2) {
    const x = points[at] ?? 0; const y = points[at + 1] ?? 0;
    const rim = nearestRim(bare, x, y);
    if (rim.segment >= 0 && -rim.distance < (best?.value ?? Infinity)) best = { value: -rim.distance, x, y };
  }
  return best;
}

export function silkOverCopper(
  scope: PolygonScope, silk: { shape: Shape; index: RingIndex }, bare: { shape: Shape; pieces: Piece[] }, below: number, late: () => boolean,
): SilkPlace[] {
  const places: SilkPlace[] = [];
  if (bare.pieces.length === 0) return places;
  const bareIndex = new RingIndex(bare.pieces, below);
  const overlap = scope.intersection(silk.shape, bare.shape);
  const covered = new Set<number>();
  for (const piece of scope.pieces(overlap)) {
    if (late()) break;
    const place = deepest(piece, bareIndex);
    if (!place) continue;
    places.push(place);
    const silkPiece = silk.index.locate(place.x, place.y);
    const barePiece = bareIndex.locate(place.x, place.y);
    covered.add(pairKey(Math.max(0, silkPiece), Math.max(0, barePiece)));
  }
  scope.free(overlap);
  // Silk near bare copper: rims closer than `below`, pairs of pieces the ink does not already cover.
  const near = new Stretches(1);
  // Walked from the bare copper's rims, which are fewer than the silk's (text is thousands of strokes).
  const { seg } = bareIndex;
  for (let segment = 0; segment < bareIndex.segments; segment += 1) {
    if (segment % 1024 === 0 && late()) break;
    const s = 4 * segment;
    const ax = seg[s] ?? 0; const ay = seg[s + 1] ?? 0; const bx = seg[s + 2] ?? 0; const by = seg[s + 3] ?? 0;
    for (const other of silk.index.within((ax + bx) / 2, (ay + by) / 2, Math.hypot(bx - ax, by - ay) / 2 + below)) {
      const o = 4 * other;
      const gap = segmentDistance(silk.index.seg[o] ?? 0, silk.index.seg[o + 1] ?? 0, silk.index.seg[o + 2] ?? 0, silk.index.seg[o + 3] ?? 0, ax, ay, bx, by);
      if (gap <= 0 || gap >= below) continue;
      const key = pairKey(silk.index.pieceOf[other] ?? 0, bareIndex.pieceOf[segment] ?? 0);
      if (!covered.has(key)) near.add(key, gap, closest.px, closest.py);
    }
  }
  for (const [, stretch] of near.entries()) places.push({ value: stretch.value, x: stretch.x, y: stretch.y });
  return places;
}
