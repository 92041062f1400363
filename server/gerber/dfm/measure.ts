import type { BoardDfm, CapabilityTable } from '../../../src/contract/dfm';
import { visible, type AnalysedFile } from '../analysed';
import type { BoardEdge } from '../board-edge';
import { clearBudget, DFM_BUDGET_MS, late, setBudget } from './budget';
import { copperToEdge } from './copper-to-edge';
import { boardBox, drawnLayers } from './drawn';
import { drillHoles } from './drill';
import { edgeIndex, oneAlongEachStretch, routedEdges, type EdgePlace } from './edges';
import { holeRules } from './hole-rules';
import { ownerSets } from './layer';
import { drilledAwayPads } from './pads';
import { kept, pictureBox, PLACES_PER_RULE, type Found } from './places';
import { planeClearances } from './planes';
import { silkOverPads } from './silk';
import { gaps, gapsFound, joinInsidePours, type Gaps } from './spacing';
import { thresholds } from './thresholds';
import { trackWidths } from './track-widths';

/**
 * The DFM measurements of one board (issue 21), run in the worker pool after the files are read: every place where a
 * rule's value comes within the table's margin of its coarsest class's limit, or past it. Which of them are findings
 * depends on the parameters (findingsOf); here only geometry. Rules in the order of their worth to a buyer.
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

/** `perRule`: how many places to keep per rule (the corpus script counts them all). */
export function measureDfm(input: DfmInput, table: CapabilityTable, budgetMs = DFM_BUDGET_MS, perRule = PLACES_PER_RULE): BoardDfm {
  setBudget(budgetMs);
  const limits = thresholds(table);
  const found: Found[] = [];
  const reach = Math.max(limits.trackSpacing, limits.maskSliver, limits.silkOverPad) / 2;
  const edge = edgeIndex(input.edge);
  const { holes, slots } = drillHoles(input.files);
  const copperFiles = drawnLayers(input.files, 'copper', reach, edge, holes, boardBox(edge, holes));
  const copper = copperFiles.filter((drawn) => !drawn.negative);
  const planes = copperFiles.filter((drawn) => drawn.negative);
  const mask = drawnLayers(input.files, 'soldermask', reach, edge, holes);
  // One set of owners for every copper and mask layer: copper is joined across layers through the holes.
  const offsets: number[] = [];
  let owners = 0;
  for (const drawn of [...copper, ...mask]) { offsets.push(owners); owners += drawn.layer.owners; }
  const sets = ownerSets(owners);
  const spacing: Gaps[] = [];
  const edgePlaces: EdgePlace[][] = [];
  const poured = (x: number, y: number) => copper.some((drawn) => drawn.covering(x, y, true).some((owner) => drawn.layer.ownerIsRegion[owner]));
  const routed = routedEdges(edge, poured);
  for (const [index, drawn] of copper.entries()) {
    trackWidths(drawn, limits.trackWidth, found, 'trackWidth');
    if (routed.edges.length > 0) edgePlaces.push(copperToEdge(drawn, routed, limits.copperToEdge, drilledAwayPads(holes, drawn)).map((place) => ({ ...place, owner: place.owner + (offsets[index] ?? 0) })));
    joinInsidePours(drawn, sets, offsets[index] ?? 0);
    spacing.push(gaps(drawn, limits.trackSpacing, 'trackSpacing', sets, offsets[index] ?? 0));
  }
  for (const hole of holes) {
    let first = -1;
    for (const [index, drawn] of copper.entries()) {
      for (const owner of drawn.covering(hole.x, hole.y, true)) {
        const global = (offsets[index] ?? 0) + owner;
        if (first < 0) first = global; else sets.join(first, global);
      }
    }
  }
  for (const each of spacing) gapsFound(each, sets, found);
  for (const places of edgePlaces) found.push(...oneAlongEachStretch(places, sets.find));
  holeRules(holes, copper, sets, offsets, { ring: limits.annularRing, clearance: limits.drillToCopper }, found);
  // Without an edge every point counts as on the board: a film draws its own pull-back from the edge.
  const onBoard = edge.edges.length > 0 ? edge.inside : () => true;
  for (const each of planeClearances(holes, planes, onBoard, limits.drillToCopper, late)) found.push({ rule: 'drillToCopper', ...each });
  for (const hole of holes) if (hole.diameterMm > 0 && hole.diameterMm < limits.holeSize) found.push({ rule: 'holeSize', fileId: hole.fileId, valueMm: hole.diameterMm, x: hole.x, y: hole.y });
  const silk = drawnLayers(input.files, 'silkscreen', reach, edge, holes);
  for (const drawn of silk) {
    trackWidths(drawn, limits.silkWidth, found, 'silkWidth');
    const openings = mask.find((each) => each.side === drawn.side) ?? copper.find((each) => each.side === drawn.side);
    if (openings) silkOverPads(drawn, openings, limits.silkOverPad, found);
  }
  for (const [index, drawn] of mask.entries()) {
    gapsFound(gaps(drawn, limits.maskSliver, 'maskSliver', sets, offsets[copper.length + index] ?? 0), sets, found);
  }
  for (const slot of slots) if (slot.valueMm < limits.slotSize) found.push(slot);
  if (input.size) {
    for (const side of [Math.max(input.size.widthMm, input.size.heightMm), Math.min(input.size.widthMm, input.size.heightMm)]) {
      found.push({ rule: 'boardSize', fileId: null, valueMm: side, x: null, y: null });
    }
  }
  const cutShort = late();
  clearBudget();
  return {
    ...kept(found, perRule), pictureBoxMm: pictureBox(input.topSvg, input.units), ...(cutShort ? { cutShort: true } : {}),
    outerCopperFileIds: outerCopper(input.files),
  };
}
