import type { LayerObjects } from '../layer-objects';
import { buildLayer } from '../polygons/build';
import { RingIndex } from '../polygons/ring-index';
import { ringBox, type Piece } from '../polygons/rings';
import type { PolygonScope, Shape } from '../polygons/scope';
import { late } from './budget';
import type { LayerGeometry } from './layer-geometry';
import type { Found } from './places';
import { rimPairs } from './rim-pairs';
import { silkOverCopper } from './silk-copper';
import { objectsNear, thinStrokes } from './silk-objects';
import type { thresholds } from './thresholds';

/**
 * The mask and silkscreen rules: mask left between two openings (slivers, on the united openings), silk
 * lines narrower than the ink holds (a stroke's width), and silk on copper the mask leaves bare (the silk near it
 * united, against the bare copper).
 */

type Limits = ReturnType<typeof thresholds>;

type Box = [number, number, number, number];
const near = (a: Box, b: Box, margin: number) => a[0] <= b[2] + margin && a[2] >= b[0] - margin && a[1] <= b[3] + margin && a[3] >= b[1] - margin;

/**
 * The copper a side's mask leaves bare, where silk comes near: its copper within the openings (without a mask file,
 * its pads). Only openings some ink comes near, and the copper under them, are intersected: a layer's whole copper
 * against its whole mask costs more than the rest of the silk rules.
 */
function bareCopper(scope: PolygonScope, copper: LayerGeometry, openings: Piece[], ink: Box[], margin: number): { shape: Shape; pieces: Piece[] } {
  const inked = openings.filter((piece) => { const box = ringBox(piece.outer); return ink.some((each) => near(box, each, margin)); });
  const boxes = inked.map((piece) => ringBox(piece.outer));
  const under = copper.pieces.filter((piece) => { const box = ringBox(piece.outer); return boxes.some((each) => near(box, each, 0)); });
  const rings = (pieces: Piece[]) => pieces.flatMap((piece) => [piece.outer, ...piece.holes]);
  const a = scope.fromRings(rings(inked)); const b = scope.fromRings(rings(under));
  const shape = scope.intersection(b, a);
  scope.free(a); scope.free(b);
  return { shape, pieces: scope.pieces(shape) };
}

/** A silkscreen layer as read: what it draws, not yet united. */
export interface SilkLayer { id: string; side: string | null; objects: LayerObjects }

export function surfaceRules(
  scope: PolygonScope,
  layers: { copper: LayerGeometry[]; mask: LayerGeometry[]; silk: SilkLayer[] },
  limits: Limits,
  found: Found[],
): void {
  for (const mask of layers.mask) {
    for (const [, stretch] of rimPairs(mask.index, { gaps: limits.maskSliver, narrow: 0 }).gaps.entries()) {
      found.push({ rule: 'maskSliver', fileId: mask.id, valueMm: stretch.value, x: stretch.x, y: stretch.y });
    }
  }
  for (const silk of layers.silk) {
    for (const stroke of thinStrokes(silk.objects, limits.silkWidth))
      found.push({ rule: 'silkWidth', fileId: silk.id, valueMm: stroke.value, x: stroke.x, y: stroke.y });
    const copper = layers.copper.find((each) => each.side === silk.side && !each.negative);
    if (!copper || (silk.side !== 'top' && silk.side !== 'bottom')) continue;
    // The mask's openings (without a mask file, the pads); the ink near them, united; the copper they leave bare.
    const mask = layers.mask.find((each) => each.side === silk.side);
    const openings = mask
      ? mask.pieces
      : buildLayer(scope, {
          apertures: copper.objects.apertures,
          runs: copper.objects.runs.map((run) => ({ ...run, points: [], lineStart: [], lineWidth: [], regions: [], strokeRegions: [] })),
        }).pieces;
    const ink = buildLayer(
      scope,
      objectsNear(
        silk.objects,
        openings.map((piece) => ringBox(piece.outer)),
        limits.silkOverPad,
      ),
    );
    if (ink.pieces.length === 0) continue;
    const bare = bareCopper(
      scope,
      copper,
      openings,
      ink.pieces.map((piece) => ringBox(piece.outer)),
      limits.silkOverPad,
    );
    const index = new RingIndex(ink.pieces, limits.silkOverPad);
    for (const place of silkOverCopper(scope, { shape: ink.shape(), index }, bare, limits.silkOverPad, late)) {
      found.push({ rule: 'silkOverPad', fileId: silk.id, valueMm: place.value, x: place.x, y: place.y });
    }
    scope.free(bare.shape);
  }
}
