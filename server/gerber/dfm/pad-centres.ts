import type { LayerObjects } from '../layer-objects';
import type { Drilled } from './hole-copper';
import { cellKey } from '../point-grid';

/**
 * A round hole stands at its pad's centre when the two files put them this near: each file rounds the
 * centre to its own format, and a drill file's step is coarser than a Gerber's — 1 µm in 3-decimal mm (0.7 µm off
 * on the diagonal), 2.54 µm in 2.4 inch (1.8 µm off). A ring drawn at a class's limit then reads a micron under it on
 * one side (mTrain's 0.45 mm pads on 0.25 mm drills: 0.0993). No fab places a drill to 2.5 µm: its registration is
 * tens of microns, so no real ring is lost this way; a hole further off is measured where the drill file puts it.
 */
export const DRILL_ROUNDING_MM = 0.0025;

const CELL_MM = 0.01;

/** Centres a round hole on the dark flash of the layer within the rounding of its centre; a slot, or a hole with none, as it is. */
export function padCentring(objects: LayerObjects): (hole: Drilled) => Drilled {
  const cells = new Map<number, number[]>();
  for (const run of objects.runs) {
    if (!run.dark) continue;
    for (let at = 0; at + 1 < run.flashes.length; at += 3) {
      const x = run.flashes[at] ?? 0; const y = run.flashes[at + 1] ?? 0;
      const cell = cellKey(Math.floor(x / CELL_MM), Math.floor(y / CELL_MM));
      const list = cells.get(cell);
      if (list) list.push(x, y); else cells.set(cell, [x, y]);
    }
  }
  return (hole) => {
    if (hole.line.length !== 2) return hole;
    const x = hole.line[0] ?? 0; const y = hole.line[1] ?? 0;
    let best: [number, number] | null = null;
    let nearest = DRILL_ROUNDING_MM;
    const cx = Math.floor(x / CELL_MM); const cy = Math.floor(y / CELL_MM);
    for (let dx = -1; dx <= 1; dx += 1) {
      for (let dy = -1; dy <= 1; dy += 1) {
        const list = cells.get(cellKey(cx + dx, cy + dy)) ?? [];
        for (let at = 0; at + 1 < list.length; at += 2) {
          const px = list[at] ?? 0; const py = list[at + 1] ?? 0;
          const distance = Math.hypot(px - x, py - y);
          if (distance <= nearest) { nearest = distance; best = [px, py]; }
        }
      }
    }
    return best && nearest > 0 ? { ...hole, line: best } : hole;
  };
}
