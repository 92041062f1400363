import { hasEdgeConnector, type ProjectParams } from './board';
import {
  DFM_RULES, type DFM_CLASS_FIELDS, type BoardDfm, type CapabilityClass, type CapabilityTable, type DfmFinding, type DfmPlace, type DfmRule,
} from './dfm';

/**
 * Findings from what the worker measured, the capability table and the project's parameters (issue 21). Pure and
 * shared: the app draws exactly the findings the gateway refuses an order for.
 */

type ClassField = (typeof DFM_CLASS_FIELDS)[number];
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
} as const satisfies Partial<Record<DfmRule, { field: ClassField; limit: keyof CapabilityClass }>>;
type ClassRule = keyof typeof CLASS_RULES;

const isClassRule = (rule: DfmRule): rule is ClassRule => rule in CLASS_RULES;
const keyOf = (each: CapabilityClass, field: ClassField) => (field === 'board.minTrackMm' ? each.minTrackMm : each.minHoleMm);
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
export function classFor(table: CapabilityTable, params: ProjectParams, field: ClassField): CapabilityClass {
  const offered = classesFor(table, params);
  const declared = field === 'board.minTrackMm' ? params.board.minTrackMm : params.board.minHoleMm;
  return offered.find((each) => keyOf(each, field) <= declared + EPSILON) ?? offered[offered.length - 1] ?? (table.classes[0] as CapabilityClass);
}

type Verdict = Pick<DfmFinding, 'limitMm' | 'cure' | 'allowedBy'>;

/**
 * Copper this close to the outline runs to the board's end, as an edge connector's fingers do: CAD tools draw fingers
 * to the outline line, whose centre the edge is measured from, and outlines are drawn up to 0.15 mm wide. Copper
 * farther in is a pour or a track too near the edge, which gold fingers would not make right.
 */
export const EDGE_CONNECTOR_REACH_MM = 0.075;

/**
 * Copper that could be a finger: run to the edge on an outer layer (fingers are plated on the faces a socket's
 * contacts touch; an inner layer's copper at the edge is only bared by the routing, which no option makes right). Analyses
 * that do not record the outer layers judge every layer as before (docs/decisions.md).
 */
const fingerReach = (dfm: BoardDfm | null | undefined) => {
  const outer = dfm?.outerCopperFileIds ? new Set(dfm.outerCopperFileIds) : null;
  return (place: DfmPlace) => place.rule === 'copperToEdge' && place.valueMm <= EDGE_CONNECTOR_REACH_MM + EPSILON
    && (outer === null || (place.fileId !== null && outer.has(place.fileId)));
};

/**
 * The limit a place is held to, and the way out: a finer class that allows the value, else, for copper that runs to
 * the edge, the edge connector (a plug's contacts run to the board's end). With that option chosen, such copper is
 * allowed as the fingers' edge: a warning, so the engineering check confirms it is (the kept places cannot say which
 * edge the fingers are on; docs/capabilities.md).
 */
function judged(place: DfmPlace, table: CapabilityTable, params: ProjectParams, reachesEdge: (place: DfmPlace) => boolean): Verdict | null {
  const { rule, valueMm } = place;
  if (isClassRule(rule)) {
    const { field, limit } = CLASS_RULES[rule];
    const chosen = classFor(table, params, field);
    if (valueMm >= chosen[limit] - EPSILON) return null;
    const limitMm = chosen[limit];
    if (reachesEdge(place) && hasEdgeConnector(params.board)) return { limitMm, cure: null, allowedBy: 'board.edgeConnector' };
    // The coarsest (cheapest) finer class that allows the value.
    const finer = classesFor(table, params).find((each) => keyOf(each, field) < keyOf(chosen, field) && valueMm >= each[limit] - EPSILON);
    if (finer) return { limitMm, cure: { field, value: keyOf(finer, field) } };
    return { limitMm, cure: reachesEdge(place) ? { field: 'board.edgeConnector', value: true } : null };
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
  const reachesEdge = fingerReach(dfm);
  for (const place of dfm?.places ?? []) {
    const verdict = judged(place, table, params, reachesEdge);
    if (!verdict) continue;
    const severity = verdict.allowedBy ? 'warning' : table.severity[place.rule];
    findings.push({ rule: place.rule, severity, fileId: place.fileId, valueMm: place.valueMm, at: place.at, ...verdict });
  }
  const thickness = thicknessFinding(table, params);
  if (thickness) findings.push(thickness);
  const order = (rule: DfmRule) => DFM_RULES.indexOf(rule);
  return findings.sort((a, b) => order(a.rule) - order(b.rule) || a.valueMm - b.valueMm);
}

/** The first finding that blocks ordering, if any. */
export const blockingFinding = (findings: DfmFinding[]): DfmFinding | null => findings.find((each) => each.severity === 'error') ?? null;
