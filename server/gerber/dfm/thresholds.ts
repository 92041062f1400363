import type { CapabilityTable } from '../../../src/contract/dfm';

/** The loosest limit a place can be judged by, plus the margin: beyond it no class would ever call it a finding. */
export function thresholds(table: CapabilityTable) {
  const margin = table.marginMm ?? 0.05;
  const coarsest = (key: 'trackWidthMm' | 'trackSpacingMm' | 'copperToEdgeMm' | 'maskSliverMm' | 'annularRingMm' | 'holeSizeMm' | 'drillToCopperMm') =>
    Math.max(...table.classes.map((each) => each[key])) + margin;
  return {
    trackWidth: coarsest('trackWidthMm'), trackSpacing: coarsest('trackSpacingMm'), copperToEdge: coarsest('copperToEdgeMm'),
    maskSliver: coarsest('maskSliverMm'), annularRing: coarsest('annularRingMm'), holeSize: coarsest('holeSizeMm'),
    drillToCopper: coarsest('drillToCopperMm'), silkWidth: table.silk.lineWidthMm + margin, silkOverPad: table.silk.padClearanceMm + margin,
    slotSize: table.slots.minWidthMm + margin,
  };
}
