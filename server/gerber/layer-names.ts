import type { LayerType } from '../../src/contract/board-files';
import { statedSide, words, type NamedSide } from './side-words';
import type { LayerEvidence } from './x2';

/**
 * What a name says a layer is: a file's name (CAD tools' default and common custom CAM names) or the layer name a
 * file carries inside (`%LN…*%`, EasyEDA's `G04 Layer: TopLayer*`, Eagle's `%INTop Copper*%`, Allegro's list of
 * `G04 Layer: ETCH/TOP*`, Altium's `G04 Layer_Physical_Order=3*`). `weak` marks a guess — a side word alone
 * ('Top.gbr' is top copper for DipTrace and Eagle's custom CAM jobs, but could be anything), a side only hinted at, a
 * name that contradicts its extension: the layer table asks the user to check it. Sides by name: side-words.ts.
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

/** PADS's films of a layer: mask .m1, silk .s1, paste .p1, the number the copper layer's (1 the top, the last the bottom). */
const PADS_FILMS: Record<string, LayerType> = { m: 'soldermask', s: 'silkscreen', p: 'solderpaste' };

/**
 * Numbered extensions: Altium's inner signal (.G1) and plane (.GP1) layers, Eagle's .G2L, OrCAD's .IN1, mechanical
 * .GM14, PADS's films .M1/.S1/.P1.
 */
function numberedExtension(extension: string): Omit<NamedLayer, 'weak'> | null {
  const inner = /^(?:g|gp|in)(\d{1,2})$/.exec(extension) ?? /^g(\d{1,2})l$/.exec(extension);
  if (inner) return { type: 'copper', side: 'inner', number: Number(inner[1]) };
  const film = /^([msp])(\d{1,2})$/.exec(extension);
  const filmType = film ? PADS_FILMS[film[1] ?? ''] : undefined;
  if (film && filmType) return { type: filmType, side: null, number: Number(film[2]), numbered: true };
  if (/^gm\d{1,2}$/.test(extension)) return { type: 'drawing', side: null };
  if (/^g[dg]\d{1,2}$/.test(extension)) return { type: 'drawing', side: null };
  return null;
}

interface Rule { type: LayerType; test: (list: string[], joined: string) => boolean }
const has = (...names: string[]) => (list: string[]) => names.some((name) => list.includes(name));
const contains = (...parts: string[]) => (_list: string[], joined: string) => parts.some((part) => joined.includes(part));

/**
 * First rule that matches wins: drawings before everything (a 'drill map' is no drill, a 'fab outline' no outline),
 * paste before mask ('smdmask', 'pastemask' are paste), outline before copper ('BoardOutlineLayer').
 */
const RULES: Rule[] = [
  {
    type: 'drawing',
    test: (list, joined) =>
      has(
        'fab',
        'fabrication',
        'assy',
        'assembly',
        'courtyard',
        'crtyd',
        'adhes',
        'adhesive',
        'glue',
        'comment',
        'comments',
        'cmts',
        'dwgs',
        'drawing',
        'document',
        'documentation',
        'eco',
        'margin',
        'notes',
        'map',
        'mechanical',
        'mech',
        'keepout',
        'dd',
        'gdd',
        'refdes',
      )(list) || contains('drlmap', 'drillmap', 'drilldrawing', 'drawingformat', 'padmaster', 'crtyd', 'courtyard')(list, joined),
  },
  {
    type: 'outline',
    test: (list, joined) =>
      has('outline', 'outlines', 'edge', 'edges', 'profile', 'contour', 'dimension', 'border', 'boardoutline', 'oln')(list) ||
      contains('edgecuts', 'boardoutline')(list, joined),
  },
  { type: 'drill', test: has('drill', 'drills', 'drl', 'holes', 'hole', 'npth', 'pth', 'milling', 'mill', 'rout', 'slots', 'xln') },
  {
    type: 'solderpaste',
    test: (list, joined) =>
      has('paste', 'cream', 'stencil', 'smd', 'crc', 'crs', 'spt', 'spb')(list) || contains('smdmask', 'pastemask', 'solderpaste')(list, joined),
  },
  {
    type: 'soldermask',
    test: (list, joined) =>
      has('mask', 'soldermask', 'resist', 'stop', 'sm', 'stc', 'sts', 'smt', 'smb')(list) ||
      contains('soldermask', 'solderresist', 'stopmask')(list, joined),
  },
  {
    type: 'silkscreen',
    test: (list, joined) =>
      has('silk', 'silks', 'silkscreen', 'legend', 'overlay', 'sst', 'ssb', 'ss', 'plc', 'pls', 'print', 'ident')(list) ||
      contains('silkscreen')(list, joined),
  },
  // Allegro's films are l1_primary, l2_gnd…, PADS's also XXX_L1: an 'l' and a number.
  {
    type: 'copper',
    test: (list, joined) =>
      list.some((word, index) => word === 'l' && /^\d{1,2}$/.test(list[index + 1] ?? '')) ||
      has('copper', 'cu', 'signal', 'etch', 'art', 'pgp', 'plane', 'inner', 'in', 'ln', 'route', 'routing', 'gnd', 'pwr', 'vcc')(list) ||
      contains('toplayer', 'bottomlayer', 'innerlayer', 'midlayer')(list, joined),
  },
];

/** The copper layer's number: In2_Cu, inner3, Ln1_Cu, L2, art003 / pgp002 / SM1 / SS2 (PADS), l2_gnd (Allegro). */
function numberOf(list: string[]): number | null {
  for (let index = 0; index < list.length - 1; index += 1) {
    const word = list[index] ?? '';
    const next = list[index + 1] ?? '';
    // PADS numbers its films layer then document: sm001021 is the mask of layer 1.
    const digits = /^\d{6}$/.test(next) ? next.slice(0, 3) : next;
    if (
      /^\d{1,3}$/.test(digits) &&
      ['in', 'inner', 'ln', 'l', 'layer', 'art', 'pgp', 'sm', 'smd', 'sst', 'ssb', 'ss', 'route', 'mid', 'midlayer', 'copper', 'g'].includes(word)
    ) {
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
  const stated = statedSide(list);
  const side = stated?.side ?? null;
  // A side only hinted at (a letter alone, 'cmp', 'sol') is a guess: a layer number outranks it, the user checks it.
  const plain = side !== null && stated?.strength !== 'hint';
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
    if (plain) return { type, side, ...(number ? { number } : {}), weak: false };
    if (number) return { type, side: null, number, numbered: true, weak: false };
    return { type, side, weak: true };
  }
  if (plain) return { type, side, weak: false };
  if (number) return { type, side: null, number, numbered: true, weak: false };
  return { type, side, weak: true };
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
  const known = Object.hasOwn(EXTENSIONS, extension) ? EXTENSIONS[extension] : numberedExtension(extension);
  if (known) return withStatedSide({ ...known, weak: false }, statedSide(words(stem)));
  return fromStem;
}

const SIDED: ReadonlySet<LayerType> = new Set(['copper', 'soldermask', 'silkscreen', 'solderpaste']);

/**
 * A side the name states outright wins over what its extension implies: 'BOARD-TOPSOLDERMASK.m1' is the top mask. A
 * name that contradicts its extension ('Top_Mask.gbs', 'BOTTOMSOLDERMASK.m1') is marked for the user to check.
 */
function withStatedSide(layer: NamedLayer, stated: NamedSide | null): NamedLayer {
  if (!stated || stated.strength === 'hint' || !SIDED.has(layer.type) || layer.side === 'inner') return layer;
  if (layer.side === stated.side) return layer;
  const implied = layer.side ?? (layer.numbered && layer.number === 1 ? 'top' : null);
  return { type: layer.type, side: stated.side, weak: implied !== null && implied !== stated.side };
}

/**
 * The layer pair a drill file's name gives after a drill word: Allegro's `ncdrill-1-4`, Eagle's `drill_1_16`. A pair
 * inside a longer run of numbers is a date or a version, not layers.
 */
export function drillSpanOfName(name: string): [number, number] | null {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? name;
  const dot = base.lastIndexOf('.');
  const tokens = (dot > 0 ? base.slice(0, dot) : base).toLowerCase().split(/[-_ .]+/);
  const numeric = (token: string | undefined) => token !== undefined && /^\d+$/.test(token);
  for (let index = 1; index + 1 < tokens.length; index += 1) {
    const from = tokens[index] ?? '';
    const to = tokens[index + 1] ?? '';
    if (!/^\d{1,2}$/.test(from) || !/^\d{1,2}$/.test(to) || numeric(tokens[index + 2])) continue;
    if (!/drill|drl|hole|via|blind|buried/.test(tokens[index - 1] ?? '')) continue;
    if (Number(from) >= 1 && Number(from) < Number(to)) return [Number(from), Number(to)];
  }
  return null;
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

