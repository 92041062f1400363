import type { BoardAlert, BoardFile, BoardMeasurements } from '../../src/contract/board-files';
import { performance } from 'node:perf_hooks';
import type { BoardDfm, CapabilityTable } from '../../src/contract/dfm';
import { DEFAULT_CAPABILITIES } from '../../src/contract/capabilities';
import { measureDfm } from './dfm/measure';
import { loadPolygons } from './polygons/module';
import { checkBoard } from './alerts';
import { correctsWhatDfmReads } from './corrections';
import { identifyFiles, type IdentifiedFile, type LayerOverride } from './identify';
import type { AnalysedFile } from './analysed';
import { boardEdge } from './board-edge';
import { UploadBudget } from './geometry-limits';
import { boardHoles } from './holes';
import { boardNameOf } from './board-name';
import { measureBoard } from './measure';
import { boardUnits, readFile, type ReadFile } from './read-file';
import { contentFormat } from './sniff';
import { renderLayers, renderSides, type Render } from './render';
import type { SourceFile } from './unpack';

export { UploadRefused, type RefusalCode } from './refusal';
export { unpackUpload, type SourceFile } from './unpack';
export type { LayerOverride } from './identify';

/** The first stage: the pictures, the layer table and the measurements the price is made from. */
export interface AnalysedBoard {
  files: BoardFile[];
  measurements: BoardMeasurements | null;
  alerts: BoardAlert[];
  /** 'top', 'bottom', 'layer-<fileId>'. */
  renders: Render[];
  /** The user's corrections change what DFM measures: ordering the board then goes for an engineer's review. */
  layersCorrected: boolean;
  /** What the files name the board; null when nothing in them does. */
  boardName: string | null;
}

/** The second stage: the DFM places, measured against the capability table's coarsest class. */
export interface DfmStage {
  dfm: BoardDfm;
  /** How long the DFM measuring took (ms), for the benchmarks. */
  dfmMs: number;
}

export type ProcessingResult = AnalysedBoard & DfmStage;

/**
 * A board analysed up to its pictures and price, with its DFM still to measure: `measureDfm` works on the geometry
 * this analysis parsed (kept only by the closure), so the caller can store and show the first stage before it.
 */
export interface StagedAnalysis { analysed: AnalysedBoard; measureDfm(): DfmStage }

export type AnalysisStep = 'identify' | 'render' | 'measure' | 'check';

export interface AnalyseOptions {
  /** What DFM measures against; the shipped table unless the caller (the runner, from CAPABILITIES_FILE) says. */
  capabilities?: CapabilityTable;
  dfmPlacesPerRule?: number;
  /** Hears which file is being read (null once reading is over), so a runner that dies there can name it. */
  onReading?: (name: string | null) => void;
  /** The name the files were uploaded under (the zip's): the board's name when nothing inside names it. */
  uploadName?: string;
}

/** Lets the event loop run between steps and files: progress messages go out, other requests are served. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

function boardFile(entry: AnalysedFile): BoardFile {
  const { file } = entry;
  return {
    id: file.read.source.id,
    name: file.read.source.name,
    bytes: file.read.source.content.length,
    format: file.read.format,
    type: file.type,
    side: file.side,
    identifiedBy: file.identifiedBy,
    needsCheck: file.needsCheck,
    order: file.order,
    hidden: file.hidden,
    error: entry.error,
    ...(file.read.outOfRange ? { outOfRange: file.read.outOfRange } : {}),
  };
}

/** A file of unknown content is read only when the user gave it a type; it has no type of its own otherwise. */
function analysed(file: IdentifiedFile): AnalysedFile {
  const { read } = file;
  if (file.hidden) return { file, error: read.format === 'unknown' ? 'unknownType' : null };
  if (read.error) return { file, error: read.error };
  if (!read.gerber) return { file, error: 'unknownType' };
  return { file, error: file.type === null ? 'unknownType' : null };
}

/** Excellon holes as points, for telling a Gerber drill copy or a mask by what it draws. */
function excellonHoles(files: ReadFile[]): [number, number][] {
  return files.flatMap((file) => file.excellon?.holes.map((hole): [number, number] => [hole.x, hole.y]) ?? []);
}

/**
 * read → identify → measure → render → check, then DFM. Each file is parsed and plotted once; a file that fails gets
 * its `error` and the rest go on. What is returned is text and numbers, and the DFM still to measure on the parsed
 * layers, which live only in here.
 */
export async function analyseBoard(
  files: SourceFile[], overrides: LayerOverride[] | null, onStep: (step: AnalysisStep) => void,
  options: AnalyseOptions = {},
): Promise<StagedAnalysis> {
  // Reading a file is parsing and plotting it, which is most of the work: it is the 'render' step, identification
  // uses what it found.
  onStep('identify');
  await breathe();
  onStep('render');
  const typed = new Set((overrides ?? []).filter((override) => override.type !== null).map((override) => override.id));
  // What the files draw together is bounded, as each file's geometry is (geometry-limits.ts).
  const budget = new UploadBudget();
  // Gerber files first: the drill files are drawn in the units the Gerber files use.
  const read = new Map<string, ReadFile>();
  const drills = files.filter((source) => contentFormat(source.content) === 'drill');
  for (const source of files.filter((file) => !drills.includes(file))) {
    options.onReading?.(source.name);
    read.set(source.id, readFile(source, { asGerber: typed.has(source.id), budget }));
    await breathe();
  }
  const units = boardUnits([...read.values()]);
  for (const source of drills) {
    options.onReading?.(source.name);
    read.set(source.id, readFile(source, { units, budget }));
    await breathe();
  }
  options.onReading?.(null);
  const inOrder = files.map((source) => read.get(source.id)).filter((file): file is ReadFile => file !== undefined);
  const context = { holes: excellonHoles(inOrder) };
  const identified = identifyFiles(inOrder, overrides, context).map(analysed);
  const layersCorrected = overrides !== null
    && correctsWhatDfmReads(identifyFiles(inOrder, null, context), identified.map((entry) => entry.file));

  onStep('measure');
  await breathe();
  const holes = boardHoles(identified);
  const edge = boardEdge(identified, holes);
  const measurements = measureBoard(identified, holes, edge);
  // The pictures are cut to the edge just measured.
  const renders = renderLayers(identified);
  // Side views that cannot be built leave the layers alone and the measurements standing.
  const sides = await renderSides(identified, edge, units).catch(() => null);
  if (sides) renders.unshift({ name: 'top', svg: sides.top }, { name: 'bottom', svg: sides.bottom });

  onStep('check');
  await breathe();
  const alerts = checkBoard(identified, measurements, edge);
  // DFM measures on polygons: the library is loaded before the synchronous measuring needs it.
  await loadPolygons();
  return {
    analysed: {
      files: identified.map(boardFile), measurements, alerts, renders, layersCorrected,
      boardName: boardNameOf(files, options.uploadName ?? '')?.name ?? null,
    },
    measureDfm() {
      const started = performance.now();
      const input = { files: identified, edge, size: measurements, topSvg: sides?.top ?? null, units };
      const dfm = measureDfm(input, options.capabilities ?? DEFAULT_CAPABILITIES, undefined, options.dfmPlacesPerRule);
      return { dfm, dfmMs: performance.now() - started };
    },
  };
}

/** Both stages at once, for the scripts and tests that want the whole result. */
export async function analyseFiles(
  files: SourceFile[], overrides: LayerOverride[] | null, onStep: (step: AnalysisStep) => void,
  options: AnalyseOptions = {},
): Promise<ProcessingResult> {
  const staged = await analyseBoard(files, overrides, onStep, options);
  return { ...staged.analysed, ...staged.measureDfm() };
}
