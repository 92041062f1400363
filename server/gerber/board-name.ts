import { PROJECT_TITLE_MAX } from '../../src/contract/board-files';
import { layerOfLabel } from './layer-names';
import { contentFormat } from './sniff';
import type { SourceFile } from './unpack';

/**
 * A board's name from its files, most trusted first: the project the files state (X2 `.ProjectId`, the job
 * file), the design name a CAD tool writes into every file (Allegro's layout, PADS's image name), the files' common
 * stem without layer words, the uploaded zip's name. Null when none of them names the board: a layer's or a file's
 * name is never a board's.
 */
export type BoardNameSource = 'x2' | 'job' | 'header' | 'stem' | 'archive';
export interface BoardName { name: string; source: BoardNameSource }

/** Where the X2 attributes and CAD headers are: the first lines of a file. */
const HEAD_BYTES = 16 * 1024;
const JOB_BYTES = 1024 * 1024;
const utf8 = new TextDecoder('utf-8');
const headOf = (file: SourceFile, bytes = HEAD_BYTES) => utf8.decode(file.content.subarray(0, bytes));

/** Words that say how the files were made, never what the board is. */
const NOISE = new Set(['gerber', 'gerbers', 'gbr', 'cadcam', 'cam', 'output', 'outputs', 'combined', 'merged', 'layer', 'layers', 'files']);
/** A letter after these is a revision ('Rev_B'), never a side to strip. */
const REVISION_WORDS = new Set(['rev', 'revision', 'ver', 'version', 'v', 'r']);

/** The Gerber format's escapes in attribute values (`\u00E9`, `\U0001F600`); anything else stays as written. */
export function decodeGerberText(text: string): string {
  return text.replace(/\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})/g, (whole, short: string | undefined, long: string | undefined) => {
    const code = Number.parseInt(short ?? long ?? '', 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Trimmed, one space or separator where there were several, no control characters, within a project title's length. */
export function tidyName(raw: string): string {
  const tidy = raw
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/([-_.])\1+/g, '$1')
    .replace(/^[\s\-_.]+|[\s\-_.]+$/g, '');
  // Cut by characters, never inside one: the title's limit counts UTF-16 units.
  let cut = '';
  for (const character of tidy) {
    if (cut.length + character.length > PROJECT_TITLE_MAX) break;
    cut += character;
  }
  return cut.trim();
}

/** 'ESP32-P4-PC_Rev_B-B_Cu' → ['ESP32', '-', 'P4', …]: words and the separators between them, kept to join back. */
const piecesOf = (text: string): string[] => text.match(/[^-_.\s]+|[-_.\s]+/g) ?? [];
const isSeparator = (piece: string) => /^[-_.\s]+$/.test(piece);
const isNoise = (word: string) => NOISE.has(word.toLowerCase());

/** A word at the end that names a layer ('B_Cu', 'TopLayer', 'Edge'), unless it is a revision's letter. */
function isLayerWord(words: string[], index: number): boolean {
  const word = words[index] ?? '';
  if (word.length === 1 && REVISION_WORDS.has((words[index - 1] ?? '').toLowerCase())) return false;
  return isNoise(word) || layerOfLabel(word) !== null;
}

/** Layer and noise words off the end, noise words off the start: what is left names the board, or nothing does. */
function withoutLayerWords(pieces: string[]): string | null {
  const kept = [...pieces];
  const words = () => kept.filter((piece) => !isSeparator(piece));
  while (kept.length > 0) {
    const last = kept[kept.length - 1] ?? '';
    if (isSeparator(last) || isLayerWord(words(), words().length - 1)) kept.pop();
    else break;
  }
  while (kept.length > 0 && (isSeparator(kept[0] ?? '') || isNoise(kept[0] ?? ''))) kept.shift();
  const name = tidyName(kept.join(''));
  return name === '' ? null : name;
}

/** The most files' answer; of equal counts, the first found. */
function mostCommon(values: string[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | null = null;
  for (const [value, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = value;
  return best;
}

/** `%TF.ProjectId,<name>,<guid>,<revision>*%` (or KiCad's `G04 #@! TF.ProjectId…`): field 1 is the project's name. */
function x2ProjectName(boardFiles: SourceFile[]): string | null {
  const names = boardFiles.flatMap((file) => {
    const found = new Set([...headOf(file).matchAll(/TF\.ProjectId,([^,*%\r\n]*)/g)].map((match) => tidyName(decodeGerberText(match[1] ?? ''))));
    return [...found].filter((name) => name !== '');
  });
  return mostCommon(names);
}

const field = (value: unknown, key: string): unknown => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined);

/**
 * A job file's project: `GeneralSpecs.ProjectId.Name` (X2 job format), EAGLE 9's `Overall.Name.ProjectId`, or the
 * Gerber-syntax job of EAGLE 9.1 (`%TJ.B_ID,<name>*%`).
 */
function jobProjectName(files: SourceFile[]): string | null {
  for (const file of files.filter((each) => /\.gbrjob$/i.test(each.name))) {
    const text = headOf(file, JOB_BYTES);
    let job: unknown = null;
    try {
      job = JSON.parse(text);
    } catch {
      const gerberJob = /%TJ\.B_ID,([^*%\r\n]*)\*%/.exec(text);
      const name = tidyName(decodeGerberText(gerberJob?.[1] ?? ''));
      if (name !== '') return name;
      continue;
    }
    const projectId = field(field(job, 'GeneralSpecs'), 'ProjectId');
    const candidates = [field(projectId, 'Name'), projectId, field(field(field(job, 'Overall'), 'Name'), 'ProjectId')];
    const name = candidates.map((value) => (typeof value === 'string' ? tidyName(value) : '')).find((value) => value !== '');
    if (name) return name;
  }
  return null;
}

/**
 * The design's name a CAD tool writes into every file: Allegro's `Layout Name: …/08_037760d.brd`, or an image name
 * (`%IN…*%`) all Gerber files share (PADS). An image name that differs per file is the layer's (EAGLE, DipTrace).
 */
function headerDesignName(gerberFiles: SourceFile[]): string | null {
  const layouts = gerberFiles.map((file) => /Layout Name:\s*([^*\r\n]+?)\s*\*/.exec(headOf(file))?.[1] ?? '').filter((path) => path !== '');
  const layout = mostCommon(layouts);
  if (layout !== null) {
    const name = tidyName(layout.replace(/\\/g, '/').split('/').pop()?.replace(/\.brd$/i, '') ?? '');
    if (name !== '') return name;
  }
  if (gerberFiles.length < 2) return null;
  const images = gerberFiles.map((file) => /%IN\s*"?([^"*%]*)"?\s*\*%/.exec(headOf(file))?.[1]?.trim() ?? '');
  const [first] = images;
  if (!first || images.some((image) => image !== first) || layerOfLabel(first) !== null) return null;
  return withoutLayerWords(piecesOf(first));
}

const stemOf = (name: string) => name.replace(/\.[^.]*$/, '');

/** The words all Gerber and drill files' names begin with, less layer words: 'board-F_Cu.gbr', 'board.drl' → 'board'. */
function commonStem(boardFiles: SourceFile[]): string | null {
  const all = boardFiles.map((file) => piecesOf(stemOf(file.name)));
  const [first, ...rest] = all;
  if (!first) return null;
  let length = first.length;
  for (const pieces of rest) {
    let same = 0;
    while (same < Math.min(length, pieces.length) && pieces[same]?.toLowerCase() === first[same]?.toLowerCase()) same += 1;
    length = same;
  }
  return withoutLayerWords(first.slice(0, length));
}

/**
 * The zip's name, without '.zip', KiCad's '.kicad_pcb' and the word 'gerber(s)'. A zip named as one of its files is
 * the app's zip of several picked files (named after the first): that is a file's name, not the board's.
 */
function archiveName(uploadName: string, files: SourceFile[]): string | null {
  const stem = stemOf(uploadName.replace(/\\/g, '/').split('/').pop() ?? '').replace(/\.kicad_pcb/i, '');
  const fileStems = new Set(files.map((file) => stemOf(file.name).toLowerCase()));
  if (stem === '' || fileStems.has(stem.toLowerCase()) || files.some((file) => file.name.toLowerCase() === uploadName.toLowerCase())) return null;
  const pieces = piecesOf(stem);
  const words = pieces.filter((piece) => !isSeparator(piece));
  // 'gerber' inside a name goes with its separator; a name that is all noise is none.
  const kept = words.every(isNoise) ? [] : pieces.filter((piece, index) => !isNoise(piece) && !(isSeparator(piece) && isNoise(pieces[index - 1] ?? '')));
  return withoutLayerWords(kept);
}

/** The board's name from its files and the name it was uploaded under; null when nothing names it. */
export function boardNameOf(files: readonly SourceFile[], uploadName: string): BoardName | null {
  const list = [...files];
  const formats = list.map((file) => contentFormat(file.content));
  const boardFiles = list.filter((_, index) => formats[index] !== 'unknown');
  const gerberFiles = list.filter((_, index) => formats[index] === 'gerber');
  const found: [BoardNameSource, () => string | null][] = [
    ['x2', () => x2ProjectName(boardFiles)],
    ['job', () => jobProjectName(list)],
    ['header', () => headerDesignName(gerberFiles)],
    ['stem', () => commonStem(boardFiles)],
    ['archive', () => archiveName(uploadName, list)],
  ];
  for (const [source, find] of found) {
    const name = find();
    if (name !== null) return { name, source };
  }
  return null;
}
