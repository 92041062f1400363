import type { LayerType } from '../../src/contract/board-files';
import type { LayerEvidence } from './x2';

/**
 * What a name says a layer is: a file's name (CAD tools' default and common custom CAM names) or the layer name a
 * file carries inside (`%LN…*%`, EasyEDA's `G04 Layer: TopLayer*`, Eagle's `%INTop Copper*%`, Allegro's list of
 * `G04 Layer: ETCH/TOP*`, Altium's `G04 Layer_Physical_Order=3*`). `weak` marks a guess from a side word alone
 * ('Top.gbr' is top copper for DipTrace and Eagle's custom CAM jobs, but could be anything): the layer table asks
 * the user to check it.
 */
export interface NamedLayer extends LayerEvidence {
  weak: boolean;
  /** A layer number without a side (PADS art003, Allegro l2_gnd): top, inner or bottom once all files are known. */
  numbered?: boolean;
}

const EXTENSIONS: Record<string, Omit<NamedLayer, 'weak'>> = {
  // Protel / Altium, and everyone who copies them (EasyEDA, KiCad's option, JLCPCB's checklist)
  gtl: { type: 'copper', side: 'top' }, gbl: { type: 'copper', side: 'bottom' },
  gts: { type: 'soldermask', side: 'top' }, gbs: { type: 'soldermask', side: 'bottom' },
  gto: { type: 'silkscreen', side: 'top' }, gbo: { type: 'silkscreen', side: 'bottom' },
  gtp: { type: 'solderpaste', side: 'top' }, gbp: { type: 'solderpaste', side: 'bottom' },
  gko: { type: 'outline', side: 'all' }, gm1: { type: 'outline', side: 'all' }, gml: { type: 'outline', side: 'all' },
  gpt: { type: 'drawing', side: 'top' }, gpb: { type: 'drawing', side: 'bottom' },
  gdl: { type: 'drawing', side: null }, gdd: { type: 'drawing', side: null }, gme: { type: 'drawing', side: null },
  // Eagle's classic CAM job
  cmp: { type: 'copper', side: 'top' }, sol: { type: 'copper', side: 'bottom' },
  stc: { type: 'soldermask', side: 'top' }, sts: { type: 'soldermask', side: 'bottom' },
  plc: { type: 'silkscreen', side: 'top' }, pls: { type: 'silkscreen', side: 'bottom' },
  crc: { type: 'solderpaste', side: 'top' }, crs: { type: 'solderpaste', side: 'bottom' },
  oln: { type: 'outline', side: 'all' }, dim: { type: 'outline', side: 'all' }, fab: { type: 'drawing', side: null },
  // OrCAD / Allegro extensions
  top: { type: 'copper', side: 'top' }, bot: { type: 'copper', side: 'bottom' },
  smt: { type: 'soldermask', side: 'top' }, smb: { type: 'soldermask', side: 'bottom' },
  sst: { type: 'silkscreen', side: 'top' }, ssb: { type: 'silkscreen', side: 'bottom' },
  spt: { type: 'solderpaste', side: 'top' }, spb: { type: 'solderpaste', side: 'bottom' },
  // Drill files by their usual extensions (only ever taken for Excellon content, or Gerber that only flashes)
  drl: { type: 'drill', side: 'all' }, xln: { type: 'drill', side: 'all' }, drd: { type: 'drill', side: 'all' },
  exc: { type: 'drill', side: 'all' }, ncd: { type: 'drill', side: 'all' }, rou: { type: 'drill', side: 'all' },
};

/** Numbered extensions: Altium's inner signal (.G1) and plane (.GP1) layers, Eagle's .G2L, OrCAD's .IN1, mechanical .GM14. */
function numberedExtension(extension: string): Omit<NamedLayer, 'weak'> | null {
  const inner = /^(?:g|gp|in)(\d{1,2})$/.exec(extension) ?? /^g(\d{1,2})l$/.exec(extension);
  if (inner) return { type: 'copper', side: 'inner', number: Number(inner[1]) };
  if (/^gm\d{1,2}$/.test(extension)) return { type: 'drawing', side: null };
  if (/^g[dg]\d{1,2}$/.test(extension)) return { type: 'drawing', side: null };
  return null;
}

/** 'BottomSolderMaskLayer', 'F_Cu', 'ATU-10_[x]_smdmask_top' → lower-case words. */
function words(label: string): string[] {
  return label
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const TOP = new Set(['top', 'front', 'f', 'cmp', 'component', 'primary', 'prm', 'upper', 'comp']);
const BOTTOM = new Set(['bottom', 'bot', 'back', 'b', 'sol', 'secondary', 'sec', 'lower', 'btm']);

function sideOf(list: string[]): 'top' | 'bottom' | null {
  const top = list.some((word) => TOP.has(word));
  const bottom = list.some((word) => BOTTOM.has(word));
  if (top === bottom) return null;
  return top ? 'top' : 'bottom';
}

interface Rule { type: LayerType; test: (list: string[], joined: string) => boolean }
const has = (...names: string[]) => (list: string[]) => names.some((name) => list.includes(name));
const contains = (...parts: string[]) => (_list: string[], joined: string) => parts.some((part) => joined.includes(part));

/**
 * First rule that matches wins: drawings before everything (a 'drill map' is no drill, a 'fab outline' no outline),
 * paste before mask ('smdmask', 'pastemask' are paste), outline before copper ('BoardOutlineLayer').
 */
const RULES: Rule[] = [
  { type: 'drawing', test: (list, joined) => has('fab', 'fabrication', 'assy', 'assembly', 'courtyard', 'crtyd', 'adhes', 'adhesive',
    'glue', 'comment', 'comments', 'cmts', 'dwgs', 'drawing', 'document', 'documentation', 'eco', 'margin', 'notes', 'map',
    'mechanical', 'mech', 'keepout', 'dd', 'gdd', 'refdes')(list)
    || contains('drlmap', 'drillmap', 'drilldrawing', 'drawingformat', 'padmaster', 'crtyd', 'courtyard')(list, joined) },
  { type: 'outline', test: (list, joined) => has('outline', 'outlines', 'edge', 'edges', 'profile', 'contour', 'dimension', 'border',
    'boardoutline', 'oln')(list) || contains('edgecuts', 'boardoutline')(list, joined) },
  { type: 'drill', test: has('drill', 'drills', 'drl', 'holes', 'hole', 'npth', 'pth', 'milling', 'mill', 'rout', 'slots', 'xln') },
  { type: 'solderpaste', test: (list, joined) => has('paste', 'cream', 'stencil', 'smd', 'crc', 'crs', 'spt', 'spb', 'tpaste', 'bpaste')(list)
    || contains('smdmask', 'pastemask', 'solderpaste')(list, joined) },
  { type: 'soldermask', test: (list, joined) => has('mask', 'soldermask', 'resist', 'stop', 'sm', 'stc', 'sts', 'smt', 'smb', 'tmask', 'bmask')(list)
    || contains('soldermask', 'solderresist', 'stopmask')(list, joined) },
  { type: 'silkscreen', test: (list, joined) => has('silk', 'silks', 'silkscreen', 'legend', 'overlay', 'sst', 'ssb', 'plc', 'pls', 'print', 'ident')(list)
    || contains('silkscreen')(list, joined) },
  // Allegro's films are l1_primary, l2_gnd…: a leading 'l' and a number.
  { type: 'copper', test: (list, joined) => (list[0] === 'l' && /^\d{1,2}$/.test(list[1] ?? '')) || has('copper', 'cu', 'signal', 'etch', 'art', 'pgp', 'plane', 'inner', 'in', 'ln', 'route', 'routing', 'gnd', 'pwr', 'vcc')(list)
    || contains('toplayer', 'bottomlayer', 'innerlayer', 'midlayer')(list, joined) },
];

/** The copper layer's number: In2_Cu, inner3, Ln1_Cu, L2, art003 / pgp002 (PADS), l2_gnd (Allegro). */
function numberOf(list: string[]): number | null {
  for (let index = 0; index < list.length - 1; index += 1) {
    const word = list[index] ?? '';
    const next = list[index + 1] ?? '';
    // PADS numbers its films layer then document: sm001021 is the mask of layer 1.
    const digits = /^\d{6}$/.test(next) ? next.slice(0, 3) : next;
    if (/^\d{1,3}$/.test(digits) && ['in', 'inner', 'ln', 'l', 'layer', 'art', 'pgp', 'sm', 'smd', 'sst', 'ssb', 'route', 'mid', 'midlayer', 'copper', 'g'].includes(word)) {
      return Number(digits);
    }
  }
  return null;
}

/** A label's words → a layer; null when they name none. */
export function layerOfLabel(label: string): NamedLayer | null {
  const list = words(label);
  const joined = list.join('');
  const rule = RULES.find((candidate) => candidate.test(list, joined));
  const side = sideOf(list);
  const number = numberOf(list);
  if (!rule) {
    // A side word and nothing else: DipTrace's and custom CAM jobs' Top.gbr / Bot.gbr are copper, but it is a guess.
    if (side && list.length <= 2) return { type: 'copper', side, weak: true };
    return null;
  }
  const type = rule.type;
  if (type === 'drill' || type === 'outline') return { type, side: 'all', weak: false };
  if (type === 'drawing') return { type, side, weak: false };
  if (type === 'copper') {
    if (list.includes('inner') || list.includes('in') || list.includes('innerlayer') || list.includes('mid')) {
      return { type, side: 'inner', ...(number ? { number } : {}), weak: false };
    }
    if (side) return { type, side, ...(number ? { number } : {}), weak: false };
    if (number) return { type, side: null, number, numbered: true, weak: false };
    return { type, side: null, weak: true };
  }
  if (side) return { type, side, weak: false };
  if (number) return { type, side: null, number, numbered: true, weak: false };
  return { type, side: null, weak: true };
}

/** What a file's name says: its extension when that is a convention of its own, else the words of its stem. */
export function layerOfFileName(name: string): NamedLayer | null {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? name;
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const fromStem = layerOfLabel(stem);
  // Words in the stem that name a layer outright win over a generic extension; KiCad's "-drl_map.gbr" stays a drawing.
  if (fromStem && !fromStem.weak && fromStem.type === 'drawing') return fromStem;
  const known = EXTENSIONS[extension] ?? numberedExtension(extension);
  if (known) return { ...known, weak: false };
  return fromStem;
}

/** Allegro lists the CLASS/SUBCLASS pairs a film is made of: ETCH/TOP is top copper, DRAWING FORMAT a drawing. */
function allegroLayer(head: string): NamedLayer | null {
  const subclasses = [...head.matchAll(/^G04 Layer:\s+([^*\r\n]+)\*/gm)].map((match) => (match[1] ?? '').trim().toUpperCase());
  if (subclasses.length < 2 || !subclasses.every((entry) => entry.includes('/'))) return null;
  if (subclasses.some((entry) => /^DRAWING FORMAT\/|ASSEMBLY|ASSY|NCLEGEND|FAB/.test(entry))) return { type: 'drawing', side: null, weak: false };
  const etch = subclasses.find((entry) => entry.startsWith('ETCH/'))?.slice(5);
  if (etch) {
    if (etch === 'TOP') return { type: 'copper', side: 'top', weak: false };
    if (etch === 'BOTTOM') return { type: 'copper', side: 'bottom', weak: false };
    const number = /^L(\d+)/.exec(etch);
    return { type: 'copper', side: 'inner', ...(number ? { number: Number(number[1]) } : {}), weak: false };
  }
  for (const [word, type] of [['PASTEMASK', 'solderpaste'], ['SOLDERMASK', 'soldermask'], ['SILKSCREEN', 'silkscreen']] as const) {
    const entry = subclasses.find((subclass) => subclass.includes(`/${word}_`));
    if (entry) return { type, side: entry.endsWith('_TOP') ? 'top' : entry.endsWith('_BOTTOM') ? 'bottom' : null, weak: false };
  }
  return null;
}

/** The layer name a file carries inside it, when it names a layer. */
export function layerOfFileHeader(head: string): NamedLayer | null {
  const allegro = allegroLayer(head);
  if (allegro) return allegro;
  const physical = /^G04 Layer_Physical_Order=(\d+)\*/m.exec(head);
  if (physical) return { type: 'copper', side: null, number: Number(physical[1]), numbered: true, weak: false };
  for (const pattern of [/%LN([^*%]+)\*/, /^G04 Layer:\s*([^*\r\n]+)\*/m, /%IN([^*%]+)\*/]) {
    const label = pattern.exec(head)?.[1]?.replace(/"/g, '').trim();
    const layer = label ? layerOfLabel(label) : null;
    if (layer) return layer;
  }
  return null;
}

