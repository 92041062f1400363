import { buildLayer } from '../polygons/build';
import type { PolygonScope, Shape } from '../polygons/scope';
import { late } from './budget';
import type { LayerGeometry } from './layer-geometry';
import type { Found } from './places';
import { rimPairs } from './rim-pairs';
import { silkOverCopper } from './silk-copper';
import type { thresholds } from './thresholds';

/**
 * The mask and silkscreen rules on united layers (issue 30): mask left between two openings (slivers), silk lines
 * narrower than the ink holds, and silk on copper the mask leaves bare.
 */

type Limits = ReturnType<typeof thresholds>;

/** The copper a side's mask leaves bare: its copper within the openings; without a mask file, its pads. */
function bareCopper(scope: PolygonScope, copper: LayerGeometry, mask: LayerGeometry | undefined): Shape {
  if (mask) return scope.intersection(copper.shape, mask.shape);
  const pads = { apertures: copper.objects.apertures, runs: copper.objects.runs.map((run) => ({ ...run, points: [], lineStart: [], lineWidth: [], regions: [], strokeRegions: [] })) };
  return buildLayer(scope, pads);
}

export function surfaceRules(scope: PolygonScope, layers: { copper: LayerGeometry[]; mask: LayerGeometry[]; silk: LayerGeometry[] }, limits: Limits, found: Found[]): void {
  for (const mask of layers.mask) {
    for (const [, stretch] of rimPairs(mask.index, { gaps: limits.maskSliver, narrow: 0 }).gaps.entries()) {
      found.push({ rule: 'maskSliver', fileId: mask.id, valueMm: stretch.value, x: stretch.x, y: stretch.y });
    }
  }
  for (const silk of layers.silk) {
    for (const [, stretch] of rimPairs(silk.index, { gaps: 0, narrow: limits.silkWidth }).narrow.entries()) {
      found.push({ rule: 'silkWidth', fileId: silk.id, valueMm: stretch.value, x: stretch.x, y: stretch.y });
    }
    const copper = layers.copper.find((each) => each.side === silk.side && !each.negative);
    if (!copper || (silk.side !== 'top' && silk.side !== 'bottom')) continue;
    const bare = bareCopper(scope, copper, layers.mask.find((each) => each.side === silk.side));
    for (const place of silkOverCopper(scope, silk, bare, limits.silkOverPad, late)) {
      found.push({ rule: 'silkOverPad', fileId: silk.id, valueMm: place.value, x: place.x, y: place.y });
    }
    scope.free(bare);
  }
}
