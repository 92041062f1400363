import { late } from './budget';
import { CELL_MM, type Drawn } from './drawn';
import { DRILLED_AWAY_MM, type Hole } from './drill';
import { closest, piecesOf, segmentDistance } from './layer';
import { padReach, rimAlongRays } from './pads';
import type { Found } from './places';
import type { Sets } from './spacing';

/**
 * Per hole: the narrowest copper ring of a pad flashed on it (any copper layer), and the nearest copper of any
 * layer that is not connected to what covers the hole (its pad, its track, its pour).
 */
export function holeRules(holes: Hole[], copper: Drawn[], sets: Sets, offsets: number[], limits: { ring: number; clearance: number }, found: Found[]): void {
  for (const hole of holes) {
    if (late()) break;
    const radius = hole.diameterMm / 2;
    let ring = Infinity; let ringFile: string | null = null;
    let clearance = Infinity; let clearanceFile: string | null = null; let cx = 0; let cy = 0;
    for (const [layerIndex, drawn] of copper.entries()) {
      const { layer } = drawn;
      const offset = offsets[layerIndex] ?? 0;
      // What covers the hole's centre (its pad, track or pour), and the ring of each pad there. Where pads overlap
      // (a via in a larger pad, a pin's pad on the pad of its footprint) the hole's ring is the widest pad's: a pad
      // the hole stands near the edge of is not its ring.
      const owners = drawn.covering(hole.x, hole.y, true);
      const covering = new Set(owners.map((owner) => sets.find(offset + owner)));
      let layerRim = -Infinity;
      for (const owner of new Set(owners)) {
        if (layer.ownerIsStroke[owner] || layer.ownerIsRegion[owner]) continue;
        const polygons = layer.polygonsOf[owner]?.length ?? 0;
        const polygonal = polygons > 0;
        // A pad the drill takes away whole has no ring to measure.
        const padReaches = padReach(layer, owner, hole.x, hole.y);
        if (padReaches <= radius + DRILLED_AWAY_MM) continue;
        const [first, end] = piecesOf(layer, owner);
        // A pad of several parts (a rounded rectangle as a macro: corner circles and overlapping rectangles) has
        // edges inside it; its rim is where the union ends, found along rays from the hole.
        const composite = polygons > 1 || (polygonal && end - first > (layer.polygons[layer.polygonsOf[owner]?.[0] ?? 0]?.points.length ?? 0) / 2);
        if (composite) {
          layerRim = Math.max(layerRim, rimAlongRays(layer, owner, hole.x, hole.y, padReaches));
          continue;
        }
        let rim = polygonal ? Infinity : -Infinity;
        for (let index = first; index < end; index += 1) {
          const at = index * 5; const r = layer.seg[at + 4] ?? 0;
          const ax = layer.seg[at] ?? 0; const ay = layer.seg[at + 1] ?? 0; const bx = layer.seg[at + 2] ?? 0; const by = layer.seg[at + 3] ?? 0;
          const distance = segmentDistance(ax, ay, bx, by, hole.x, hole.y, hole.x, hole.y);
          // A polygon's rim is its nearest edge; round pads are as wide as the round part holding the hole the most.
          if (polygonal && r === 0) rim = Math.min(rim, distance);
          else if (!polygonal) rim = Math.max(rim, r - distance);
        }
        layerRim = Math.max(layerRim, rim);
      }
      if (layerRim > -Infinity && layerRim - radius < ring) { ring = layerRim - radius; ringFile = drawn.id; }
      const reach = radius + limits.clearance;
      const near = new Set<number>();
      for (let x = hole.x - reach; x <= hole.x + reach + CELL_MM; x += CELL_MM) {
        for (let y = hole.y - reach; y <= hole.y + reach + CELL_MM; y += CELL_MM) for (const index of drawn.grid.at(x, y)) near.add(index);
      }
      for (const index of near) {
        const owner = layer.owner[index] ?? 0;
        if (covering.has(sets.find(offset + owner))) continue;
        const at = index * 5;
        const distance = segmentDistance(hole.x, hole.y, hole.x, hole.y, layer.seg[at] ?? 0, layer.seg[at + 1] ?? 0, layer.seg[at + 2] ?? 0, layer.seg[at + 3] ?? 0);
        const gap = distance - (layer.seg[at + 4] ?? 0) - radius;
        if (gap < clearance) {
          // The place is the copper's rim nearest the hole.
          const toward = distance > 1e-9 ? (layer.seg[at + 4] ?? 0) / distance : 0;
          clearance = gap; clearanceFile = drawn.id;
          cx = closest.qx + (closest.px - closest.qx) * toward; cy = closest.qy + (closest.py - closest.qy) * toward;
        }
      }
    }
    if (ring < limits.ring) found.push({ rule: 'annularRing', fileId: ringFile, valueMm: ring, x: hole.x, y: hole.y });
    if (clearance < limits.clearance) found.push({ rule: 'drillToCopper', fileId: clearanceFile, valueMm: clearance, x: cx, y: cy });
  }
}
