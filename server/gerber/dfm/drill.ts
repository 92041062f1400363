import { visible, type AnalysedFile } from '../analysed';
import type { Found } from './places';

/** The board's holes and slots, from its drill files. */

export interface Hole { fileId: string; x: number; y: number; diameterMm: number }
/** A drilled slot or rout: its centre line (x y pairs) and width, for the copper round it. */
export interface SlotHole { fileId: string; line: number[]; diameterMm: number }

/**
 * A pad reaching no further than this past its hole is one the drill takes away: an unplated hole's pad drawn the
 * hole's size (PADS), set a micron off the hole's centre by the two files' rounding. No drill holds 5 µm.
 */
export const DRILLED_AWAY_MM = 0.005;

export function drillHoles(files: AnalysedFile[]): { holes: Hole[]; slots: Found[]; slotHoles: SlotHole[] } {
  const holes: Hole[] = [];
  const slots: Found[] = [];
  const slotHoles: SlotHole[] = [];
  const seen = new Set<string>();
  for (const entry of visible(files)) {
    const { excellon } = entry.file.read;
    if (entry.file.type !== 'drill' || entry.error || !excellon) continue;
    const fileId = entry.file.read.source.id;
    for (const hole of excellon.holes) {
      const key = `${Math.round(hole.x * 50)},${Math.round(hole.y * 50)},${Math.round(hole.diameterMm * 50)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      holes.push({ fileId, ...hole });
    }
    for (const path of excellon.paths) {
      const [x, y] = path.points[0] ?? [0, 0];
      if (path.kind === 'slot') slots.push({ rule: 'slotSize', fileId, valueMm: path.diameterMm, x, y });
      const [start, end] = [path.points[0], path.points[path.points.length - 1]];
      // A slot of no length is a round hole (EasyEDA writes its mounting holes as G85 from a point to itself).
      if (start && end && path.points.every(([px, py]) => Math.hypot(px - start[0], py - start[1]) < 1e-6))
        holes.push({ fileId, x: start[0], y: start[1], diameterMm: path.diameterMm });
      else if (path.diameterMm > 0) slotHoles.push({ fileId, line: path.points.flat(), diameterMm: path.diameterMm });
    }
  }
  return { holes, slots, slotHoles };
}
