import { hasEdgeConnector, type ProjectParams } from './board';
import {
  DFM_RULES, type DFM_CLASS_FIELDS, type BoardDfm, type CapabilityClass, type CapabilityTable, type DfmFinding, type DfmPlace, type DfmRule,
} from './dfm';

/**
 * Findings from what the worker measured, the capability table and the project's parameters. Pure and
 * shared: the app draws exactly the findings the gateway refuses an order for.
 */

export type ClassField = (typeof DFM_CLASS_FIELDS)[number];
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

export const isClassRule = (rule: DfmRule): rule is ClassRule => rule in CLASS_RULES;
const keyOf = (each: CapabilityClass, field: ClassField) => (field === 'board.minTrackMm' ? each.minTrackMm : each.minHoleMm);
/** Floating-point room: a 0.1 mm track measured as 0.09999999 is 0.1 mm. */
export const EPSILON = 1e-6;

/** The classes the material is made in, coarsest first (the table's order). */
export function classesFor(table: CapabilityTable, params: ProjectParams): CapabilityClass[] {
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
export const fingerReach = (dfm: BoardDfm | null | undefined) => {
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
  const fixed = fixedInPreparation(table);
  for (const place of dfm?.places ?? []) {
    const verdict = judged(place, table, params, reachesEdge);
    if (!verdict) continue;
    const { rule, fileId, valueMm, at } = place;
    // The fab makes it right while preparing the files: nothing to choose, nothing to refuse.
    if (fixed(place)) {
      findings.push({
        rule,
        severity: 'notice',
        fileId,
        valueMm,
        at,
        limitMm: verdict.limitMm,
        cure: null,
        ...(place.feature ? { feature: place.feature } : {}),
      });
    }
    else findings.push({ rule, severity: verdict.allowedBy ? 'warning' : table.severity[rule], fileId, valueMm, at, ...verdict });
  }
  const thickness = thicknessFinding(table, params);
  if (thickness) findings.push(thickness);
  const order = (rule: DfmRule) => DFM_RULES.indexOf(rule);
  return findings.sort((a, b) => order(a.rule) - order(b.rule) || a.valueMm - b.valueMm);
}

/**
 * The finding that blocks ordering, if any: one no option cures before one an option does, so a refusal never sends
 * the customer to an option that leaves the board refused all the same.
 */
export function blockingFinding(findings: readonly DfmFinding[]): DfmFinding | null {
  const errors = findings.filter((each) => each.severity === 'error');
  return errors.find((each) => each.cure === null) ?? errors[0] ?? null;
}

/** A place the fab fixes in preparation at no charge (the table's `fixedInPreparation`). */
export const fixedInPreparation = (table: CapabilityTable) => (place: DfmPlace): boolean =>
  (table.fixedInPreparation ?? []).some((fix) => fix.rule === place.rule && (fix.feature === undefined || fix.feature === place.feature));

/** One line of the findings list: a finding, or several of one kind folded into one with their count. */
export interface DfmFindingLine {
  /** The worst of the line: the first of them in the order given. */
  finding: DfmFinding;
  /** Every finding of the line, the worst first; one for an error. */
  all: DfmFinding[];
}

/**
 * Errors one line each (each is a place to look at); warnings and notices of one rule and kind folded into one line
 * with their count (a production board has hundreds of silk-over-pad places the fab clips without asking). The
 * order given is kept, a fold standing where its worst stood.
 */
export function foldFindings(findings: readonly DfmFinding[]): DfmFindingLine[] {
  const lines: DfmFindingLine[] = [];
  const folds = new Map<string, DfmFindingLine>();
  for (const finding of findings) {
    const key = finding.severity === 'error' ? null : `${finding.rule}|${finding.severity}|${finding.allowedBy ?? ''}`;
    const fold = key === null ? undefined : folds.get(key);
    if (fold) {
      fold.all.push(finding);
      continue;
    }
    const line = { finding, all: [finding] };
    lines.push(line);
    if (key !== null) folds.set(key, line);
  }
  return lines;
}

/**
 * The decimals a DFM value is said with (by the app and the gateway alike): hundredths, as an engineer says them
 * ('на 0,43 мм'), but thousandths below 0.1 mm (0.065 is not 0.07) and where hundredths would reach the limit
 * (0.0995 under a 0.1 mm limit is no '0.1 mm, narrower than 0.1 mm').
 */
export function dfmDecimals(valueMm: number, limitMm: number): 2 | 3 {
  if (Math.abs(valueMm) < 0.1) return 3;
  const hundredths = Math.round(valueMm * 100) / 100;
  return (valueMm < limitMm && hundredths >= limitMm) || (valueMm > limitMm && hundredths <= limitMm) ? 3 : 2;
}

/** How a finding's value reads: onto a pad (silk over it), at the edge itself, a pour's sliver, above its limit, or below it. */
export type DfmWording = 'over' | 'touching' | 'above' | 'sliver' | 'other';

export function wordingOf(finding: Pick<DfmFinding, 'rule' | 'valueMm' | 'limitMm' | 'feature'>): DfmWording {
  if (finding.rule === 'trackWidth' && finding.feature === 'sliver') return 'sliver';
  if (finding.rule === 'silkOverPad' && finding.valueMm < 0) return 'over';
  if (finding.rule === 'copperToEdge' && finding.valueMm < 0.0005) return 'touching';
  return finding.valueMm > finding.limitMm ? 'above' : 'other';
}
