import type { DfmRule } from '../../src/contract/dfm';
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
    // every filled zone), or a line drawn over a pad or a wider track.
    if (drawn.covering(x, y, true).some((other) => other !== owner) || onRegionEdge(drawn, ax, ay, bx, by)) continue;
    found.push({ rule, fileId: drawn.id, valueMm: width, x, y });
  }
}
