import { createRequire } from 'node:module';
import gerberParser from 'gerber-parser';
import gerberPlotter from 'gerber-plotter';
import type { ConverterResult, CreateElement } from 'gerber-to-svg';

/**
 * One file through tracespace's three stages (parse → plot → SVG), driven synchronously. gerber-to-svg runs them
 * as streams and writes the text in process.nextTick, so an exception on a malformed file (they happen: fuzzed
 * fixtures throw "cannot parse coordinate", null dereferences, stack overflows) escapes every caller and takes
 * the gateway down. Called directly, each stage throws here, where the file can fail alone.
 */
type Done = (error?: Error | null) => void;
interface SyncStage<In> {
  push(chunk: unknown): boolean;
  _transform(chunk: In, encoding: string, done: Done): void;
  _flush(done: Done): void;
}
type PlotterChunk = gerberPlotter.Chunk;
type PlotterToSvg = ConverterResult & SyncStage<PlotterChunk>;
type PlotterToSvgClass = new (id: string, attributes: Record<string, unknown>, createElement: CreateElement,
  objectMode: boolean) => PlotterToSvg;

const require = createRequire(import.meta.url);
// gerber-to-svg's own stage and element builder; not in its public API, pinned by the lock file.
const PlotterToSvgStage = require('gerber-to-svg/lib/plotter-to-svg') as PlotterToSvgClass;
const xmlElementString = require('xml-element-string') as CreateElement;

export interface LayerPlot {
  converter: ConverterResult;
  /** The layer alone, as gerber-to-svg draws it. */
  svg: string;
  empty: boolean;
  /** Flashes (drill hits in a drill file). */
  flashes: number;
  /** Diameters in mm of the round tools flashed or routed, rounded to 0.01 mm. */
  toolDiametersMm: number[];
  /** Outline only: whether its path closes (after filling gaps up to 1 mm); null when not checked. */
  closed: boolean | null;
  /** Outline only: the ends its path leaves open, in the file's units. */
  openEnds: gerberPlotter.Point[];
}

export const MM_PER: Record<string, number> = { in: 25.4, mm: 1 };

/**
 * An outline is first plotted with ends closer than 0.01 mm joined (rounding in CAD output). When ends stay open,
 * it is plotted once more with the widest gap it has, if no wider than 1 mm (arcs that do not quite meet), so that
 * it closes and can clip the board's picture; wider gaps are a real opening and are reported.
 */
const FIRST_GAP_MM = 0.01;
const MAX_GAP_MM = 1;
/** Gap filling compares every segment end with every other: past this many segments it is skipped. */
const MAX_GAP_FILLED_SEGMENTS = 1500;

const check: Done = (error) => {
  if (error) throw error;
};

const roundMm = (value: number) => Math.round(value * 100) / 100;

function asStage<In>(stream: object): SyncStage<In> {
  return stream as SyncStage<In>;
}

interface Command { type?: string; prop?: string; value?: unknown; op?: string }
type Segment = gerberPlotter.Segment;

function parse(text: string): Command[] {
  // parseSync is gerber-parser's documented synchronous entry; its typings leave it out.
  const parser = gerberParser({}) as unknown as { parseSync(file: string): Command[] };
  return parser.parseSync(text);
}

/** Segment ends not met by another segment: each point of a closed path is reached an even number of times. */
function openEnds(segments: Segment[]): gerberPlotter.Point[] {
  const ends = new Map<string, { point: gerberPlotter.Point; count: number }>();
  for (const segment of segments) {
    for (const point of [segment.start, segment.end]) {
      const key = `${point[0].toFixed(6)},${point[1].toFixed(6)}`;
      const end = ends.get(key) ?? { point: [point[0], point[1]], count: 0 };
      end.count += 1;
      ends.set(key, end);
    }
  }
  return [...ends.values()].filter((end) => end.count % 2 === 1).map((end) => end.point);
}

/** The widest of the gaps between open ends: how far each open end is from the nearest other one. */
function widestGap(ends: gerberPlotter.Point[]): number {
  if (ends.length < 2) return Infinity;
  return Math.max(...ends.map((end) => Math.min(...ends.filter((other) => other !== end)
    .map((other) => Math.hypot(other[0] - end[0], other[1] - end[1])))));
}

/**
 * gerber-plotter reads its gap in mm but divides it by 25.4 unless told the units up front: for a metric file the
 * gap is given 25.4 times larger so that it comes out right.
 */
function gapOption(commands: Command[], gapMm: number): number {
  const metric = commands.some((command) => command.type === 'set' && command.prop === 'units' && command.value === 'mm');
  return metric ? gapMm * 25.4 : gapMm;
}

function draw(commands: Command[], id: string, color: string, gapMm: number | null): LayerPlot {
  // An outline is plotted as its centre line (pcb-stackup does the same), so its box is the board's edge.
  const plotAsOutline = gapMm === null ? false : gapOption(commands, gapMm);
  const plotter = asStage<Command>(gerberPlotter({ plotAsOutline }));
  const converter = new PlotterToSvgStage(id, { color }, xmlElementString, false);
  let svg = '';
  converter.push = (chunk) => {
    if (typeof chunk === 'string') svg += chunk;
    return true;
  };

  let flashes = 0;
  const toolDiameters = new Map<string, number>();
  const usedTools = new Set<string>();
  const strokeWidths = new Set<number>();
  const segments: Segment[] = [];
  let units = 'in';
  plotter.push = (chunk) => {
    const plotted = chunk as PlotterChunk;
    if (plotted.type === 'pad') {
      flashes += 1;
      usedTools.add(plotted.tool);
    } else if (plotted.type === 'shape' && plotted.shape.length === 1 && plotted.shape[0]?.type === 'circle') {
      toolDiameters.set(plotted.tool, plotted.shape[0].r * 2);
    } else if (plotted.type === 'stroke' || plotted.type === 'fill') {
      if (plotted.type === 'stroke') strokeWidths.add(plotted.width);
      if (gapMm !== null) for (const segment of plotted.path) segments.push(segment);
    } else if (plotted.type === 'size') {
      units = plotted.units;
    }
    converter._transform(plotted, 'utf8', check);
    return true;
  };
  for (const command of commands) plotter._transform(command, 'utf8', check);
  plotter._flush(check);
  converter._flush(check);

  const ends = gapMm === null ? [] : openEnds(segments);
  const scale = MM_PER[units] ?? 25.4;
  const diameters = [...usedTools].map((tool) => toolDiameters.get(tool) ?? 0).concat([...strokeWidths])
    .map((diameter) => roundMm(diameter * scale))
    .filter((diameter) => diameter > 0);
  return {
    converter, svg, empty: converter.layer.length === 0, flashes,
    toolDiametersMm: [...new Set(diameters)].sort((a, b) => a - b),
    closed: gapMm === null ? null : segments.length > 0 && ends.length === 0,
    openEnds: ends,
  };
}

/** Throws when the file cannot be read; the caller marks it unparsable. */
export function plotLayer(text: string, id: string, options: { outline: boolean; color: string }): LayerPlot {
  const commands = parse(text);
  if (!options.outline) return draw(commands, id, options.color, null);
  const segments = commands.filter((command) => command.type === 'op' && command.op === 'int').length;
  if (segments > MAX_GAP_FILLED_SEGMENTS) return draw(commands, id, options.color, null);
  const first = draw(commands, id, options.color, FIRST_GAP_MM);
  if (first.closed !== false || first.empty) return first;
  const gapMm = widestGap(first.openEnds) * (MM_PER[first.converter.units] ?? 25.4);
  if (gapMm > MAX_GAP_MM) return first;
  // The plotter leaves the commands as they were, so they are plotted again as they are.
  const second = draw(commands, id, options.color, gapMm * 1.01 + 0.001);
  return second.closed ? second : first;
}
