import { boolean, enums, integer, nullable, number, object, optional, refine, size, type Infer } from 'superstruct';

/** The product types a project can be. A panel is boards joined for assembly; a module is a board with parts on. */
export const PRODUCT_TYPES = ['pcb', 'panel', 'stencil', 'mounting', 'module'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const LAYER_COUNTS = [1, 2, 4, 6, 8, 10, 12] as const;
export const MATERIALS = ['fr4', 'fr4_tg170', 'aluminium', 'rogers'] as const;
export const THICKNESSES_MM = [0.4, 0.6, 0.8, 1.0, 1.2, 1.6, 2.0, 2.4, 3.2] as const;
/** Outer copper in micrometres: 18 µm = ½ oz, 35 = 1 oz, 70 = 2 oz, 105 = 3 oz. */
export const COPPER_UM = [18, 35, 70, 105] as const;
export const MASK_COLORS = ['green', 'red', 'blue', 'black', 'white', 'yellow', 'none'] as const;
export const SILK_COLORS = ['white', 'black', 'yellow', 'none'] as const;
export const FINISHES = ['hasl', 'hasl_lf', 'enig', 'osp', 'immersion_tin'] as const;
export const URGENCIES = ['standard', 'fast', 'express'] as const;
export type Urgency = (typeof URGENCIES)[number];
export const SEPARATIONS = ['vcut', 'tab'] as const;
export const STENCIL_SIDES = ['top', 'bottom', 'both'] as const;
export const STENCIL_THICKNESSES_MM = [0.1, 0.12, 0.15, 0.2] as const;

/** What the factory can make; the same bounds in the wizard's fields and in the gateway's checks. */
export const LIMITS = {
  boardMm: { min: 5, max: 500 },
  quantity: { min: 1, max: 100_000 },
  minTrackMm: { min: 0.075, max: 2 },
  minHoleMm: { min: 0.15, max: 6.3 },
  panelCount: { min: 1, max: 20 },
  panelSpacingMm: { min: 0, max: 20 },
  panelRailMm: { min: 0, max: 20 },
  /** The largest panel the line takes, rails included. */
  panelMm: { min: 5, max: 600 },
  stencilFrameMarginMm: { min: 0, max: 100 },
  components: { min: 0, max: 100_000 },
} as const;

const between = (min: number, max: number) =>
  refine(number(), 'between', (value) => Number.isFinite(value) && value >= min && value <= max);
const countBetween = (min: number, max: number) => size(integer(), min, max);

export const pcbParams = object({
  widthMm: between(LIMITS.boardMm.min, LIMITS.boardMm.max),
  heightMm: between(LIMITS.boardMm.min, LIMITS.boardMm.max),
  layers: enums(LAYER_COUNTS),
  material: enums(MATERIALS),
  thicknessMm: enums(THICKNESSES_MM),
  copperUm: enums(COPPER_UM),
  maskColor: enums(MASK_COLORS),
  silkColor: enums(SILK_COLORS),
  finish: enums(FINISHES),
  minTrackMm: between(LIMITS.minTrackMm.min, LIMITS.minTrackMm.max),
  minHoleMm: between(LIMITS.minHoleMm.min, LIMITS.minHoleMm.max),
  /**
   * Edge connector (gold fingers): contacts made of the board's own edge, bevelled and hard-gold plated.
   * Optional so every project, order line and browser-kept quote saved before it reads as without (no migration).
   */
  edgeConnector: optional(boolean()),
});
export type PcbParams = Infer<typeof pcbParams>;

export const panelParams = object({
  columns: countBetween(LIMITS.panelCount.min, LIMITS.panelCount.max),
  rows: countBetween(LIMITS.panelCount.min, LIMITS.panelCount.max),
  spacingMm: between(LIMITS.panelSpacingMm.min, LIMITS.panelSpacingMm.max),
  railMm: between(LIMITS.panelRailMm.min, LIMITS.panelRailMm.max),
  fiducials: boolean(),
  separation: enums(SEPARATIONS),
});
export type PanelParams = Infer<typeof panelParams>;

/** Size is detected from the paste layers plus the frame margin on each side, and stays editable. */
export const stencilParams = object({
  sides: enums(STENCIL_SIDES),
  thicknessMm: enums(STENCIL_THICKNESSES_MM),
  frameMarginMm: between(LIMITS.stencilFrameMarginMm.min, LIMITS.stencilFrameMarginMm.max),
  widthMm: between(LIMITS.boardMm.min, 800),
  heightMm: between(LIMITS.boardMm.min, 800),
});
export type StencilParams = Infer<typeof stencilParams>;

/** What a BOM and a pick-and-place file tell the price: how many parts, how many kinds, which sides, SMD or THT. */
export const mountingParams = object({
  components: countBetween(LIMITS.components.min, LIMITS.components.max),
  uniqueParts: countBetween(LIMITS.components.min, LIMITS.components.max),
  smd: countBetween(LIMITS.components.min, LIMITS.components.max),
  tht: countBetween(LIMITS.components.min, LIMITS.components.max),
  sides: enums([1, 2] as const),
});
export type MountingParams = Infer<typeof mountingParams>;

/** Everything that makes a price. Parts that do not apply to the product type are null. */
export const projectParams = object({
  productType: enums(PRODUCT_TYPES),
  quantity: countBetween(LIMITS.quantity.min, LIMITS.quantity.max),
  urgency: enums(URGENCIES),
  board: pcbParams,
  panel: nullable(panelParams),
  stencil: nullable(stencilParams),
  mounting: nullable(mountingParams),
});
export type ProjectParams = Infer<typeof projectParams>;

export const DEFAULT_PCB: PcbParams = {
  widthMm: 100, heightMm: 80, layers: 2, material: 'fr4', thicknessMm: 1.6, copperUm: 35,
  maskColor: 'green', silkColor: 'white', finish: 'hasl_lf', minTrackMm: 0.15, minHoleMm: 0.3, edgeConnector: false,
};
/** Whether the board has an edge connector; absent (saved before the option) is without. */
export const hasEdgeConnector = (board: Pick<PcbParams, 'edgeConnector'>): boolean => board.edgeConnector === true;

export const DEFAULT_PANEL: PanelParams = { columns: 2, rows: 2, spacingMm: 2, railMm: 5, fiducials: true, separation: 'vcut' };
export const DEFAULT_STENCIL: StencilParams = { sides: 'top', thicknessMm: 0.12, frameMarginMm: 20, widthMm: 140, heightMm: 120 };
export const DEFAULT_MOUNTING: MountingParams = { components: 0, uniqueParts: 0, smd: 0, tht: 0, sides: 1 };

export function defaultParams(productType: ProductType = 'pcb'): ProjectParams {
  return {
    productType, quantity: 10, urgency: 'standard', board: { ...DEFAULT_PCB },
    panel: productType === 'panel' ? { ...DEFAULT_PANEL } : null,
    stencil: productType === 'stencil' ? { ...DEFAULT_STENCIL } : null,
    mounting: productType === 'mounting' || productType === 'module' ? { ...DEFAULT_MOUNTING } : null,
  };
}
