import type { PcbParams, ProductType, ProjectParams } from './board';
import type { BoardMeasurements } from './board-files';
import { paramsFromMeasurements } from './board-sizes';

/**
 * The price is the files' price: where the files were measured, the parameters may ask for more than they
 * measure (a larger board, more layers, a finer hole), never less. Shared, so the wizard explains on the field exactly
 * what the gateway refuses; the rule and its numbers are in docs/pricing.md, "Parameters held to the files".
 */

/** A size typed within this of the measured side is the measured side (68.5 for 68.58). */
export const SIZE_TOLERANCE_MM = 0.1;
/** Floating-point room only: the measured hole is already rounded to 0.01 mm, as the wizard proposes it. */
const EPSILON = 1e-6;

export const FILES_PROBLEM_CODES = ['sizeBelowFiles', 'layersBelowFiles', 'holeAboveFiles'] as const;
export type FilesProblemCode = (typeof FILES_PROBLEM_CODES)[number];

export type MeasuredField = 'board.widthMm' | 'board.heightMm' | 'board.layers' | 'board.minHoleMm';
export interface FilesProblem { field: MeasuredField; code: FilesProblemCode }

/** What the files measure, as the wizard proposes it (rounded, snapped to an offered layer count); null: not measured. */
export interface MeasuredBoard {
  widthMm: number;
  heightMm: number;
  layers: PcbParams['layers'] | null;
  minHoleMm: number | null;
}

export function measuredBoardOf(m: BoardMeasurements, params: ProjectParams): MeasuredBoard {
  const proposed = paramsFromMeasurements(m, params).board;
  return {
    widthMm: proposed.widthMm,
    heightMm: proposed.heightMm,
    layers: m.layerCount >= 1 ? proposed.layers : null,
    minHoleMm: m.smallestHoleMm !== null && m.smallestHoleMm > 0 ? proposed.minHoleMm : null,
  };
}

/**
 * Which measured values a product's price is made of: a stencil's only the board's size (it must cover the board);
 * assembly of boards the customer supplies none.
 */
function heldOf(productType: ProductType): { size: boolean; makeup: boolean } {
  if (productType === 'mounting') return { size: false, makeup: false };
  return { size: true, makeup: productType !== 'stencil' };
}

/** Whether the product is priced from the board the files measure (anything but assembly alone). */
export const isPricedFromFiles = (productType: ProductType): boolean => heldOf(productType).size;

/** The declared outline covers the measured one, either way round (a board may lie turned in a panel). */
function sizeProblems(board: PcbParams, measured: MeasuredBoard): FilesProblem[] {
  const covers = (width: number, height: number) =>
    board.widthMm >= width - SIZE_TOLERANCE_MM && board.heightMm >= height - SIZE_TOLERANCE_MM;
  if (covers(measured.widthMm, measured.heightMm) || covers(measured.heightMm, measured.widthMm)) return [];
  const problems: FilesProblem[] = [];
  if (board.widthMm < measured.widthMm - SIZE_TOLERANCE_MM) problems.push({ field: 'board.widthMm', code: 'sizeBelowFiles' });
  if (board.heightMm < measured.heightMm - SIZE_TOLERANCE_MM) problems.push({ field: 'board.heightMm', code: 'sizeBelowFiles' });
  return problems;
}

/** Every parameter below what the files measure, size first; empty without measurements. */
export function filesProblems(m: BoardMeasurements | null | undefined, params: ProjectParams): FilesProblem[] {
  const held = heldOf(params.productType);
  if (!m || !held.size) return [];
  const measured = measuredBoardOf(m, params);
  const { board } = params;
  const problems = sizeProblems(board, measured);
  if (!held.makeup) return problems;
  if (measured.layers !== null && board.layers < measured.layers) problems.push({ field: 'board.layers', code: 'layersBelowFiles' });
  if (measured.minHoleMm !== null && board.minHoleMm > measured.minHoleMm + EPSILON) {
    problems.push({ field: 'board.minHoleMm', code: 'holeAboveFiles' });
  }
  return problems;
}
