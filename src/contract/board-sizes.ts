import {
  DEFAULT_STENCIL, LAYER_COUNTS, LIMITS, type PanelParams, type PcbParams, type ProjectParams, type StencilParams,
} from './board';
import type { BoardMeasurements } from './board-files';

/** The thinnest board the press makes for a layer count (docs/pricing.md "What cannot be made"). */
export const MIN_THICKNESS_BY_LAYERS: Record<PcbParams['layers'], PcbParams['thicknessMm']> = {
  1: 0.4, 2: 0.4, 4: 0.6, 6: 0.8, 8: 1.0, 10: 1.2, 12: 1.6,
};
/** Stencil frames are cut in 10 mm steps. */
export const STENCIL_SIZE_STEP_MM = 10;
/** The largest stencil the contract accepts (superstruct bound of stencil.widthMm). */
export const STENCIL_MAX_MM = 800;

const round2 = (value: number) => Math.round(value * 100) / 100;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export interface SizeMm { widthMm: number; heightMm: number }

/**
 * Columns × rows of boards with `spacingMm` between them, plus a technological rail of `railMm` on each of the
 * two LONG sides of that array only: the assembly conveyor holds a panel by its long edges, so the short edges
 * need none. A square array gets its rails on top and bottom.
 */
export function panelSizeMm(board: Pick<PcbParams, 'widthMm' | 'heightMm'>, panel: PanelParams): SizeMm {
  const arrayWidth = panel.columns * board.widthMm + (panel.columns - 1) * panel.spacingMm;
  const arrayHeight = panel.rows * board.heightMm + (panel.rows - 1) * panel.spacingMm;
  const rails = 2 * panel.railMm;
  return arrayWidth > arrayHeight
    ? { widthMm: round2(arrayWidth), heightMm: round2(arrayHeight + rails) }
    : { widthMm: round2(arrayWidth + rails), heightMm: round2(arrayHeight) };
}

/** The paste extent plus the frame margin on every side, rounded up to the next 10 mm. */
export function stencilSizeMm(pasteWidthMm: number, pasteHeightMm: number, frameMarginMm: number): SizeMm {
  // A hair of floating-point noise (99.99999) must not push a size into the next 10 mm step.
  const up = (mm: number) => Math.ceil(round2(mm) / STENCIL_SIZE_STEP_MM) * STENCIL_SIZE_STEP_MM;
  return { widthMm: up(pasteWidthMm + 2 * frameMarginMm), heightMm: up(pasteHeightMm + 2 * frameMarginMm) };
}

/** Odd or unusual counts are built as the next stack-up the factory offers; beyond 12 the wizard says 12. */
function snapLayers(count: number, fallback: PcbParams['layers']): PcbParams['layers'] {
  if (!Number.isFinite(count) || count < 1) return fallback;
  return LAYER_COUNTS.find((layers) => layers >= count) ?? LAYER_COUNTS[LAYER_COUNTS.length - 1] ?? fallback;
}

function measuredBoard(m: BoardMeasurements, base: PcbParams): PcbParams {
  const size = (measured: number, fallback: number) =>
    Number.isFinite(measured) && measured > 0 ? clamp(round2(measured), LIMITS.boardMm.min, LIMITS.boardMm.max) : fallback;
  const layers = snapLayers(m.layerCount, base.layers);
  const thinnest = MIN_THICKNESS_BY_LAYERS[layers];
  const hole = m.smallestHoleMm;
  return {
    ...base,
    widthMm: size(m.widthMm, base.widthMm),
    heightMm: size(m.heightMm, base.heightMm),
    layers,
    // More layers than the old choice allows: take the thinnest board that can carry them rather than offer a problem.
    thicknessMm: base.thicknessMm >= thinnest ? base.thicknessMm : thinnest,
    material: base.material === 'aluminium' && layers > 2 ? 'fr4' : base.material,
    minHoleMm: hole !== null && Number.isFinite(hole) && hole > 0
      ? clamp(round2(hole), LIMITS.minHoleMm.min, LIMITS.minHoleMm.max)
      : base.minHoleMm,
  };
}

function measuredStencil(m: BoardMeasurements, board: PcbParams, base: StencilParams): StencilParams {
  const sides = m.pasteTop && m.pasteBottom ? 'both' : m.pasteBottom ? 'bottom' : m.pasteTop ? 'top' : base.sides;
  const pasteKnown = m.pasteWidthMm !== null && m.pasteHeightMm !== null && m.pasteWidthMm > 0 && m.pasteHeightMm > 0;
  const size = pasteKnown
    ? stencilSizeMm(m.pasteWidthMm ?? 0, m.pasteHeightMm ?? 0, base.frameMarginMm)
    : stencilSizeMm(board.widthMm, board.heightMm, base.frameMarginMm);
  const fit = (mm: number) => clamp(mm, LIMITS.boardMm.min, STENCIL_MAX_MM);
  return { ...base, sides, widthMm: fit(size.widthMm), heightMm: fit(size.heightMm) };
}

/** The parameters the files propose; every one stays editable in the wizard. */
export function paramsFromMeasurements(m: BoardMeasurements, base: ProjectParams): ProjectParams {
  const board = measuredBoard(m, base.board);
  const stencil = base.productType === 'stencil' ? measuredStencil(m, board, base.stencil ?? { ...DEFAULT_STENCIL }) : base.stencil;
  return { ...base, board, stencil };
}
