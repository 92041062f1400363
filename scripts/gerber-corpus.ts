/**
 * The shared corpus of real boards (`../shared/gerber-corpus/`, or `GERBER_CORPUS_DIR`): manufacturing outputs of
 * many CAD tools from public open-hardware repositories, each with a `truth.json` (README of the corpus). It is read
 * where it lies, never copied into the repository. A board comes as a user would upload it: its committed zip, or its
 * files zipped with their folders.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { zipSync } from 'fflate';

export const CORPUS_DIR = resolve(process.env.GERBER_CORPUS_DIR ?? resolve(import.meta.dirname, '../../shared/gerber-corpus'));

export interface CorpusTruth {
  copperLayers: number;
  /** Extent of the outline's centre line (of the panel frame for panels). */
  sizeMm: [number, number];
  /** Path of each file (inside `archive` when there is one) → 'copper:top', 'copper:inner:2', 'drill', 'none', … */
  files: Record<string, string>;
  drillHits: number;
  smallestHoleMm: number | null;
  drillHitsByFile?: Record<string, number>;
  archive?: string;
  notes?: string;
}

export interface CorpusBoard { name: string; truth: CorpusTruth; uploadName: string; upload: Uint8Array }

export const corpusAvailable = (): boolean => existsSync(CORPUS_DIR);

export function corpusBoardNames(): string[] {
  return readdirSync(CORPUS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(CORPUS_DIR, entry.name, 'truth.json')))
    .map((entry) => entry.name).sort();
}

export function corpusBoard(name: string): CorpusBoard {
  const folder = join(CORPUS_DIR, name);
  const truth = JSON.parse(readFileSync(join(folder, 'truth.json'), 'utf8')) as CorpusTruth;
  if (truth.archive) {
    return { name, truth, uploadName: truth.archive, upload: new Uint8Array(readFileSync(join(folder, truth.archive))) };
  }
  const files = Object.fromEntries(Object.keys(truth.files).map((path) => [path, new Uint8Array(readFileSync(join(folder, path)))]));
  return { name, truth, uploadName: `${name}.zip`, upload: zipSync(files) };
}

export const corpusBoards = (): CorpusBoard[] => corpusBoardNames().map(corpusBoard);

/** The base name the upload shows a file by (folders inside the archive are dropped). */
export const baseName = (path: string): string => path.replace(/\\/g, '/').split('/').pop() ?? path;

/** 'copper:inner:2' → { type: 'copper', side: 'inner', innerNumber: 2 }; 'none' → type null; 'a|b' → each choice. */
export interface TruthLayer { type: string | null; side: string | null; innerNumber: number | null }

export function truthLayers(value: string): TruthLayer[] {
  return value.split('|').map((choice) => {
    if (choice === 'none') return { type: null, side: null, innerNumber: null };
    const [type = '', side = null, number = null] = choice.split(':');
    return { type, side: side ?? (type === 'drill' || type === 'outline' ? 'all' : null), innerNumber: number === null ? null : Number(number) };
  });
}
