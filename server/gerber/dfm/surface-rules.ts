import type { LayerObjects } from '../layer-objects';
import { buildLayer } from '../polygons/build';
import { RingIndex } from '../polygons/ring-index';
import { ringBox } from '../polygons/rings';
import type { PolygonScope, Shape } from '../polygons/scope';
import { late } from './budget';
import type { LayerGeometry } from './layer-geometry';
import type { Found } from './places';
import { rimPairs } from './rim-pairs';
import { silkOverCopper } from './silk-copper';
import { objectsNear, thinStrokes } from './silk-objects';
import type { thresholds } from './thresholds';

/**
 * The mask and silkscreen rules (issue 30): mask left between two openings (slivers, on the united openings), silk
 * lines narrower than the ink holds (a stroke's width), and silk on copper the mask leaves bare (the silk near it
 * united, against the bare copper).
 */

type Limits = ReturnType<typeof thresholds>;

/** The copper a side's mask leaves bare: its copper within the openings; without a mask file, its pads. */
function bareCopper(scope: PolygonScope, copper: LayerGeometry, mask: LayerGeometry | undefined): Shape {
  if (mask) return scope.intersection(copper.shape(), mask.shape());
  const pads = { apertures: copper.objects.apertures, runs: copper.objects.runs.map((run) => ({ ...run, points: [], lineStart: [], lineWidth: [], regions: [], strokeRegions: [] })) };
  return buildLayer(scope, pads).shape();
}

/** A silkscreen layer as read: what it draws, not yet united. */
export interface SilkLayer { id: string; side: string | null; objects: LayerObjects }

export function surfaceRules(scope: PolygonScope, layers: { copper: LayerGeometry[]; mask: LayerGeometry[]; silk: SilkLayer[] }, limits: Limits, found: Found[]): void {
  for (const mask of layers.mask) {
    for (const [, stretch] of rimPairs(mask.index, { gaps: limits.maskSliver, narrow: 0 }).gaps.entries()) {
      found.push({ rule: 'maskSliver', fileId: mask.id, valueMm: stretch.value, x: stretch.x, y: stretch.y });
    }
  }
  for (const silk of layers.silk) {
    for (const stroke of thinStrokes(silk.objects, limits.silkWidth)) found.push({ rule: 'silkWidth', fileId: silk.id, valueMm: stroke.value, x: stroke.x, y: stroke.y });
    const copper = layers.copper.find((each) => each.side === silk.side && !each.negative);
    if (!copper || (silk.side !== 'top' && silk.side !== 'bottom')) continue;
    const bare = bareCopper(scope, copper, layers.mask.find((each) => each.side === silk.side));
    const barePieces = scope.pieces(bare);
    const near = objectsNear(silk.objects, barePieces.map((piece) => ringBox(piece.outer)), limits.silkOverPad);
    const ink = buildLayer(scope, near);
    const index = new RingIndex(ink.pieces, limits.silkOverPad);
    for (const place of silkOverCopper(scope, { shape: ink.shape(), index }, { shape: bare, pieces: barePieces }, limits.silkOverPad, late)) {
      found.push({ rule: 'silkOverPad', fileId: silk.id, valueMm: place.value, x: place.x, y: place.y });
    }
    scope.free(bare);
  }
}
