import type { LAYER_COUNTS, THICKNESSES_MM } from './board';

/**
 * The line's standard stack-ups (docs/stackups.md): what is pressed for a board of so many layers and so
 * thick, from the outside in, as fabs publish theirs. Outer copper is the board's own parameter; the inner copper,
 * prepregs and cores are the table's. Shared by the app (the wizard's drawing) and the gateway.
 */

/** Glass styles of the prepregs the line stocks (one sheet pressed: 1080 ≈ 0.077 mm, 2116 ≈ 0.119, 7628 ≈ 0.195–0.21). */
export type PrepregStyle = '1080' | '2116' | '3313' | '7628';

export interface StackDielectric {
  kind: 'prepreg' | 'core';
  /** Pressed thickness in mm (a core without its copper). */
  thicknessMm: number;
  /** A prepreg's sheets, outside in ('1080+7628'); a core has none. */
  sheets: readonly PrepregStyle[];
}

export interface StandardStackup {
  /** The name the line's engineers and the order's notes use. */
  code: string;
  layers: (typeof LAYER_COUNTS)[number];
  thicknessMm: (typeof THICKNESSES_MM)[number];
  /** Laminate and prepreg resin: FR-4 with its glass transition temperature. */
  material: string;
  /** Finished inner copper in mm. */
  innerCopperMm: number;
  /** Between copper layers L1–L2, L2–L3 …, top to bottom: layers − 1 of them. */
  dielectrics: readonly StackDielectric[];
  /** Where the structure is published. */
  source: string;
}

const pp = (thicknessMm: number, ...sheets: PrepregStyle[]): StackDielectric => ({ kind: 'prepreg', thicknessMm, sheets });
const core = (thicknessMm: number): StackDielectric => ({ kind: 'core', thicknessMm, sheets: [] });

const JLC = 'JLCPCB, 4-layer impedance control stack-ups (JLC7628), cart.jlcpcb.com/client/template/placeOrder/impedance.html';
const JLC_MULTI = 'JLCPCB, impedance stack-ups JLC06161H-3313 and JLC08161H-2116 (jlcpcb.com/impedance, as EasyEDA exports them)';
const FR4 = 'FR-4, Tg 135';

/** One 7628 sheet as JLCPCB presses it: 0.2104 mm over the inner copper's relief. */
const JLC_7628 = 0.2104;

export const STANDARD_STACKUPS: readonly StandardStackup[] = [
  {
    code: 'L4-0.8-7628',
    layers: 4,
    thicknessMm: 0.8,
    material: FR4,
    innerCopperMm: 0.0152,
    dielectrics: [pp(JLC_7628, '7628'), core(0.2), pp(JLC_7628, '7628')],
    source: JLC,
  },
  {
    code: 'L4-1.0-7628',
    layers: 4,
    thicknessMm: 1.0,
    material: FR4,
    innerCopperMm: 0.0152,
    dielectrics: [pp(JLC_7628, '7628'), core(0.4), pp(JLC_7628, '7628')],
    source: JLC,
  },
  {
    code: 'L4-1.2-7628',
    layers: 4,
    thicknessMm: 1.2,
    material: FR4,
    innerCopperMm: 0.0152,
    dielectrics: [pp(JLC_7628, '7628'), core(0.6), pp(JLC_7628, '7628')],
    source: JLC,
  },
  {
    code: 'L4-1.6-7628',
    layers: 4,
    thicknessMm: 1.6,
    material: FR4,
    innerCopperMm: 0.0152,
    dielectrics: [pp(JLC_7628, '7628'), core(1.065), pp(JLC_7628, '7628')],
    source: JLC,
  },
  {
    code: 'L4-2.0-7628',
    layers: 4,
    thicknessMm: 2.0,
    material: FR4,
    innerCopperMm: 0.0152,
    dielectrics: [pp(JLC_7628, '7628'), core(1.465), pp(JLC_7628, '7628')],
    source: JLC,
  },
  {
    code: 'L6-1.6-3313',
    layers: 6,
    thicknessMm: 1.6,
    material: FR4,
    innerCopperMm: 0.0152,
    dielectrics: [pp(0.0994, '3313'), core(0.55), pp(0.1088, '2116'), core(0.55), pp(0.0994, '3313')],
    source: JLC_MULTI,
  },
  {
    code: 'L8-1.6-2116',
    layers: 8,
    thicknessMm: 1.6,
    material: FR4,
    innerCopperMm: 0.0152,
    dielectrics: [pp(0.1164, '2116'), core(0.3), pp(0.1528, '1080', '1080'), core(0.3), pp(0.1528, '1080', '1080'), core(0.3), pp(0.1164, '2116')],
    source: JLC_MULTI,
  },
];

/** The standard stack-up of a board of these layers and thickness, when the line has one. */
export const standardStackupOf = (layers: number, thicknessMm: number): StandardStackup | null =>
  STANDARD_STACKUPS.find((one) => one.layers === layers && one.thicknessMm === thicknessMm) ?? null;

/** How far a finished board may be from its nominal thickness: ±10 %, at least ±0.1 mm (the fabs' usual tolerance). */
export const thicknessToleranceMm = (thicknessMm: number): number => Math.max(0.1, thicknessMm * 0.1);
