import whatsThatGerber from '@pcb-portal/whats-that-gerber';
import { IDENTIFIED_BY, type LayerSide, type LayerType } from '../../src/contract/board-files';
import { layerOfContent } from './content';
import { layerConflicts, SIDE_CONFLICTS } from './layer-check';
import { drillSpanOfName, layerOfFileHeader, layerOfFileName, type NamedLayer } from './layer-names';
import type { ReadFile } from './read-file';
import { jobFileFunctions, x2FileFunction, type LayerEvidence } from './x2';

export type IdentifiedBy = (typeof IDENTIFIED_BY)[number];

/** A user's correction of one file (SetLayers): its type and side, whether it is left out, its place in the stack. */
export interface LayerOverride { id: string; type: LayerType | null; side: LayerSide | null; hidden: boolean; order: number }

export interface IdentifiedFile {
  read: ReadFile;
  type: LayerType | null;
  side: LayerSide | null;
  identifiedBy: IdentifiedBy | null;
  /** The evidence was weak (content alone, or a side word alone): the layer table asks the user to check. */
  needsCheck: boolean;
  hidden: boolean;
  order: number;
  /** The copper layer's number counted from the top, when the file says it; the layers a drill file joins. */
  copperNumber: number | null;
  drillSpan: [number, number] | null;
}

interface Found extends NamedLayer { by: IdentifiedBy }

/** whats-that-gerber knows extensions we may not; its 'drawing' is what it answers for any name it does not know. */
function fromLibrary(name: string): NamedLayer | null {
  const found = whatsThatGerber([name])[name];
  if (!found?.type || found.type === 'drawing') return null;
  return { type: found.type, side: found.side as LayerSide | null, weak: true };
}

/** A Gerber file is a drill file only when it flashes round holes and draws nothing else. */
const flashesOnly = (read: ReadFile) => read.gerber !== null && read.gerber.strokeCount === 0 && read.gerber.regionCount === 0
  && read.gerber.flashDiameterMm.every((diameter) => diameter > 0);
/** Pads outnumbering lines is no outline: a fabrication drawing or a pad master named like one. */
const drawsPads = (read: ReadFile) => read.gerber !== null && read.gerber.flashCount >= 10 && read.gerber.flashCount > read.gerber.strokeCount;

/** A name's claim that content contradicts is dropped: the content decides instead. */
function agreesWithContent(layer: NamedLayer, read: ReadFile): boolean {
  if (layer.type === 'drill') return flashesOnly(read);
  if (layer.type === 'outline') return !drawsPads(read);
  return true;
}

/**
 * The strongest evidence about one file. Excellon content is a drill file whatever its attributes or name say (KiCad
 * writes `FileFunction,MixedPlating` into drill files); for Gerber: X2 attributes, the job file, the layer name inside
 * the file, the file name (our conventions, then whats-that-gerber's), and last what the file draws.
 */
function evidenceOf(read: ReadFile, job: Map<string, LayerEvidence>, context: ContentContext): Found | null {
  if (read.format === 'unknown') return null;
  const x2 = x2FileFunction(read.head);
  const named = layerOfFileName(read.source.name);
  if (read.format === 'drill') {
    const by: IdentifiedBy = x2 ? 'x2' : named?.type === 'drill' ? 'name' : 'content';
    const drillSpan = x2?.drillSpan ?? drillSpanOfName(read.source.name);
    return { type: 'drill', side: 'all', ...(drillSpan ? { drillSpan } : {}), weak: false, by };
  }
  if (x2) return { ...x2, weak: false, by: 'x2' };
  const listed = job.get(read.source.name.toLowerCase());
  if (listed) return { ...listed, weak: false, by: 'x2' };
  for (const [layer, by] of [[layerOfFileHeader(read.head), 'layerName'], [named, 'name'], [fromLibrary(read.source.name), 'name']] as const) {
    if (layer && agreesWithContent(layer, read)) return { ...layer, by };
  }
  const content = read.gerber ? layerOfContent(read.gerber, context) : null;
  if (!content) return null;
  // The name may still tell the side ('Layer-Bottom.gbr') where it did not tell the type.
  return { ...content, side: content.side ?? named?.side ?? null, weak: true, by: 'content' };
}

export interface ContentContext { holes: [number, number][] }

const VALID_SIDES: Record<LayerType, readonly (LayerSide | null)[]> = {
  copper: ['top', 'bottom', 'inner'],
  soldermask: ['top', 'bottom'],
  silkscreen: ['top', 'bottom'],
  solderpaste: ['top', 'bottom'],
  drill: ['all'],
  outline: ['all'],
  drawing: ['top', 'bottom', 'inner', 'all', null],
};

/** A side the type can have: the one asked for, else the one found, else the type's first. */
function fitSide(type: LayerType, wanted: LayerSide | null, found: LayerSide | null): LayerSide | null {
  const valid = VALID_SIDES[type];
  if (valid.includes(wanted)) return wanted;
  if (valid.includes(found)) return found;
  return valid[0] ?? null;
}

/**
 * Numbered layers without a side (PADS art001…art008, Altium's physical order, Allegro's l2_gnd): the first copper
 * layer is the top and the last the bottom unless another file already is; the rest are inner. A mask, paste or
 * silk film numbered like a copper layer takes that layer's side (PADS sm008028, .m1): without numbered copper, 1
 * is the top and the copper count the bottom. A film numbered otherwise (SM2 of a six-layer board) is taken for the
 * bottom's, and the user asked to check it.
 */
function placeNumbered(found: (Found | null)[]): void {
  const copper = found.filter((layer): layer is Found => layer?.type === 'copper');
  const numbers = copper.map((layer) => layer.number).filter((number): number is number => number !== undefined);
  const films = found.filter((layer): layer is Found => layer !== null && layer.type !== 'copper' && layer.numbered === true);
  const first = numbers.length > 0 ? Math.min(...numbers) : 1;
  const last = numbers.length > 0 ? Math.max(...numbers) : Math.max(copper.length, ...films.map((layer) => layer.number ?? 0));
  const explicit = (side: LayerSide) => copper.some((layer) => !layer.numbered && layer.side === side);
  for (const layer of found) {
    if (!layer?.numbered || layer.number === undefined) continue;
    if (layer.type === 'copper') {
      if (layer.number === first && !explicit('top')) layer.side = 'top';
      else if (layer.number === last && last > first && !explicit('bottom')) layer.side = 'bottom';
      else layer.side = 'inner';
    } else {
      // A film has no inner side: above the first number it is the bottom's, for sure only at the last number.
      layer.side = layer.number > first ? 'bottom' : 'top';
      if (layer.number !== first && layer.number !== last) layer.weak = true;
    }
  }
}

/** How sure an outline claim is: X2 Profile, a layer name, an outline word or .GKO, Altium's .GM1, content. */
function outlineRank(layer: Found, name: string): number {
  if (layer.by === 'x2') return 0;
  if (layer.by === 'layerName') return 1;
  if (layer.by === 'name') return /\.gm\d+$/i.test(name) ? 3 : 2;
  return 4;
}

/** One board has one outline: of several claims the surest stays, the others are drawings (Altium's .GM14/.GM15). */
function keepOneOutline(files: ReadFile[], found: (Found | null)[]): void {
  const claims = found.map((layer, index) => ({ layer, index })).filter((claim): claim is { layer: Found; index: number } => claim.layer?.type === 'outline');
  if (claims.length < 2) return;
  const rank = (claim: { layer: Found; index: number }) => outlineRank(claim.layer, files[claim.index]?.source.name ?? '');
  const best = Math.min(...claims.map(rank));
  const kept = claims.filter((claim) => rank(claim) === best);
  for (const claim of claims) {
    if (kept.includes(claim)) continue;
    found[claim.index] = { ...claim.layer, type: 'drawing', side: null };
  }
}

/** Where a layer sits in the physical stack, top to bottom; what is not a layer of the board comes last. */
function stackRank(file: IdentifiedFile): number {
  const ranks: Record<string, number> = {
    'solderpaste:top': 0, 'silkscreen:top': 1, 'soldermask:top': 2, 'copper:top': 3, 'copper:inner': 4,
    'copper:bottom': 5, 'soldermask:bottom': 6, 'silkscreen:bottom': 7, 'solderpaste:bottom': 8,
    'outline:all': 9, 'drill:all': 10,
  };
  if (!file.type) return 12;
  return ranks[`${file.type}:${file.side}`] ?? 11;
}

/** Inner copper in its order: the number the file gives, else the number in its name, else as found. */
function innerNumber(file: IdentifiedFile): number {
  if (file.copperNumber !== null) return file.copperNumber;
  const match = /(?:in|inner|\.g|\.gl|layer|l)(\d+)/i.exec(file.read.source.name);
  return match ? Number(match[1]) : Number.MAX_SAFE_INTEGER;
}

function defaultOrder(files: IdentifiedFile[]): Map<string, number> {
  const sorted = [...files].sort((a, b) => stackRank(a) - stackRank(b)
    || (stackRank(a) === 4 ? innerNumber(a) - innerNumber(b) : 0));
  return new Map(sorted.map((file, index) => [file.read.source.id, index]));
}

function applyOverride(file: IdentifiedFile, override: LayerOverride): IdentifiedFile {
  const type = override.type;
  const side = type ? fitSide(type, override.side, file.side) : null;
  const changed = type !== file.type || side !== file.side;
  return {
    ...file, type, side, hidden: override.hidden, order: override.order,
    identifiedBy: changed ? (type ? 'user' : null) : file.identifiedBy,
    needsCheck: changed ? false : file.needsCheck,
  };
}

/**
 * Each file's layer from every kind of evidence, strongest first (docs/decisions.md "Identification"), then made
 * consistent across the board: numbered layers placed, one outline kept, files whose sides contradict each other
 * marked for checking. The user's corrections win; a file the user leaves untouched keeps where its identification
 * came from.
 */
export function identifyFiles(files: ReadFile[], overrides: LayerOverride[] | null, context: ContentContext): IdentifiedFile[] {
  const job = new Map<string, LayerEvidence>();
  for (const file of files) {
    if (/\.gbrjob$/i.test(file.source.name)) for (const [name, layer] of jobFileFunctions(new TextDecoder().decode(file.source.content))) job.set(name, layer);
  }
  const found = files.map((file) => evidenceOf(file, job, context));
  placeNumbered(found);
  keepOneOutline(files, found);
  const identified: IdentifiedFile[] = files.map((read, index) => {
    const layer = found[index];
    if (!layer) {
      return { read, type: null, side: null, identifiedBy: null, needsCheck: false, hidden: false, order: 0, copperNumber: null, drillSpan: null };
    }
    return {
      read,
      type: layer.type,
      side: fitSide(layer.type, layer.side, null),
      identifiedBy: layer.by,
      needsCheck: layer.weak,
      hidden: false,
      order: 0,
      copperNumber: layer.type === 'copper' ? layer.number ?? null : null,
      drillSpan: layer.drillSpan ?? null,
    };
  });
  const order = defaultOrder(identified);
  const corrections = new Map((overrides ?? []).map((override) => [override.id, override]));
  const corrected = identified.map((file) => {
    const own = { ...file, order: order.get(file.read.source.id) ?? 0 };
    const override = corrections.get(file.read.source.id);
    return override ? applyOverride(own, override) : own;
  });
  // Renumber 0…n-1: corrections may leave gaps or ties.
  const ranked = [...corrected].sort((a, b) => a.order - b.order || (order.get(a.read.source.id) ?? 0) - (order.get(b.read.source.id) ?? 0));
  ranked.forEach((file, index) => {
    file.order = index;
  });
  markConflicts(corrected);
  return corrected;
}

/** Files that contradict each other's sides (two top masks, one mask only) are not shown as certain, unless the user set them. */
function markConflicts(files: IdentifiedFile[]): void {
  const doubted = new Set(layerConflicts(files).filter((conflict) => SIDE_CONFLICTS.has(conflict.code)).flatMap((conflict) => conflict.fileIds));
  for (const file of files) if (doubted.has(file.read.source.id) && file.identifiedBy !== 'user') file.needsCheck = true;
}
