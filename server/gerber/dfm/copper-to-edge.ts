import { late } from './budget';
import { copperOnRim, rimIsCopper } from './cuts';
import type { Drawn } from './drawn';
import type { EdgeIndex, EdgePlace } from './edges';
import { closest, segmentDistance } from './layer';
import { loopUnder } from './pads';

/** Copper near the outline, per owner its nearest place; copper drawn along the outline itself (an outline copied into a copper file) is skipped. */
export function copperToEdge(drawn: Drawn, edge: EdgeIndex, below: number, drilledAway: Set<number>): EdgePlace[] {
  const { edges } = edge;
  const { layer, cut } = drawn;
  const nearest = new Map<number, EdgePlace>();
  const copperAt = (x: number, y: number) => drawn.covering(x, y, false)[0] ?? -1;
  const linesNear = (ax: number, ay: number, bx: number, by: number) => {
    // Cells hold lines within one cell (2 mm) around them: enough for copper up to ~1.5 mm wide near the edge.
    const near = new Set<number>();
    const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / 1));
    for (let step = 0; step <= steps; step += 1) for (const line of edge.near(ax + ((bx - ax) * step) / steps, ay + ((by - ay) * step) / steps)) near.add(line);
    return near;
  };
  const keep = (owner: number, gap: number, x: number, y: number, piece: readonly number[]) => {
    if (gap >= below || gap >= (nearest.get(owner)?.gap ?? Infinity)) return;
    const [ax = 0, ay = 0, bx = 0, by = 0] = piece;
    // Copper lying outside the board (on a panel's frame, an outline plotted in copper with a wide line just
    // outside the edge) is routed away with the frame: it is no copper of the board.
    if (!edge.inside(ax, ay) && !edge.inside(bx, by) && !edge.inside((ax + bx) / 2, (ay + by) / 2)) return;
    nearest.set(owner, { fileId: drawn.id, owner, gap, x, y, piece });
  };
  for (let index = 0; index < layer.owner.length; index += 1) {
    if (index % 1024 === 0 && late()) break;
    const owner = layer.owner[index] ?? 0;
    // A pad the drill takes away whole (a panel's tooling or breakaway hole) leaves no copper near any edge.
    if (drilledAway.has(owner)) continue;
    const pad = !layer.ownerIsStroke[owner] && !layer.ownerIsRegion[owner];
    const at = index * 5;
    const ax = layer.seg[at] ?? 0; const ay = layer.seg[at + 1] ?? 0; const bx = layer.seg[at + 2] ?? 0; const by = layer.seg[at + 3] ?? 0;
    const r = layer.seg[at + 4] ?? 0;
    const near = linesNear(ax, ay, bx, by);
    if (near.size === 0) continue;
    let best = Infinity; let x = 0; let y = 0; let cx = 0; let cy = 0;
    const measured: [number, number, number, number][] = [];
    for (const lineIndex of near) {
      const line = edges[lineIndex];
      if (!line) continue;
      // A cut-out lying wholly under a pad (a mounting hole routed in the outline, its pad round it) is that
      // pad's hole: its ring is the rule there, not the copper's distance to an edge.
      if (pad && loopUnder(layer, owner, edge.boxOfLoop(lineIndex))) continue;
      measured.push([line.from[0], line.from[1], line.to[0], line.to[1]]);
      const distance = segmentDistance(ax, ay, bx, by, line.from[0], line.from[1], line.to[0], line.to[1]);
      if (distance - r < best) {
        // The place is the copper's own rim, where it comes nearest the edge.
        const toward = distance > 1e-9 ? r / distance : 0;
        best = distance - r; x = closest.px + (closest.qx - closest.px) * toward; y = closest.py + (closest.qy - closest.py) * toward;
        cx = closest.px; cy = closest.py;
      }
    }
    if (best >= below) continue;
    // Where the layer has clear shapes, the nearest point may have been taken away: then its rim is looked at whole.
    if (cut && !rimIsCopper(x, y, cx, cy, r, [ax, ay, bx, by], copperAt)) [best, x, y] = copperOnRim([ax, ay, bx, by, r], false, measured, copperAt, below);
    keep(owner, best, x, y, [ax, ay, bx, by, r]);
  }
  // A clear shape cutting copper back from the edge: the copper begins at its far rim.
  for (let index = 0; cut && index < cut.layer.owner.length; index += 1) {
    if (index % 1024 === 0 && late()) break;
    const at = index * 5; const seg = cut.layer.seg;
    const piece = [seg[at] ?? 0, seg[at + 1] ?? 0, seg[at + 2] ?? 0, seg[at + 3] ?? 0, seg[at + 4] ?? 0] as const;
    const lines = [...linesNear(piece[0], piece[1], piece[2], piece[3])].flatMap((line) => {
      const { from, to } = edges[line] ?? { from: [0, 0], to: [0, 0] };
      return [[from[0], from[1], to[0], to[1]] as const];
    });
    if (lines.length === 0) continue;
    const [gap, x, y, owner] = copperOnRim(piece, true, lines, copperAt, below);
    if (owner >= 0) keep(owner, gap, x, y, piece);
  }
  return [...nearest.values()];
}
