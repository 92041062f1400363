import type { BoardDfm, CapabilityTable } from '../../../src/contract/dfm';
import { visible, type AnalysedFile } from '../analysed';
import type { BoardEdge } from '../board-edge';
import { emptyBox, extendBox } from '../geometry';
import { outerBoundary } from '../outer-boundary';
import { withPolygons } from '../polygons/scope';
import { clearBudget, DFM_BUDGET_MS, late, setBudget } from './budget';
import { copperRules } from './copper-rules';
import { drillHoles } from './drill';
import { edgeIndex } from './edges';
import type { Drilled } from './hole-copper';
import { layerGeometries, type Board, type LayerGeometry } from './layer-geometry';
import { kept, pictureBox, PLACES_PER_RULE, type FixedOn, type Found } from './places';
import { surfaceRules } from './surface-rules';
import { thresholds } from './thresholds';

/**
 * The DFM measurements of one board on its layers' real copper: each layer united into polygons, every
 * rule measured on them. Every place where a rule's value comes within the table's margin of its coarsest class's
 * limit, or past it; which of them are findings depends on the parameters (findingsOf).
 */

export interface DfmInput {
  files: AnalysedFile[];
  edge: BoardEdge | null;
  size: { widthMm: number; heightMm: number } | null;
  topSvg: string | null;
  units: 'mm' | 'in';
}

/** The copper files on the board's faces: the layers an edge connector's fingers can be on (findingsOf). */
const outerCopper = (files: AnalysedFile[]) => visible(files)
  .filter((entry) => entry.file.type === 'copper' && (entry.file.side === 'top' || entry.file.side === 'bottom'))
  .map((entry) => entry.file.read.source.id);

function boardOf(edge: BoardEdge | null, holes: { x: number; y: number }[]): Board {
  const lines = edge?.closed ? edge.edges : [];
  const outline = lines.length > 0 ? outerBoundary(lines) : [];
  const box = emptyBox();
  if (lines.length > 0) for (const { from, to } of lines) { extendBox(box, from[0], from[1]); extendBox(box, to[0], to[1]); }
  else for (const hole of holes) extendBox(box, hole.x, hole.y);
  return { outline: outline.length >= 3 ? Float64Array.from(outline.flat()) : null, box: Number.isFinite(box[0]) ? box : null };
}

/** Fixed or not by the table, for the rules whose fix depends on what the place is on (places.ts). */
function fixedOn(table: CapabilityTable): FixedOn {
  const fixes = table.fixedInPreparation ?? [];
  const byFeature = new Set(fixes.filter((fix) => fix.feature !== undefined).map((fix) => fix.rule));
  const whole = new Set(fixes.filter((fix) => fix.feature === undefined).map((fix) => fix.rule));
  return (rule, feature) => (byFeature.has(rule) && !whole.has(rule)
    ? fixes.some((fix) => fix.rule === rule && fix.feature === feature) : null);
}

/** `perRule`: how many places to keep per rule (the corpus script counts them all). */
export function measureDfm(input: DfmInput, table: CapabilityTable, budgetMs = DFM_BUDGET_MS, perRule = PLACES_PER_RULE): BoardDfm {
  setBudget(budgetMs);
  try {
    const limits = thresholds(table);
    const found: Found[] = [];
    const edge = edgeIndex(input.edge);
    const { holes, slots, slotHoles } = drillHoles(input.files);
    const board = boardOf(input.edge, holes);
    const reach = Math.max(limits.trackSpacing, limits.trackWidth, limits.maskSliver, limits.silkWidth);
    const drilled: Drilled[] = [
      ...holes.map((hole) => ({ fileId: hole.fileId, line: [hole.x, hole.y], radius: hole.diameterMm / 2 })),
      ...slotHoles.map((slot) => ({ fileId: slot.fileId, line: slot.line, radius: slot.diameterMm / 2 })),
    ];
    withPolygons((scope) => {
      const context = { edge, holes, board, reach };
      const copper = layerGeometries(scope, input.files, 'copper', context);
      // The masks are built once, for the surface rules or earlier when the copper rules ask which copper is bare.
      let masks: LayerGeometry[] | null = null;
      const mask = () => (masks ??= layerGeometries(scope, input.files, 'soldermask', context));
      copperRules({ scope, copper, drilled, mask, edge, limits, kept: perRule }, found);
      if (late()) return;
      const silk = visible(input.files).flatMap((entry) => (entry.file.type === 'silkscreen' && !entry.error && entry.file.read.gerber
        ? [{ id: entry.file.read.source.id, side: entry.file.side, objects: entry.file.read.gerber.objects }] : []));
      surfaceRules(scope, { copper, mask: mask(), silk }, limits, found);
    });
    for (const hole of holes)
      if (hole.diameterMm > 0 && hole.diameterMm < limits.holeSize)
        found.push({ rule: 'holeSize', fileId: hole.fileId, valueMm: hole.diameterMm, x: hole.x, y: hole.y });
    for (const slot of slots) if (slot.valueMm < limits.slotSize) found.push(slot);
    if (input.size) {
      for (const side of [Math.max(input.size.widthMm, input.size.heightMm), Math.min(input.size.widthMm, input.size.heightMm)]) {
        found.push({ rule: 'boardSize', fileId: null, valueMm: side, x: null, y: null });
      }
    }
    const cutShort = late();
    return {
      ...kept(found, perRule, fixedOn(table)), pictureBoxMm: pictureBox(input.topSvg, input.units), ...(cutShort ? { cutShort: true } : {}),
      outerCopperFileIds: outerCopper(input.files),
    };
  } finally {
    clearBudget();
  }
}
