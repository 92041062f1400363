import { DRILLED_AWAY_MM, type Hole } from './drill';
import type { Drawn } from './drawn';
import { insidePolygon, piecesOf, segmentDistance, type Layer } from './layer';

/** The shape of a pad: what it covers, how far it reaches, where its rim is (issue 21). */

/** Every corner of the box lies within the pad: under a round part of it, or inside one of its polygons. */
export function loopUnder(layer: Layer, owner: number, box: [number, number, number, number]): boolean {
  const [first, end] = piecesOf(layer, owner);
  const under = (x: number, y: number) => {
    for (let index = first; index < end; index += 1) {
      const at = index * 5; const r = layer.seg[at + 4] ?? 0;
      if (r > 0 && segmentDistance(layer.seg[at] ?? 0, layer.seg[at + 1] ?? 0, layer.seg[at + 2] ?? 0, layer.seg[at + 3] ?? 0, x, y, x, y) <= r) return true;
    }
    return (layer.polygonsOf[owner] ?? []).some((p) => insidePolygon(layer.polygons[p]?.points ?? [], x, y));
  };
  return under(box[0], box[1]) && under(box[2], box[1]) && under(box[2], box[3]) && under(box[0], box[3]);
}

/** Per copper layer, the pads a hole takes away whole: the drill leaves nothing of them. */
export function drilledAwayPads(holes: Hole[], drawn: Drawn): Set<number> {
  const { layer } = drawn;
  const away = new Set<number>();
  for (const hole of holes) {
    for (const owner of drawn.covering(hole.x, hole.y, true)) {
      if (layer.ownerIsStroke[owner] || layer.ownerIsRegion[owner]) continue;
      if (padReach(layer, owner, hole.x, hole.y) <= hole.diameterMm / 2 + DRILLED_AWAY_MM) away.add(owner);
    }
  }
  return away;
}

/** The pad covers the point: within a round part's radius, or inside one of its polygons. */
function padCovers(layer: Layer, owner: number, x: number, y: number): boolean {
  const [first, end] = piecesOf(layer, owner);
  for (let index = first; index < end; index += 1) {
    const at = index * 5; const r = layer.seg[at + 4] ?? 0;
    if (r > 0 && segmentDistance(layer.seg[at] ?? 0, layer.seg[at + 1] ?? 0, layer.seg[at + 2] ?? 0, layer.seg[at + 3] ?? 0, x, y, x, y) <= r) return true;
  }
  return (layer.polygonsOf[owner] ?? []).some((p) => insidePolygon(layer.polygons[p]?.points ?? [], x, y));
}

const RAYS = 48;

/** The nearest point round (x, y) where the pad ends: along 48 rays (every 7.5°, so a pad's axes and diagonals too). */
export function rimAlongRays(layer: Layer, owner: number, x: number, y: number, reach: number): number {
  let rim = reach;
  for (let ray = 0; ray < RAYS; ray += 1) {
    const dx = Math.cos((2 * Math.PI * ray) / RAYS); const dy = Math.sin((2 * Math.PI * ray) / RAYS);
    // Covered up to `inside`, not at `outside`: halved to 0.1 µm. A ray that starts outside the pad has no ring.
    let inside = 0; let outside = Math.min(rim, reach);
    if (padCovers(layer, owner, x + dx * outside, y + dy * outside)) continue;
    if (!padCovers(layer, owner, x, y)) return 0;
    while (outside - inside > 0.0001) {
      const middle = (inside + outside) / 2;
      if (padCovers(layer, owner, x + dx * middle, y + dy * middle)) inside = middle; else outside = middle;
    }
    rim = Math.min(rim, inside);
  }
  return rim;
}

/** How far the pad reaches from a point. */
export function padReach(layer: Layer, owner: number, x: number, y: number): number {
  let reach = 0;
  const [first, end] = piecesOf(layer, owner);
  for (let index = first; index < end; index += 1) {
    const at = index * 5; const r = layer.seg[at + 4] ?? 0;
    reach = Math.max(reach, Math.hypot((layer.seg[at] ?? 0) - x, (layer.seg[at + 1] ?? 0) - y) + r, Math.hypot((layer.seg[at + 2] ?? 0) - x, (layer.seg[at + 3] ?? 0) - y) + r);
  }
  return reach;
}

/** How far a polygon's corner is moved towards its middle to be a point inside it. */
const CORNER_INSET = 0.1;

/**
 * Points of a shape inside its copper (x y pairs): its round parts' ends and middles, its polygons' middles and
 * corners moved a tenth of the way towards them.
 */
export function pointsInside(layer: Layer, owner: number): number[] {
  const points: number[] = [];
  const [first, end] = piecesOf(layer, owner);
  for (let index = first; index < end; index += 1) {
    const at = index * 5;
    if ((layer.seg[at + 4] ?? 0) <= 0) continue;
    const ax = layer.seg[at] ?? 0; const ay = layer.seg[at + 1] ?? 0; const bx = layer.seg[at + 2] ?? 0; const by = layer.seg[at + 3] ?? 0;
    points.push(ax, ay);
    if (ax !== bx || ay !== by) points.push((ax + bx) / 2, (ay + by) / 2, bx, by);
  }
  for (const index of layer.polygonsOf[owner] ?? []) {
    const corners = layer.polygons[index]?.points ?? [];
    let mx = 0; let my = 0;
    for (let at = 0; at < corners.length; at += 2) { mx += corners[at] ?? 0; my += corners[at + 1] ?? 0; }
    mx /= corners.length / 2; my /= corners.length / 2;
    const inside = (x: number, y: number) => { if (padCovers(layer, owner, x, y)) points.push(x, y); };
    inside(mx, my);
    for (let at = 0; at < corners.length; at += 2) {
      inside((corners[at] ?? 0) + (mx - (corners[at] ?? 0)) * CORNER_INSET, (corners[at + 1] ?? 0) + (my - (corners[at + 1] ?? 0)) * CORNER_INSET);
    }
  }
  return points;
}
