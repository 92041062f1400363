import { LAYER_COUNTS, LIMITS, type PcbParams } from './board';
import { MIN_THICKNESS_BY_LAYERS } from './board-sizes';
import type { CapabilityTable, MaterialLimits } from './dfm';

/**
 * The built-in capability table (docs/capabilities.md). Two classes, keyed so that they are the price table's two
 * track and hole prices: `standard` down to its fineFeatures thresholds (0.1 mm track, 0.2 mm hole), `fine` down to
 * the smallest the wizard accepts (LIMITS: 0.075 mm, 0.15 mm) at the fine-feature multiplier.
 */

const layersUpTo = (maxLayers: number, maxSideMm: number, minThicknessMm = 0): MaterialLimits['layers'] =>
  LAYER_COUNTS.filter((layers) => layers <= maxLayers).map((layers) => ({
    layers,
    maxSideMm,
    minSideMm: LIMITS.boardMm.min,
    minThicknessMm: Math.max(minThicknessMm, MIN_THICKNESS_BY_LAYERS[layers] as PcbParams['thicknessMm']),
    maxThicknessMm: layers > 8 ? 2.4 : 3.2,
  }));

export const DEFAULT_CAPABILITIES: CapabilityTable = {
  version: '2026-11-25',
  // An error blocks ordering as is; an engineer's review is the way out for boards a fab makes with a note.
  blocksOrdering: true,
  classes: [
    {
      name: 'standard', minTrackMm: 0.1, minHoleMm: 0.2,
      trackWidthMm: 0.1, trackSpacingMm: 0.1, copperToEdgeMm: 0.25, maskSliverMm: 0.1,
      annularRingMm: 0.13, holeSizeMm: 0.2, drillToCopperMm: 0.2,
    },
    {
      name: 'fine', minTrackMm: 0.075, minHoleMm: 0.15,
      trackWidthMm: 0.075, trackSpacingMm: 0.075, copperToEdgeMm: 0.2, maskSliverMm: 0.075,
      annularRingMm: 0.1, holeSizeMm: 0.15, drillToCopperMm: 0.15,
    },
  ],
  silk: { lineWidthMm: 0.1, padClearanceMm: 0 },
  slots: { minWidthMm: 0.5, minLengthMm: 0.8 },
  materials: {
    fr4: { layers: layersUpTo(12, LIMITS.boardMm.max), classes: ['standard', 'fine'] },
    fr4_tg170: { layers: layersUpTo(12, LIMITS.boardMm.max), classes: ['standard', 'fine'] },
    // Aluminium: one or two layers, at least 0.8 mm (board-checks' rules), and no fine class on a metal core.
    aluminium: { layers: layersUpTo(2, 400, 0.8), classes: ['standard'] },
    rogers: { layers: layersUpTo(6, 300), classes: ['standard', 'fine'] },
  },
  severity: {
    trackWidth: 'error', trackSpacing: 'error', annularRing: 'error', holeSize: 'error', drillToCopper: 'error',
    copperToEdge: 'error', silkWidth: 'warning', silkOverPad: 'warning', maskSliver: 'warning', slotSize: 'error',
    boardSize: 'error', boardThickness: 'error',
  },
  marginMm: 0.05,
  // What any fab's CAM does without asking: a pour is pulled back from the edge and from holes (a track or a
  // pad is not: the copper would change), silk is clipped off pads and thin silk thickened, mask slivers are opened up.
  fixedInPreparation: [
    { rule: 'copperToEdge', feature: 'pour' },
    { rule: 'drillToCopper', feature: 'pour' },
    { rule: 'trackWidth', feature: 'sliver' },
    { rule: 'silkOverPad' },
    { rule: 'silkWidth' },
    { rule: 'maskSliver' },
  ],
};
