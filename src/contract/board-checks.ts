import { LIMITS, type PcbParams, type ProjectParams } from './board';
import { MIN_THICKNESS_BY_LAYERS, STENCIL_MAX_MM, panelSizeMm } from './board-sizes';
import type { ParamProblem } from './projects';

export { MIN_THICKNESS_BY_LAYERS, STENCIL_MAX_MM, paramsFromMeasurements, panelSizeMm, stencilSizeMm } from './board-sizes';

/**
 * What the factory cannot make, or does not offer, as message codes: the app shows `wizard.problems.<code>`
 * on the field, the gateway answers 400 with the first one. Every rule is listed in docs/pricing.md.
 */
export const PARAM_PROBLEM_CODES = [
  'panelMissing', 'stencilMissing', 'mountingMissing',
  'quantityRange', 'boardSizeRange', 'minTrackRange', 'minHoleRange', 'panelCountRange', 'panelSpacingRange',
  'panelRailRange', 'stencilMarginRange', 'stencilSizeRange', 'componentsRange',
  'aluminiumLayers', 'aluminiumThin', 'rogersHasl', 'thicknessForLayers', 'thickBoardLayers', 'copper105Thin',
  'copper70Track', 'copper105Track', 'holeAspectRatio', 'silkWithoutMask', 'silkSameAsMask',
  'panelTooLarge', 'tabSpacing', 'vcutThin', 'fiducialsNeedRails', 'stencilSmallerThanBoard',
  'noComponents', 'smdThtSum', 'uniquePartsRange', 'twoSidesOneLayer',
] as const;
export type ParamProblemCode = (typeof PARAM_PROBLEM_CODES)[number];

/** The locale key of a problem's text. */
export const problemTextKey = (code: string) => `wizard.problems.${code}`;

/** The numbers behind the rules, named once for the checks, the docs and the tests. */
export const BOARD_RULES = {
  aluminiumMaxLayers: 2,
  aluminiumMinThicknessMm: 0.8,
  thickBoardMm: 3.2,
  thickBoardMaxLayers: 8,
  copper105MinThicknessMm: 1.0,
  copper70MinTrackMm: 0.15,
  copper105MinTrackMm: 0.2,
  /** Board thickness over the smallest hole: deeper holes cannot be plated reliably. */
  maxAspectRatio: 10,
  tabMinSpacingMm: 2,
  vcutMinThicknessMm: 0.6,
  fiducialMinRailMm: 5,
} as const;

type Problem = { field: string; code: ParamProblemCode };

const inRange = (value: number, range: { min: number; max: number }) =>
  Number.isFinite(value) && value >= range.min && value <= range.max;
const countInRange = (value: number, range: { min: number; max: number }) => Number.isInteger(value) && inRange(value, range);

/**
 * A quantity the factory takes: a whole number of LIMITS.quantity. One check for every place a quantity is typed
 * (the wizard, the cart), which say so with the same text, `wizard.problems.quantityRange`.
 */
export const isQuantityInRange = (quantity: number): boolean => countInRange(quantity, LIMITS.quantity);

function structureProblems(p: ProjectParams): Problem[] {
  const problems: Problem[] = [];
  if (p.productType === 'panel' && !p.panel) problems.push({ field: 'panel', code: 'panelMissing' });
  if (p.productType === 'stencil' && !p.stencil) problems.push({ field: 'stencil', code: 'stencilMissing' });
  if ((p.productType === 'mounting' || p.productType === 'module') && !p.mounting) {
    problems.push({ field: 'mounting', code: 'mountingMissing' });
  }
  return problems;
}

/** Ranges the contract also enforces; checked here so the wizard can say so on the field before asking the gateway. */
function rangeProblems(p: ProjectParams): Problem[] {
  const checks: [boolean, string, ParamProblemCode][] = [
    [isQuantityInRange(p.quantity), 'quantity', 'quantityRange'],
    [inRange(p.board.widthMm, LIMITS.boardMm), 'board.widthMm', 'boardSizeRange'],
    [inRange(p.board.heightMm, LIMITS.boardMm), 'board.heightMm', 'boardSizeRange'],
    [inRange(p.board.minTrackMm, LIMITS.minTrackMm), 'board.minTrackMm', 'minTrackRange'],
    [inRange(p.board.minHoleMm, LIMITS.minHoleMm), 'board.minHoleMm', 'minHoleRange'],
  ];
  if (p.panel) {
    checks.push(
      [countInRange(p.panel.columns, LIMITS.panelCount), 'panel.columns', 'panelCountRange'],
      [countInRange(p.panel.rows, LIMITS.panelCount), 'panel.rows', 'panelCountRange'],
      [inRange(p.panel.spacingMm, LIMITS.panelSpacingMm), 'panel.spacingMm', 'panelSpacingRange'],
      [inRange(p.panel.railMm, LIMITS.panelRailMm), 'panel.railMm', 'panelRailRange'],
    );
  }
  if (p.stencil) {
    const stencilMm = { min: LIMITS.boardMm.min, max: STENCIL_MAX_MM };
    checks.push(
      [inRange(p.stencil.frameMarginMm, LIMITS.stencilFrameMarginMm), 'stencil.frameMarginMm', 'stencilMarginRange'],
      [inRange(p.stencil.widthMm, stencilMm), 'stencil.widthMm', 'stencilSizeRange'],
      [inRange(p.stencil.heightMm, stencilMm), 'stencil.heightMm', 'stencilSizeRange'],
    );
  }
  if (p.mounting) {
    for (const key of ['components', 'uniqueParts', 'smd', 'tht'] as const) {
      checks.push([countInRange(p.mounting[key], LIMITS.components), `mounting.${key}`, 'componentsRange']);
    }
  }
  return checks.filter(([ok]) => !ok).map(([, field, code]) => ({ field, code }));
}

function boardProblems(b: PcbParams): Problem[] {
  const r = BOARD_RULES;
  const isHasl = b.finish === 'hasl' || b.finish === 'hasl_lf';
  const checks: [boolean, string, ParamProblemCode][] = [
    [b.material === 'aluminium' && b.layers > r.aluminiumMaxLayers, 'board.layers', 'aluminiumLayers'],
    [b.material === 'aluminium' && b.thicknessMm < r.aluminiumMinThicknessMm, 'board.thicknessMm', 'aluminiumThin'],
    [b.material === 'rogers' && isHasl, 'board.finish', 'rogersHasl'],
    [b.thicknessMm < MIN_THICKNESS_BY_LAYERS[b.layers], 'board.thicknessMm', 'thicknessForLayers'],
    [b.thicknessMm >= r.thickBoardMm && b.layers > r.thickBoardMaxLayers, 'board.thicknessMm', 'thickBoardLayers'],
    [b.copperUm === 105 && b.thicknessMm < r.copper105MinThicknessMm, 'board.copperUm', 'copper105Thin'],
    [b.copperUm === 70 && b.minTrackMm < r.copper70MinTrackMm, 'board.minTrackMm', 'copper70Track'],
    [b.copperUm === 105 && b.minTrackMm < r.copper105MinTrackMm, 'board.minTrackMm', 'copper105Track'],
    // A rounding margin: 1.6 mm over 0.16 mm is exactly 10 and allowed.
    [b.thicknessMm / b.minHoleMm > r.maxAspectRatio + 1e-9, 'board.minHoleMm', 'holeAspectRatio'],
    [b.maskColor === 'none' && b.silkColor !== 'none', 'board.silkColor', 'silkWithoutMask'],
    [b.maskColor !== 'none' && b.silkColor === b.maskColor, 'board.silkColor', 'silkSameAsMask'],
  ];
  return checks.filter(([broken]) => broken).map(([, field, code]) => ({ field, code }));
}

function panelProblems(p: ProjectParams): Problem[] {
  const panel = p.panel;
  if (p.productType !== 'panel' || !panel) return [];
  const problems: Problem[] = [];
  const size = panelSizeMm(p.board, panel);
  if (size.widthMm > LIMITS.panelMm.max) problems.push({ field: 'panel.columns', code: 'panelTooLarge' });
  if (size.heightMm > LIMITS.panelMm.max) problems.push({ field: 'panel.rows', code: 'panelTooLarge' });
  if (panel.separation === 'tab' && panel.spacingMm < BOARD_RULES.tabMinSpacingMm) {
    problems.push({ field: 'panel.spacingMm', code: 'tabSpacing' });
  }
  if (panel.separation === 'vcut' && p.board.thicknessMm < BOARD_RULES.vcutMinThicknessMm) {
    problems.push({ field: 'panel.separation', code: 'vcutThin' });
  }
  if (panel.fiducials && panel.railMm < BOARD_RULES.fiducialMinRailMm) {
    problems.push({ field: 'panel.railMm', code: 'fiducialsNeedRails' });
  }
  return problems;
}

function stencilProblems(p: ProjectParams): Problem[] {
  const s = p.stencil;
  if (p.productType !== 'stencil' || !s) return [];
  const fits = (w: number, h: number) => s.widthMm >= w && s.heightMm >= h;
  // The board may lie either way round on the stencil sheet.
  return fits(p.board.widthMm, p.board.heightMm) || fits(p.board.heightMm, p.board.widthMm)
    ? []
    : [{ field: 'stencil.widthMm', code: 'stencilSmallerThanBoard' }];
}

function mountingProblems(p: ProjectParams): Problem[] {
  const m = p.mounting;
  if ((p.productType !== 'mounting' && p.productType !== 'module') || !m) return [];
  if (m.components <= 0) return [{ field: 'mounting.components', code: 'noComponents' }];
  const problems: Problem[] = [];
  if (m.smd + m.tht !== m.components) problems.push({ field: 'mounting.smd', code: 'smdThtSum' });
  if (m.uniqueParts < 1 || m.uniqueParts > m.components) problems.push({ field: 'mounting.uniqueParts', code: 'uniquePartsRange' });
  if (m.sides === 2 && p.board.layers === 1) problems.push({ field: 'mounting.sides', code: 'twoSidesOneLayer' });
  return problems;
}

/** Every problem of the parameters, the most basic first; empty when the factory can make them as they are. */
export function checkProjectParams(params: ProjectParams): ParamProblem[] {
  return [
    ...structureProblems(params), ...rangeProblems(params),
    ...boardProblems(params.board), ...panelProblems(params), ...stencilProblems(params), ...mountingProblems(params),
  ];
}
