/**
 * Which side of the board a layer's name says, and how plainly. A side word joined to a layer word
 * ('TOPSOLDERMASK', 'Top_Mask', KiCad's 'F_Cu', Eagle's 'tStop', 'silkscreen_bottom') is the layer's own side; a side
 * word elsewhere in the name ('l1_primary', 'Bottom.gbr') says it too; a letter or an abbreviation alone ('board_b',
 * 'cmp', 'sol') is only a hint, which the layer table asks the user to check, and a letter after 'rev' is none. A
 * stronger word outranks a weaker one, so a letter 'B' in a name never makes its top mask a bottom one.
 */
export type Side = 'top' | 'bottom';
/** 'bound': joined to a layer word; 'word': a side word elsewhere; 'hint': a letter or an abbreviation alone. */
export type SideStrength = 'bound' | 'word' | 'hint';
export interface NamedSide { side: Side; strength: SideStrength }

const SIDE_WORDS = new Map<string, Side>([
  ['top', 'top'], ['front', 'top'], ['primary', 'top'],
  ['bottom', 'bottom'], ['bot', 'bottom'], ['btm', 'bottom'], ['back', 'bottom'], ['secondary', 'bottom'],
]);
/** KiCad's F_/B_, Eagle's t/b (tStop, bCream): a side only when joined to a layer word. */
const SIDE_LETTERS = new Map<string, Side>([['f', 'top'], ['t', 'top'], ['b', 'bottom']]);
const HINTS = new Map<string, Side>([
  ['f', 'top'], ['cmp', 'top'], ['comp', 'top'], ['component', 'top'], ['prm', 'top'], ['upper', 'top'],
  ['b', 'bottom'], ['sol', 'bottom'], ['sec', 'bottom'], ['lower', 'bottom'],
]);
/** Words that name what a layer is: a side word or letter beside one of them is that layer's side. */
const LAYER_WORDS = new Set([
  'layer', 'copper', 'cu', 'signal', 'etch', 'side', 'mask', 'soldermask', 'solder', 'resist', 'solderresist', 'stop',
  'stopmask', 'silk', 'silks', 'silkscreen', 'legend', 'overlay', 'print', 'paste', 'solderpaste', 'pastemask', 'smdmask',
  'cream', 'smd',
]);
/** What a side letter may be joined to in one word: 'tcream', 'bmask', 'maskt', 'pasteb'. */
const LETTER_LAYER_WORDS = new Set(['mask', 'paste', 'cream', 'silk']);
const SIDE_PREFIXES = ['bottom', 'front', 'back', 'top', 'btm', 'bot'];
/** A letter after these is a revision ('rev_B', 'RevB', 'v_b'), never a side. */
const REVISION_WORDS = new Set(['rev', 'revision', 'ver', 'version', 'v', 'r']);

/** 'topsoldermask' → ['top', 'soldermask'], 'silkscreenbottom' → ['silkscreen', 'bottom'], 'tcream' → ['t', 'cream']. */
function splitCompound(word: string): string[] {
  for (const side of SIDE_PREFIXES) {
    if (word.startsWith(side) && LAYER_WORDS.has(word.slice(side.length))) return [side, word.slice(side.length)];
    if (word.endsWith(side) && LAYER_WORDS.has(word.slice(0, -side.length))) return [word.slice(0, -side.length), side];
  }
  const letter = word.slice(0, 1);
  if (SIDE_LETTERS.has(letter) && LETTER_LAYER_WORDS.has(word.slice(1))) return [letter, word.slice(1)];
  const last = word.slice(-1);
  if ((last === 't' || last === 'b') && LETTER_LAYER_WORDS.has(word.slice(0, -1))) return [word.slice(0, -1), last];
  return [word];
}

/** 'BottomSolderMaskLayer', 'F_Cu', 'ATU-10_[x]_smdmask_top', 'BOARD-TOPSOLDERMASK' → lower-case words. */
export function words(label: string): string[] {
  return label
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .flatMap(splitCompound);
}

/** The side the words state at their plainest; none when they name none, or contradict each other equally plainly. */
export function statedSide(list: string[]): NamedSide | null {
  const found: Record<SideStrength, Set<Side>> = { bound: new Set(), word: new Set(), hint: new Set() };
  list.forEach((word, index) => {
    if (word.length === 1 && REVISION_WORDS.has(list[index - 1] ?? '')) return;
    const besideLayer = LAYER_WORDS.has(list[index - 1] ?? '') || LAYER_WORDS.has(list[index + 1] ?? '');
    const side = SIDE_WORDS.get(word) ?? (besideLayer ? SIDE_LETTERS.get(word) : undefined);
    const hint = HINTS.get(word);
    if (side) found[besideLayer ? 'bound' : 'word'].add(side);
    else if (hint) found.hint.add(hint);
  });
  for (const strength of ['bound', 'word', 'hint'] as const) {
    const sides = [...found[strength]];
    if (sides.length > 1) return null;
    if (sides[0]) return { side: sides[0], strength };
  }
  return null;
}
