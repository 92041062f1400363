import { late } from './budget';
import { CELL_MM, type Drawn } from './drawn';
import { closest, insidePolygon, segmentDistance } from './layer';
import type { Found } from './places';

/** Silk near or over a pad: against the mask's openings on its side (the copper's pads without a mask file). */
export function silkOverPads(silk: Drawn, openings: Drawn, below: number, found: Found[]): void {
  const nearest = new Map<number, [number, number, number]>();
  const s = silk.layer; const o = openings.layer;
  for (let index = 0; index < s.owner.length; index += 1) {
    if (index % 1024 === 0 && late()) break;
    const at = index * 5;
    const ax = s.seg[at] ?? 0; const ay = s.seg[at + 1] ?? 0; const bx = s.seg[at + 2] ?? 0; const by = s.seg[at + 3] ?? 0; const r = s.seg[at + 4] ?? 0;
    const candidates = new Set<number>();
    const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / (CELL_MM / 2)));
    for (let step = 0; step <= steps; step += 1) for (const other of openings.grid.at(ax + ((bx - ax) * step) / steps, ay + ((by - ay) * step) / steps)) candidates.add(other);
    for (const other of candidates) {
      const owner = o.owner[other] ?? 0;
      if (o.ownerIsStroke[owner]) continue;
      const ot = other * 5;
      const distance = segmentDistance(ax, ay, bx, by, o.seg[ot] ?? 0, o.seg[ot + 1] ?? 0, o.seg[ot + 2] ?? 0, o.seg[ot + 3] ?? 0);
      const x = closest.px; const y = closest.py;
      let gap = distance - r - (o.seg[ot + 4] ?? 0);
      // Silk inside a polygonal opening: as deep as its distance to the rim, and over it by its own width.
      if ((o.polygonsOf[owner] ?? []).some((p) => insidePolygon(o.polygons[p]?.points ?? [], x, y))) gap = -distance - r;
      if (gap < below && gap < (nearest.get(owner)?.[0] ?? Infinity)) nearest.set(owner, [gap, x, y]);
    }
  }
  for (const [gap, x, y] of nearest.values()) found.push({ rule: 'silkOverPad', fileId: silk.id, valueMm: gap, x, y });
}
