import { array, min, number, object, refine, size, string, type Struct } from 'superstruct';
import {
  COPPER_UM, FINISHES, LAYER_COUNTS, MASK_COLORS, MATERIALS, STENCIL_THICKNESSES_MM, THICKNESSES_MM, URGENCIES,
} from '../../src/contract/board';
import { STENCIL_MAX_MM } from '../../src/contract/board-sizes';

/** Keys of a table row: the option values as JSON object keys (`String(1.6)` is "1.6", `String(2.0)` is "2"). */
type Keyed<T extends string | number, V = number> = Record<`${T}`, V>;

export interface UrgencyRate {
  /** Applied to the whole order. */
  multiplier: number;
  /** Working days to ship boards and panels; stencils and assembly have their own days. */
  days: number;
}

export interface EdgeConnectorPrice { setup: number; perBoard: number }

export interface StencilSizeClass {
  /** The class holds stencils whose longer side is at most this. */
  maxSideMm: number;
  price: number;
}

/** The price table of docs/pricing.md. Every amount is in roubles, every rate per board or part as named. */
export interface PriceTable {
  version: string;
  pcb: {
    setupByLayers: Keyed<(typeof LAYER_COUNTS)[number]>;
    ratePerDm2ByLayers: Keyed<(typeof LAYER_COUNTS)[number]>;
    /** The least one board (or one panel) is charged for its area, before the option multipliers. */
    minBoardCharge: number;
    extraDaysByLayers: Keyed<(typeof LAYER_COUNTS)[number]>;
    material: Keyed<(typeof MATERIALS)[number]>;
    thickness: Keyed<(typeof THICKNESSES_MM)[number]>;
    copper: Keyed<(typeof COPPER_UM)[number]>;
    finish: Keyed<(typeof FINISHES)[number]>;
    maskColor: Keyed<(typeof MASK_COLORS)[number]>;
    /** One multiplier when the track is finer or the smallest hole smaller than these. */
    fineFeatures: { trackBelowMm: number; holeBelowMm: number; multiplier: number };
    /** Edge connector (gold fingers): once per order for the bevel's set-up, and per board for the bevel and hard gold. */
    edgeConnector: EdgeConnectorPrice;
  };
  urgency: Keyed<(typeof URGENCIES)[number], UrgencyRate>;
  panel: { perPanel: number; fiducialsPerPanel: number; vcutPerPanel: number; tabPerPanel: number };
  stencil: {
    sizeClasses: StencilSizeClass[];
    perSide: number;
    thickness: Keyed<(typeof STENCIL_THICKNESSES_MM)[number]>;
    days: Keyed<(typeof URGENCIES)[number]>;
  };
  mounting: {
    setupBase: number;
    setupPerUniquePart: number;
    perSmd: number;
    perTht: number;
    /** Applied to the placement lines (SMD and THT) when parts go on both sides: a second pass of the line. */
    twoSidedMultiplier: number;
    days: Keyed<(typeof URGENCIES)[number]>;
  };
}

export const DEFAULT_PRICE_TABLE: PriceTable = {
  version: '2025-09-01',
  pcb: {
    setupByLayers: { 1: 1500, 2: 2500, 4: 6500, 6: 9500, 8: 13000, 10: 17000, 12: 21000 },
    ratePerDm2ByLayers: { 1: 90, 2: 120, 4: 260, 6: 400, 8: 560, 10: 720, 12: 900 },
    minBoardCharge: 30,
    extraDaysByLayers: { 1: 0, 2: 0, 4: 2, 6: 3, 8: 4, 10: 5, 12: 6 },
    material: { fr4: 1, fr4_tg170: 1.2, aluminium: 1.5, rogers: 4 },
    thickness: { 0.4: 1.25, 0.6: 1.15, 0.8: 1.05, 1: 1, 1.2: 1, 1.6: 1, 2: 1.1, 2.4: 1.2, 3.2: 1.4 },
    copper: { 18: 1, 35: 1, 70: 1.35, 105: 1.7 },
    finish: { hasl: 1, hasl_lf: 1.05, enig: 1.3, osp: 1, immersion_tin: 1.2 },
    maskColor: { green: 1, red: 1.05, blue: 1.05, black: 1.1, white: 1.1, yellow: 1.05, none: 0.95 },
    fineFeatures: { trackBelowMm: 0.1, holeBelowMm: 0.2, multiplier: 1.3 },
    edgeConnector: { setup: 1500, perBoard: 25 },
  },
  urgency: {
    standard: { multiplier: 1, days: 10 },
    fast: { multiplier: 1.4, days: 6 },
    express: { multiplier: 2, days: 3 },
  },
  panel: { perPanel: 120, fiducialsPerPanel: 15, vcutPerPanel: 40, tabPerPanel: 70 },
  stencil: {
    sizeClasses: [
      { maxSideMm: 300, price: 2500 },
      { maxSideMm: 450, price: 3800 },
      { maxSideMm: 600, price: 5200 },
      { maxSideMm: 800, price: 7500 },
    ],
    perSide: 600,
    thickness: { 0.1: 1.1, 0.12: 1, 0.15: 1, 0.2: 1.15 },
    days: { standard: 3, fast: 2, express: 1 },
  },
  mounting: {
    setupBase: 3000,
    setupPerUniquePart: 120,
    perSmd: 3,
    perTht: 12,
    twoSidedMultiplier: 1.35,
    days: { standard: 7, fast: 4, express: 2 },
  },
};

const amount = refine(number(), 'amount', (value) => Number.isFinite(value) && value >= 0);
const multiplier = refine(number(), 'multiplier', (value) => Number.isFinite(value) && value > 0 && value <= 100);
const days = refine(number(), 'days', (value) => Number.isInteger(value) && value >= 1 && value <= 365);
const extraDays = refine(number(), 'days', (value) => Number.isInteger(value) && value >= 0 && value <= 365);

/** An object with exactly one member per option value: a missing or unknown option is named by the validator. */
function keyed<T extends string | number, V>(keys: readonly T[], value: Struct<V, unknown>): Struct<Keyed<T, V>, unknown> {
  const schema = Object.fromEntries(keys.map((key) => [String(key), value]));
  return object(schema) as unknown as Struct<Keyed<T, V>, unknown>;
}

/** Ascending, and the last class must hold the largest stencil the wizard accepts. */
const sizeClasses = refine(
  size(array(object({ maxSideMm: min(number(), 1), price: amount })), 1, 20),
  'ascendingUpToLargestStencil',
  (classes) => classes.every((item, index) => index === 0 || item.maxSideMm > (classes[index - 1]?.maxSideMm ?? 0))
    && (classes[classes.length - 1]?.maxSideMm ?? 0) >= STENCIL_MAX_MM,
);

export const priceTableStruct: Struct<PriceTable, unknown> = object({
  version: size(string(), 1, 40),
  pcb: object({
    setupByLayers: keyed(LAYER_COUNTS, amount),
    ratePerDm2ByLayers: keyed(LAYER_COUNTS, amount),
    minBoardCharge: amount,
    extraDaysByLayers: keyed(LAYER_COUNTS, extraDays),
    material: keyed(MATERIALS, multiplier),
    thickness: keyed(THICKNESSES_MM, multiplier),
    copper: keyed(COPPER_UM, multiplier),
    finish: keyed(FINISHES, multiplier),
    maskColor: keyed(MASK_COLORS, multiplier),
    fineFeatures: object({ trackBelowMm: amount, holeBelowMm: amount, multiplier }),
    edgeConnector: object({ setup: amount, perBoard: amount }),
  }),
  urgency: keyed(URGENCIES, object({ multiplier, days })),
  panel: object({ perPanel: amount, fiducialsPerPanel: amount, vcutPerPanel: amount, tabPerPanel: amount }),
  stencil: object({
    sizeClasses,
    perSide: amount,
    thickness: keyed(STENCIL_THICKNESSES_MM, multiplier),
    days: keyed(URGENCIES, days),
  }),
  mounting: object({
    setupBase: amount,
    setupPerUniquePart: amount,
    perSmd: amount,
    perTht: amount,
    twoSidedMultiplier: multiplier,
    days: keyed(URGENCIES, days),
  }),
});
