import { hasEdgeConnector, type ProductType, type ProjectParams } from './board';
import { checkProjectParams } from './board-checks';
import type { BoardDfm, CapabilityClass, CapabilityTable } from './dfm';
import {
  CLASS_RULES, classesFor, classFor, EPSILON, fingerReach, fixedInPreparation, isClassRule, type ClassField,
} from './dfm-findings';

/**
 * The class a board's files need: read from them where the parameters are set, as their size is, and
 * said where the parameters hold it ('класс выбран по вашим файлам') or hold a coarser one.
 */

/** The products whose boards DFM judges: a stencil has no board to check, assembly alone is of the customer's boards. */
const JUDGED_PRODUCTS: ReadonlySet<ProductType> = new Set(['pcb', 'panel', 'module']);

export type NeededClasses = Record<ClassField, CapabilityClass | null>;

/**
 * The cheapest class the measured geometry needs, per class field (as Eurocircuits' Visualizer chooses it):
 * the coarsest class of the material that allows every place of the field's rules that any of its classes allows.
 * Places the fab fixes in preparation, copper allowed as the fingers of a chosen edge connector, and places no class
 * allows (those go for an engineer's review whatever is chosen) need no class. Null without measured places, or for
 * a product whose board DFM does not judge.
 */
export function neededClasses(dfm: BoardDfm | null | undefined, table: CapabilityTable, params: ProjectParams): NeededClasses {
  if (!dfm || !JUDGED_PRODUCTS.has(params.productType)) return { 'board.minTrackMm': null, 'board.minHoleMm': null };
  const offered = classesFor(table, params);
  const fixed = fixedInPreparation(table);
  const reachesEdge = fingerReach(dfm);
  const fingers = hasEdgeConnector(params.board);
  const needed: Record<ClassField, number> = { 'board.minTrackMm': 0, 'board.minHoleMm': 0 };
  for (const place of dfm.places) {
    if (!isClassRule(place.rule) || fixed(place) || (fingers && reachesEdge(place))) continue;
    const { field, limit } = CLASS_RULES[place.rule];
    const allowing = offered.findIndex((each) => place.valueMm >= each[limit] - EPSILON);
    if (allowing > needed[field]) needed[field] = allowing;
  }
  return { 'board.minTrackMm': offered[needed['board.minTrackMm']] ?? null, 'board.minHoleMm': offered[needed['board.minHoleMm']] ?? null };
}

/**
 * The largest hole, in the wizard's hundredths, that still chooses the class: just under the next coarser class's key
 * (0.19 mm for the fine class under the standard's 0.2). The class's own key would do too, but the smallest hole is
 * also held to the thickness (10:1), and 1.6 / 0.15 is past it where 1.6 / 0.19 is not.
 */
function holeChoosing(table: CapabilityTable, params: ProjectParams, needed: CapabilityClass): number {
  const offered = classesFor(table, params);
  const coarser = offered[offered.indexOf(needed) - 1];
  return coarser ? Math.round((coarser.minHoleMm - 0.01) * 100) / 100 : needed.minHoleMm;
}

/**
 * The parameters with the class the files need: the wizard and /quote read it from the files as they read
 * the board's size. The track class is set either way (the cheapest that suffices), to the class's key as a cure sets
 * it; the hole class only made finer, since `board.minHoleMm` is already the smallest drill measured and may not be
 * declared above it. A class the rest of the parameters cannot be made with (70 µm copper under fine
 * tracks, a hole too small for the thickness) is left unchosen: its findings then say what it would take.
 */
export function withNeededClasses(params: ProjectParams, dfm: BoardDfm | null | undefined, table: CapabilityTable): ProjectParams {
  const needed = neededClasses(dfm, table, params);
  const track = needed['board.minTrackMm'];
  const hole = needed['board.minHoleMm'];
  let read = params;
  const tryBoard = (patch: Partial<ProjectParams['board']>) => {
    const next = { ...read, board: { ...read.board, ...patch } };
    const before = checkProjectParams(read).map((problem) => problem.code);
    if (checkProjectParams(next).every((problem) => before.includes(problem.code))) read = next;
  };
  if (track && classFor(table, params, 'board.minTrackMm') !== track) tryBoard({ minTrackMm: track.minTrackMm });
  if (hole && classFor(table, params, 'board.minHoleMm').minHoleMm > hole.minHoleMm) {
    tryBoard({ minHoleMm: Math.min(params.board.minHoleMm, holeChoosing(table, params, hole)) });
  }
  return read;
}

/** A class the parameters hold that the files chose: finer than the material's coarsest, and the one they need. */
export interface ChosenClass { field: ClassField; chosen: CapabilityClass; coarsest: CapabilityClass }

/** The classes chosen from the files (said as 'класс выбран по вашим файлам', with the price it adds). */
export function classesChosenFromFiles(dfm: BoardDfm | null | undefined, table: CapabilityTable, params: ProjectParams): ChosenClass[] {
  const coarsest = classesFor(table, params)[0];
  if (!coarsest) return [];
  return (['board.minTrackMm', 'board.minHoleMm'] as const).flatMap((field) => {
    const standing = classStanding(dfm, table, params, field);
    return standing?.standing === 'chosen' ? [{ field, chosen: standing.needed, coarsest }] : [];
  });
}

/**
 * How a class field stands to the class the files need, where they need one finer than the material's coarsest:
 * 'chosen' (it holds that class), 'coarser' (refused as it is: an option or an engineer's review), 'finer' (more than
 * needed, at its price). Null where the coarsest suffices or nothing was measured.
 */
export function classStanding(
  dfm: BoardDfm | null | undefined, table: CapabilityTable, params: ProjectParams, field: ClassField,
): { standing: 'chosen' | 'coarser' | 'finer'; needed: CapabilityClass } | null {
  const needed = neededClasses(dfm, table, params)[field];
  const offered = classesFor(table, params);
  if (!needed || needed === offered[0]) return null;
  const declared = offered.indexOf(classFor(table, params, field));
  const wanted = offered.indexOf(needed);
  return { standing: declared === wanted ? 'chosen' : declared < wanted ? 'coarser' : 'finer', needed };
}
