import whatsThatGerber from 'whats-that-gerber';
import { IDENTIFIED_BY, type LayerSide, type LayerType } from '../../src/contract/board-files';
import { contentFormat, headText, type ContentFormat } from './sniff';
import type { SourceFile } from './unpack';

export type IdentifiedBy = (typeof IDENTIFIED_BY)[number];

/** A user's correction of one file (SetLayers): its type and side, whether it is left out, its place in the stack. */
export interface LayerOverride { id: string; type: LayerType | null; side: LayerSide | null; hidden: boolean; order: number }

export interface IdentifiedFile {
  source: SourceFile;
  format: ContentFormat;
  type: LayerType | null;
  side: LayerSide | null;
  identifiedBy: IdentifiedBy | null;
  hidden: boolean;
  order: number;
  /** From the X2 attributes: the copper layer's number (L1 = top), and the last layer a drill file reaches. */
  copperNumber: number | null;
  drillReach: number | null;
}

interface Layer { type: LayerType; side: LayerSide | null; copperNumber?: number; drillReach?: number }

const X2_SIDES: Record<string, LayerSide> = { Top: 'top', Bot: 'bottom' };
const SIDED_TYPES: Record<string, LayerType> = { Soldermask: 'soldermask', Legend: 'silkscreen', Paste: 'solderpaste' };

/** Gerber X2 `%TF.FileFunction,…*%`, or its older comment form `G04 #@! TF.FileFunction,…*` (KiCad, also in drills). */
export function fileFunction(text: string): Layer | null {
  const match = /TF\.FileFunction,([^*%\r\n]*)/.exec(text);
  if (!match) return null;
  const [kind = '', ...fields] = (match[1] ?? '').split(',').map((field) => field.trim());
  if (kind === 'Copper') {
    const number = /^L(\d+)$/.exec(fields[0] ?? '');
    const side = X2_SIDES[fields[1] ?? ''] ?? 'inner';
    return { type: 'copper', side, ...(number ? { copperNumber: Number(number[1]) } : {}) };
  }
  const sided = SIDED_TYPES[kind];
  if (sided) {
    const side = X2_SIDES[fields[0] ?? ''];
    return side ? { type: sided, side } : null;
  }
  if (kind === 'Profile') return { type: 'outline', side: 'all' };
  if (kind === 'Plated' || kind === 'NonPlated') {
    const reach = Number(fields[1]);
    return { type: 'drill', side: 'all', ...(Number.isInteger(reach) && reach > 0 ? { drillReach: reach } : {}) };
  }
  // Drill maps, fabrication and assembly drawings, keep-outs, glue, v-cut…: drawings, not layers of the board.
  return { type: 'drawing', side: fields.map((field) => X2_SIDES[field]).find(Boolean) ?? null };
}

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

function automatic(file: SourceFile, format: ContentFormat, byName: Layer | null): Omit<IdentifiedFile, 'hidden' | 'order'> {
  const base = { source: file, format, copperNumber: null, drillReach: null };
  if (format === 'unknown') return { ...base, type: null, side: null, identifiedBy: null };
  const x2 = fileFunction(headText(file.content));
  if (x2) {
    return {
      ...base, type: x2.type, side: x2.side, identifiedBy: 'x2',
      copperNumber: x2.copperNumber ?? null, drillReach: x2.drillReach ?? null,
    };
  }
  // An Excellon file is a drill file whatever its name says.
  if (format === 'drill') {
    const named = byName?.type === 'drill';
    return { ...base, type: 'drill', side: 'all', identifiedBy: named ? 'name' : 'content' };
  }
  if (byName) return { ...base, type: byName.type, side: byName.side, identifiedBy: 'name' };
  return { ...base, type: null, side: null, identifiedBy: null };
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

/** Inner copper in its order: the X2 layer number, else the number in the name (In1_Cu, .g2, inner3), else as found. */
function innerNumber(file: IdentifiedFile): number {
  if (file.copperNumber !== null) return file.copperNumber;
  const match = /(?:in|inner|\.g|\.gl|layer|l)(\d+)/i.exec(file.source.name);
  return match ? Number(match[1]) : Number.MAX_SAFE_INTEGER;
}

function defaultOrder(files: IdentifiedFile[]): Map<string, number> {
  const sorted = [...files].sort((a, b) => stackRank(a) - stackRank(b)
    || (stackRank(a) === 4 ? innerNumber(a) - innerNumber(b) : 0));
  return new Map(sorted.map((file, index) => [file.source.id, index]));
}

function applyOverride(file: IdentifiedFile, override: LayerOverride): IdentifiedFile {
  const type = override.type;
  const side = type ? fitSide(type, override.side, file.side) : null;
  const changed = type !== file.type || side !== file.side;
  return {
    ...file, type, side, hidden: override.hidden, order: override.order,
    identifiedBy: changed ? (type ? 'user' : null) : file.identifiedBy,
  };
}

/**
 * Each file's layer: Gerber X2 attributes first, then whats-that-gerber on the name, then the content (Excellon
 * is a drill). The user's corrections win; a file the user leaves untouched keeps where its identification came from.
 */
export function identifyFiles(files: SourceFile[], overrides: LayerOverride[] | null): IdentifiedFile[] {
  const byName = whatsThatGerber(files.map((file) => file.name));
  const found = files.map((file) => {
    const named = byName[file.name];
    const layer = named?.type ? { type: named.type, side: named.side } : null;
    return { ...automatic(file, contentFormat(file.content), layer), hidden: false, order: 0 };
  });
  const order = defaultOrder(found);
  const corrections = new Map((overrides ?? []).map((override) => [override.id, override]));
  const identified = found.map((file) => {
    const own = { ...file, order: order.get(file.source.id) ?? 0 };
    const override = corrections.get(file.source.id);
    return override ? applyOverride(own, override) : own;
  });
  // Renumber 0…n-1: corrections may leave gaps or ties.
  const ranked = [...identified].sort((a, b) => a.order - b.order || (order.get(a.source.id) ?? 0) - (order.get(b.source.id) ?? 0));
  ranked.forEach((file, index) => {
    file.order = index;
  });
  return identified;
}
