import { pointDistance } from '../polygons/segments';

/**
 * Strokes that are a pour's copper, not tracks (issue 30): the outline KiCad 5 strokes along a zone's region with the
 * zone's min width.
 */

/** A stroke's centre-line segment and its width, in mm. */
export interface Segment { ax: number; ay: number; bx: number; by: number; width: number }

/** How far a stroke's centre line may stray from a region's rim and be its outline: coordinates written alike. */
const ON_RIM_MM = 0.002;

/** Distance from a point to a contour's rim (x y pairs, closed implicitly). */
export function rimDistance(ring: ArrayLike<number>, x: number, y: number): number {
  let best = Infinity;
  const n = ring.length;
  for (let at = 0; at < n; at += 2) {
    const next = (at + 2) % n;
    best = Math.min(best, pointDistance(x, y, ring[at] ?? 0, ring[at + 1] ?? 0, ring[next] ?? 0, ring[next + 1] ?? 0));
  }
  return best;
}

/** Whether a stroke's centre line runs along one of the regions' rims: its ends and middle lie on it. */
export function alongRim(stroke: Segment, regions: ArrayLike<number>[]): boolean {
  const { ax, ay, bx, by } = stroke;
  if (Math.hypot(bx - ax, by - ay) < ON_RIM_MM) return false;
  return regions.some((ring) => rimDistance(ring, ax, ay) <= ON_RIM_MM && rimDistance(ring, bx, by) <= ON_RIM_MM
    && rimDistance(ring, (ax + bx) / 2, (ay + by) / 2) <= ON_RIM_MM);
}
