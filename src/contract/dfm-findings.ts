import { hasEdgeConnector, type ProjectParams } from './board';
import {
  DFM_RULES, type DFM_CLASS_FIELDS, type BoardDfm, type CapabilityClass, type CapabilityTable, type DfmFinding, type DfmPlace, type DfmRule,
} from './dfm';

/**
 * Findings from what the worker measured, the capability table and the project's parameters (issue 21). Pure and
 * shared: the app draws exactly the findings the gateway refuses an order for.
 */

type CureField = (typeof DFM_CLASS_FIELDS)[number];
export type DfmCure = NonNullable<DfmFinding['cure']>;

/** The board parameters a cure sets: what the wizard applies and what a cure's price is asked for. */
export function curePatch(cure: DfmCure): Partial<ProjectParams['board']> {
  switch (cure.field) {
    case 'board.minTrackMm': return { minTrackMm: cure.value };
    case 'board.minHoleMm': return { minHoleMm: cure.value };
    case 'board.edgeConnector': return { edgeConnector: cure.value };
  }
}

/** The rules a class decides, and the project parameter that chooses the class. */
export const CLASS_RULES = {
  trackWidth: { field: 'board.minTrackMm', limit: 'trackWidthMm' },
  trackSpacing: { field: 'board.minTrackMm', limit: 'trackSpacingMm' },
  copperToEdge: { field: 'board.minTrackMm', limit: 'copperToEdgeMm' },
  maskSliver: { field: 'board.minTrackMm', limit: 'maskSliverMm' },
  annularRing: { field: 'board.minHoleMm', limit: 'annularRingMm' },
  holeSize: { field: 'board.minHoleMm', limit: 'holeSizeMm' },
  drillToCopper: { field: 'board.minHoleMm', limit: 'drillToCopperMm' },
} as const satisfies Partial<Record<DfmRule, { field: CureField; limit: keyof CapabilityClass }>>;
type ClassRule = keyof typeof CLASS_RULES;

const isClassRule = (rule: DfmRule): rule is ClassRule => rule in CLASS_RULES;
const keyOf = (each: CapabilityClass, field: CureField) => (field === 'board.minTrackMm' ? each.minTrackMm : each.minHoleMm);
/** Floating-point room: a 0.1 mm track measured as 0.09999999 is 0.1 mm. */
const EPSILON = 1e-6;

/** The classes the material is made in, coarsest first (the table's order). */
function classesFor(table: CapabilityTable, params: ProjectParams): CapabilityClass[] {
  const names = table.materials[params.board.material].classes;
  const offered = table.classes.filter((each) => names.includes(each.name));
  return offered.length > 0 ? offered : table.classes.slice(0, 1);
}

/**
 * The class the declared value pays for: the coarsest offered class whose key it reaches (0.15 mm declared is the
 * standard class, 0.09 mm the fine one); the finest when it is below them all.
 */
export function classFor(table: CapabilityTable, params: ProjectParams, field: CureField): CapabilityClass {
  const offered = classesFor(table, params);
  const declared = field === 'board.minTrackMm' ? params.board.minTrackMm : params.board.minHoleMm;
  return offered.find((each) => keyOf(each, field) <= declared + EPSILON) ?? offered[offered.length - 1] ?? (table.classes[0] as CapabilityClass);
}

/** A side of the board's outline box, as the pictures' box gives it ([minX, minY, maxX, maxY], y up). */
export type BoardSide = 'left' | 'right' | 'bottom' | 'top';
const SIDES: readonly BoardSide[] = ['left', 'right', 'bottom', 'top'];
type Box = NonNullable<BoardDfm['pictureBoxMm']>;

/**
 * How close to a side of the outline box a copper-to-edge place lies to be on that side. Fingers run to the edge
 * (values of 0.01 mm on Tomu's plug); the band takes in the chamfered ends of the outer fingers and a rounded corner.
 */
export const FINGER_EDGE_BAND_MM = 1;

const distanceToSide = (at: { x: number; y: number }, box: Box, side: BoardSide): number =>
  side === 'left' ? at.x - box[0] : side === 'right' ? box[2] - at.x : side === 'bottom' ? at.y - box[1] : box[3] - at.y;
const onSide = (place: DfmPlace, box: Box, side: BoardSide): boolean =>
  place.at !== null && distanceToSide(place.at, box, side) <= FINGER_EDGE_BAND_MM + EPSILON;

/**
 * The edge an edge connector is on: the side of the board along which the most copper-to-edge places lie (a plug's
 * contacts run to its end); null when no place lies along a side, or the box is unknown. Worked out from the places
 * alone, so it is the same edge with the option on or off and the cure names the edge the option then allows.
 */
export function fingerEdgeOf(dfm: BoardDfm | null | undefined): BoardSide | null {
  const box = dfm?.pictureBoxMm;
  if (!dfm || !box) return null;
  const edgePlaces = dfm.places.filter((place) => place.rule === 'copperToEdge');
  let best: BoardSide | null = null;
  let bestCount = 0;
  for (const side of SIDES) {
    const count = edgePlaces.filter((place) => onSide(place, box, side)).length;
    if (count > bestCount) [best, bestCount] = [side, count];
  }
  return best;
}

/** What judging needs beyond the place: the edge the fingers are on, when any. */
interface Board { fingers: { box: Box; side: BoardSide } | null }

/**
 * The limit a place is held to, and the way out: a finer class that allows the value, else (for copper at the
 * fingers' edge) the edge connector. With the option on, copper along the fingers' edge is allowed; everywhere else
 * the class limit still holds (docs/capabilities.md).
 */
function judged(place: DfmPlace, table: CapabilityTable, params: ProjectParams, board: Board): Pick<DfmFinding, 'limitMm' | 'cure'> | null {
  const { rule, valueMm } = place;
  const atFingers = rule === 'copperToEdge' && board.fingers !== null && onSide(place, board.fingers.box, board.fingers.side);
  if (atFingers && hasEdgeConnector(params.board)) return null;
  if (isClassRule(rule)) {
    const { field, limit } = CLASS_RULES[rule];
    const chosen = classFor(table, params, field);
    if (valueMm >= chosen[limit] - EPSILON) return null;
    // The coarsest (cheapest) finer class that allows the value.
    const finer = classesFor(table, params).find((each) => keyOf(each, field) < keyOf(chosen, field) && valueMm >= each[limit] - EPSILON);
    if (finer) return { limitMm: chosen[limit], cure: { field, value: keyOf(finer, field) } };
    return { limitMm: chosen[limit], cure: atFingers ? { field: 'board.edgeConnector', value: true } : null };
  }
  if (rule === 'silkWidth') return valueMm < table.silk.lineWidthMm - EPSILON ? { limitMm: table.silk.lineWidthMm, cure: null } : null;
  if (rule === 'silkOverPad') return valueMm < table.silk.padClearanceMm - EPSILON ? { limitMm: table.silk.padClearanceMm, cure: null } : null;
  if (rule === 'slotSize') return valueMm < table.slots.minWidthMm - EPSILON ? { limitMm: table.slots.minWidthMm, cure: null } : null;
  if (rule === 'boardSize') {
    const row = table.materials[params.board.material].layers.find((each) => each.layers === params.board.layers);
    if (!row) return null;
    if (valueMm > row.maxSideMm + EPSILON) return { limitMm: row.maxSideMm, cure: null };
    if (valueMm < row.minSideMm - EPSILON) return { limitMm: row.minSideMm, cure: null };
    return null;
  }
  return null;
}

/** The thickness the parameters ask for, against the material's range for the layer count (no place: the board). */
function thicknessFinding(table: CapabilityTable, params: ProjectParams): DfmFinding | null {
  const { material, layers, thicknessMm } = params.board;
  const row = table.materials[material].layers.find((each) => each.layers === layers);
  if (!row) return null;
  const limitMm = thicknessMm < row.minThicknessMm - EPSILON ? row.minThicknessMm
    : thicknessMm > row.maxThicknessMm + EPSILON ? row.maxThicknessMm : null;
  if (limitMm === null) return null;
  return { rule: 'boardThickness', severity: table.severity.boardThickness, fileId: null, valueMm: thicknessMm, limitMm, at: null, cure: null };
}

/**
 * Every place past the limit of the class the parameters choose, in the table's rule order and worst first within
 * a rule. Stencils have no board to check; a project without measured places (hand-entered, or analysed before DFM
 * existed) is held to its parameters alone.
 */
export function findingsOf(dfm: BoardDfm | null | undefined, table: CapabilityTable, params: ProjectParams): DfmFinding[] {
  if (params.productType === 'stencil') return [];
  const findings: DfmFinding[] = [];
  const side = fingerEdgeOf(dfm);
  const box = dfm?.pictureBoxMm;
  const board: Board = { fingers: side && box ? { box, side } : null };
  for (const place of dfm?.places ?? []) {
    const verdict = judged(place, table, params, board);
    if (verdict) findings.push({ rule: place.rule, severity: table.severity[place.rule], fileId: place.fileId, valueMm: place.valueMm, at: place.at, ...verdict });
  }
  const thickness = thicknessFinding(table, params);
  if (thickness) findings.push(thickness);
  const order = (rule: DfmRule) => DFM_RULES.indexOf(rule);
  return findings.sort((a, b) => order(a.rule) - order(b.rule) || a.valueMm - b.valueMm);
}

/** The first finding that blocks ordering, if any. */
export const blockingFinding = (findings: DfmFinding[]): DfmFinding | null => findings.find((each) => each.severity === 'error') ?? null;
