import type { LayerSide, LayerType } from '../../src/contract/board-files';

/**
 * What Gerber X2 says about a file: its `.FileFunction` (in `%TF…*%` or KiCad's older `G04 #@! TF…*` comment form,
 * also found in Excellon comments) and which apertures draw the board's profile; and what a `.gbrjob` says about the
 * files it lists. Values follow the Gerber Layer Format Specification (2023.03), section 5.6.
 */
export interface LayerEvidence {
  type: LayerType;
  side: LayerSide | null;
  /** The copper layer's number counted from the top (X2 `L1` = top, names such as `In2_Cu`, `art003`). */
  number?: number;
  /** The first and last copper layer a drill file joins (X2 `Plated,1,4`, a name's `ncdrill-1-4`). */
  drillSpan?: [number, number];
}

const X2_SIDES: Record<string, LayerSide> = { Top: 'top', Bot: 'bottom', Inr: 'inner' };
const SIDED: Record<string, LayerType> = { Soldermask: 'soldermask', Legend: 'silkscreen', Paste: 'solderpaste' };
/** Plated/NonPlated are drill or rout files; MixedPlating is KiCad's own value for both in one file. */
const DRILLS = new Set(['Plated', 'NonPlated', 'MixedPlating']);

/** A FileFunction value ('Copper,L2,Inr,Plane') as a layer. Every value that is no layer of the board is a drawing. */
export function layerOfFileFunction(value: string): LayerEvidence {
  const [kind = '', ...fields] = value.split(',').map((field) => field.trim());
  if (kind === 'Copper') {
    const number = /^L(\d+)$/.exec(fields[0] ?? '');
    return { type: 'copper', side: X2_SIDES[fields[1] ?? ''] ?? 'inner', ...(number ? { number: Number(number[1]) } : {}) };
  }
  const sided = SIDED[kind];
  const side = X2_SIDES[fields[0] ?? ''];
  if (sided && (side === 'top' || side === 'bottom')) return { type: sided, side };
  if (kind === 'Profile') return { type: 'outline', side: 'all' };
  if (DRILLS.has(kind)) {
    const [from, to] = [Number(fields[0]), Number(fields[1])];
    return { type: 'drill', side: 'all', ...(Number.isInteger(from) && Number.isInteger(to) && from > 0 && to > from ? { drillSpan: [from, to] } : {}) };
  }
  // Drillmap, FabricationDrawing, AssemblyDrawing, Component, Glue, Other, Vcut, Pads, Keep-out…
  const drawnSide = fields.map((field) => X2_SIDES[field]).find((found) => found === 'top' || found === 'bottom');
  return { type: 'drawing', side: drawnSide ?? null };
}

export function x2FileFunction(head: string): LayerEvidence | null {
  const match = /TF\.FileFunction,([^*%\r\n]*)/.exec(head);
  return match ? layerOfFileFunction(match[1] ?? '') : null;
}

/**
 * The D-codes declared while `%TA.AperFunction,Profile*%` was in force: the board edge that Proteus, LibrePCB and
 * others draw on every layer. An aperture attribute holds until it is changed or deleted (`%TD*%`).
 */
export function profileApertures(text: string): Set<string> {
  const codes = new Set<string>();
  let profile = false;
  for (const match of text.matchAll(/%TA\.AperFunction,([^*%]*)\*%|%TD(?:\.AperFunction)?\*%|%ADD(\d+)/g)) {
    if (match[1] !== undefined) profile = match[1].trim().startsWith('Profile');
    else if (match[2] !== undefined) { if (profile) codes.add(match[2]); }
    else profile = false;
  }
  return codes;
}

interface JobFile { Path?: unknown; FileFunction?: unknown }

/** A `.gbrjob` (JSON, X2 job format): the FileFunction of each file it lists, by base name. Anything else: none. */
export function jobFileFunctions(text: string): Map<string, LayerEvidence> {
  const found = new Map<string, LayerEvidence>();
  let job: unknown;
  try {
    job = JSON.parse(text);
  } catch {
    return found;
  }
  const files = (job as { FilesAttributes?: unknown }).FilesAttributes;
  if (!Array.isArray(files)) return found;
  for (const entry of files as JobFile[]) {
    if (typeof entry.Path !== 'string' || typeof entry.FileFunction !== 'string') continue;
    const base = entry.Path.replace(/\\/g, '/').split('/').pop() ?? entry.Path;
    found.set(base.toLowerCase(), layerOfFileFunction(entry.FileFunction));
  }
  return found;
}
