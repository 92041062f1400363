import gerberParser from 'gerber-parser';
import gerberPlotter from 'gerber-plotter';
import { createSvgStage, throwOnError, type SvgStage, type SyncStage } from './svg-stage';

/**
 * One Gerber file read once: tracespace's parser and plotter, driven synchronously (gerber-to-svg runs them as
 * streams and writes the text in process.nextTick, so an exception on a malformed file — fuzzed fixtures throw
 * "cannot parse coordinate", null dereferences, stack overflows — would escape every caller and take the process
 * down; called directly, each stage throws here, where the file can fail alone). While it plots, the reading keeps
 * what identification and measuring need: counts of what is drawn, flashes with their sizes, and the centre lines
 * of strokes and region edges. The SVG stage is flushed later, once the layer's colour is known.
 */
export type Units = 'mm' | 'in';
export type Point = [number, number];
/** A centre line in mm: a line, or an arc already cut into short lines. */
export interface Segment { from: Point; to: Point; widthMm: number; tool: string | null; region: boolean }
export type Box = [number, number, number, number];

export interface GerberReading {
  svg: SvgStage<gerberPlotter.Chunk>;
  units: Units;
  /** Extent of what is drawn, in mm, widths included; null when nothing is drawn. */
  boxMm: Box | null;
  flashCount: number;
  strokeCount: number;
  regionCount: number;
  /** Flash centres in mm, x then y, and each flash's round tool diameter in mm (0 for other shapes). */
  flashXY: number[];
  flashDiameterMm: number[];
  /** Stroke widths in mm (round tools), rounded to 0.1 µm. */
  strokeWidthsMm: number[];
  /** Centre lines of strokes and region edges; null when there were too many to keep. */
  segments: Segment[] | null;
  /** Whether anything is drawn in clear polarity (negative planes, knock-outs). */
  hasClear: boolean;
}

export const MM_PER: Record<Units, number> = { in: 25.4, mm: 1 };
/** Past this many centre-line segments a file is no outline or board edge candidate, and they are not kept. */
export const MAX_KEPT_SEGMENTS = 200_000;
const ARC_STEP = Math.PI / 18;

interface Command { type?: string; prop?: string; value?: unknown; op?: string }

export function parseGerber(text: string): Command[] {
  // parseSync is gerber-parser's documented synchronous entry; its typings leave it out.
  const parser = gerberParser({}) as unknown as { parseSync(file: string): Command[] };
  return parser.parseSync(text);
}

/** An arc as short lines, with a point wherever it is furthest left, right, up or down, so its extent is exact. */
function arcPoints(arc: Extract<gerberPlotter.Segment, { type: 'arc' }>): Point[] {
  const [cx, cy] = arc.center;
  const start = arc.start[2];
  const sweep = arc.dir === 'cw' ? -arc.sweep : arc.sweep;
  const steps = Math.max(1, Math.ceil(Math.abs(sweep) / ARC_STEP));
  const fractions = Array.from({ length: steps - 1 }, (_, step) => (step + 1) / steps);
  for (let quarter = -8; quarter <= 8; quarter += 1) {
    const fraction = ((quarter * Math.PI) / 2 - start) / sweep;
    if (sweep !== 0 && fraction > 0 && fraction < 1) fractions.push(fraction);
  }
  const points: Point[] = fractions.sort((a, b) => a - b)
    .map((fraction) => [cx + arc.radius * Math.cos(start + sweep * fraction), cy + arc.radius * Math.sin(start + sweep * fraction)]);
  points.push([arc.end[0], arc.end[1]]);
  return points;
}

const roundMm = (value: number) => Math.round(value * 10000) / 10000;

/**
 * Parses and plots one file. Throws when tracespace cannot read it; the caller marks the file unparsable.
 * `plotAsOutline` joins ends closer than that many mm into closed paths, as an outline is drawn for clipping.
 */
export function readGerber(text: string, id: string, options: { plotAsOutline?: number } = {}): GerberReading {
  const commands = parseGerber(text);
  const plotter = gerberPlotter({ plotAsOutline: options.plotAsOutline ?? false }) as unknown as SyncStage<Command>;
  const svg = createSvgStage<gerberPlotter.Chunk>(id);
  // The stage only writes text when flushed (layerSvg); until then it collects the layer.
  svg.push = () => true;

  let units: Units = 'in';
  let activeTool: string | null = null;
  const roundTools = new Map<string, number>();
  const flashXY: number[] = [];
  const flashTools: string[] = [];
  const widths = new Set<number>();
  let segments: Segment[] | null = [];
  let strokeCount = 0;
  let regionCount = 0;
  let hasClear = false;
  let box: Box | null = null;

  const keep = (from: Point, to: Point, widthMm: number, region: boolean) => {
    if (!segments) return;
    if (segments.length >= MAX_KEPT_SEGMENTS) { segments = null; return; }
    segments.push({ from, to, widthMm, tool: region ? null : activeTool, region });
  };
  const keepPath = (path: gerberPlotter.Segment[], width: number, region: boolean) => {
    for (const part of path) {
      if (part.type === 'line') { keep(part.start, part.end, width, region); continue; }
      let from: Point = [part.start[0], part.start[1]];
      for (const to of arcPoints(part)) { keep(from, to, width, region); from = to; }
    }
  };

  plotter.push = (chunk) => {
    const plotted = chunk as gerberPlotter.Chunk;
    if (plotted.type === 'pad') {
      flashXY.push(plotted.x, plotted.y);
      flashTools.push(plotted.tool);
    } else if (plotted.type === 'shape' && plotted.shape.length === 1 && plotted.shape[0]?.type === 'circle') {
      roundTools.set(plotted.tool, plotted.shape[0].r * 2);
    } else if (plotted.type === 'stroke') {
      strokeCount += plotted.path.length;
      widths.add(plotted.width);
      keepPath(plotted.path, plotted.width, false);
    } else if (plotted.type === 'fill') {
      regionCount += 1;
      keepPath(plotted.path, 0, true);
    } else if (plotted.type === 'polarity') {
      if (plotted.polarity === 'clear') hasClear = true;
    } else if (plotted.type === 'size') {
      units = plotted.units;
      box = plotted.box;
    }
    svg._transform(plotted, 'utf8', throwOnError);
    return true;
  };
  for (const command of commands) {
    plotter._transform(command, 'utf8', throwOnError);
    // A stroke is pushed when its path ends, which the next command causes: it was drawn with the tool before it.
    if (command.type === 'set' && command.prop === 'tool') activeTool = String(command.value);
  }
  plotter._flush(throwOnError);

  const scale = MM_PER[units];
  const toMm = (point: Point): Point => [point[0] * scale, point[1] * scale];
  const finalBox = box as Box | null;
  const drawn = finalBox !== null && Number.isFinite(finalBox[0]) && (finalBox[2] > finalBox[0] || finalBox[3] > finalBox[1]);
  const kept = segments as Segment[] | null;
  return {
    svg,
    units,
    boxMm: drawn && finalBox ? [finalBox[0] * scale, finalBox[1] * scale, finalBox[2] * scale, finalBox[3] * scale] : null,
    flashCount: flashTools.length,
    strokeCount,
    regionCount,
    flashXY: flashXY.map((value) => value * scale),
    flashDiameterMm: flashTools.map((tool) => (roundTools.get(tool) ?? 0) * scale),
    strokeWidthsMm: [...widths].map((width) => roundMm(width * scale)).sort((a, b) => a - b),
    segments: kept ? kept.map((segment) => ({ ...segment, from: toMm(segment.from), to: toMm(segment.to), widthMm: segment.widthMm * scale })) : null,
    hasClear,
  };
}

/** The layer alone as SVG, drawn in `color`; flushes the stage, so it is called once, after identification. */
export function layerSvg(reading: GerberReading, color: string): string {
  let markup = '';
  reading.svg.push = (chunk) => {
    if (typeof chunk === 'string') markup += chunk;
    return true;
  };
  reading.svg.attributes = { ...reading.svg.attributes, color };
  reading.svg._flush(throwOnError);
  return markup;
}

export const isEmpty = (reading: GerberReading): boolean => reading.svg.layer.length === 0;
