import type { DfmRule } from '../../../src/contract/dfm';
import { late } from './budget';
import type { Drawn } from './drawn';
import { segmentDistance } from './layer';
import type { Found } from './places';

/** Strokes narrower than the limit: copper tracks and silk lines (issue 21). */

/** Both ends of the segment lie on the edge of a region (within 1 µm). */
function onRegionEdge(drawn: Drawn, ax: number, ay: number, bx: number, by: number): boolean {
  const { layer } = drawn;
  const onEdge = (x: number, y: number) => drawn.grid.at(x, y).some((index) => {
    const owner = layer.owner[index] ?? 0;
    const at = index * 5;
    return layer.ownerIsRegion[owner] === true
      && segmentDistance(layer.seg[at] ?? 0, layer.seg[at + 1] ?? 0, layer.seg[at + 2] ?? 0, layer.seg[at + 3] ?? 0, x, y, x, y) < 0.001;
  });
  return onEdge(ax, ay) && onEdge(bx, by);
}

const coveredBesides = (drawn: Drawn, owner: number, x: number, y: number) =>
  drawn.covering(x, y, true).some((other) => other !== owner);

/** Other copper covers the stroke's middle just inside either of its long sides. */
function sideOverlapped(drawn: Drawn, owner: number, ax: number, ay: number, bx: number, by: number, width: number): boolean {
  const length = Math.hypot(bx - ax, by - ay);
  if (length < 1e-6) return false;
  // A micron inside the side, so copper merely touching the stroke does not count. EAGLE's painting strokes overlap
  // by 2.5 µm (0.0039 in strokes 0.0038 in apart).
  const reach = width / 2 - 0.001;
  const nx = -(by - ay) / length * reach; const ny = (bx - ax) / length * reach;
  const x = (ax + bx) / 2; const y = (ay + by) / 2;
  return coveredBesides(drawn, owner, x + nx, y + ny) || coveredBesides(drawn, owner, x - nx, y - ny);
}

export function trackWidths(drawn: Drawn, below: number, found: Found[], rule: DfmRule): void {
  const { layer } = drawn;
  for (let index = 0; index < layer.owner.length; index += 1) {
    // Each thin stroke asks what lies under it, which is a cell's worth of segments: the budget holds here too.
    if (index % 256 === 0 && late()) break;
    const owner = layer.owner[index] ?? 0;
    const width = (layer.seg[index * 5 + 4] ?? 0) * 2;
    // Zero-width strokes draw nothing a fab makes (region outlines, reference marks).
    if (!layer.ownerIsStroke[owner] || width < 0.001 || width >= below) continue;
    const at = index * 5;
    const ax = layer.seg[at] ?? 0; const ay = layer.seg[at + 1] ?? 0; const bx = layer.seg[at + 2] ?? 0; const by = layer.seg[at + 3] ?? 0;
    const x = (ax + bx) / 2; const y = (ay + by) / 2;
    // A thin stroke is no thin copper where other copper lies under it: a pour's outline (KiCad draws one round
    // every filled zone), or a line drawn over a pad or a wider track; nor where other copper overlaps its side, so
    // the copper there is wider than the stroke: a pad or pour painted with thin strokes side by side (old EAGLE
    // CAM output paints its rotated pads so; the Arduino Uno's 0.099 mm strokes are pads 0.6 mm wide).
    if (coveredBesides(drawn, owner, x, y) || sideOverlapped(drawn, owner, ax, ay, bx, by, width)
      || onRegionEdge(drawn, ax, ay, bx, by)) continue;
    found.push({ rule, fileId: drawn.id, valueMm: width, x, y });
  }
}
