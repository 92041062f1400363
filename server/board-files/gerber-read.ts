import gerberParser from 'gerber-parser';
import gerberPlotter from 'gerber-plotter';
import { MM_PER, type Box, type Line, type Point, type Units } from './geometry';
import { createSvgStage, throwOnError, type SvgStage, type SyncStage } from './svg-stage';

/**
 * One Gerber file read once: tracespace's parser and plotter, driven synchronously (gerber-to-svg runs them as
 * streams and writes the text in process.nextTick, so an exception on a malformed file — fuzzed fixtures throw
 * "cannot parse coordinate", null dereferences, stack overflows — would escape every caller and take the process
 * down; called directly, each stage throws here, where the file can fail alone). While it plots, the reading keeps
 * what identification and measuring need: counts of what is drawn, flashes with their sizes, and the centre lines
 * of strokes and region edges. The SVG stage is flushed later, once the layer's colour is known.
 */

/**
 * Centre lines of strokes and region edges as plain numbers, in the file's units: x1 y1 x2 y2 per line, and per line
 * the index of its tool in `tools` (-1 for a region's edge). Kept for every file, used for few (the outline, the edge
 * search): objects per line would cost most of the reading in collection time.
 */
export interface CentreLines { coords: number[]; toolOf: number[]; tools: string[] }

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
  centreLines: CentreLines | null;
}

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
  let activeTool = -1;
  const roundTools = new Map<string, number>();
  const flashXY: number[] = [];
  const flashTools: string[] = [];
  const widths = new Set<number>();
  let lines: CentreLines | null = { coords: [], toolOf: [], tools: [] };
  let strokeCount = 0;
  let regionCount = 0;
  let box: Box | null = null;

  const keep = (x1: number, y1: number, x2: number, y2: number, tool: number) => {
    if (!lines) return;
    if (lines.toolOf.length >= MAX_KEPT_SEGMENTS) { lines = null; return; }
    lines.coords.push(x1, y1, x2, y2);
    lines.toolOf.push(tool);
  };
  const keepPath = (path: gerberPlotter.Segment[], tool: number) => {
    for (const part of path) {
      if (part.type === 'line') { keep(part.start[0], part.start[1], part.end[0], part.end[1], tool); continue; }
      let [x, y] = part.start;
      for (const [toX, toY] of arcPoints(part)) { keep(x, y, toX, toY, tool); x = toX; y = toY; }
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
      keepPath(plotted.path, activeTool);
    } else if (plotted.type === 'fill') {
      regionCount += 1;
      keepPath(plotted.path, -1);
    } else if (plotted.type === 'size') {
      units = plotted.units;
      box = plotted.box;
    }
    svg._transform(plotted, 'utf8', throwOnError);
    return true;
  };
  const toolIndex = new Map<string, number>();
  for (const command of commands) {
    plotter._transform(command, 'utf8', throwOnError);
    // A stroke is pushed when its path ends, which the next command causes: it was drawn with the tool before it.
    if (command.type === 'set' && command.prop === 'tool' && lines) {
      const code = String(command.value);
      if (!toolIndex.has(code)) { toolIndex.set(code, lines.tools.length); lines.tools.push(code); }
      activeTool = toolIndex.get(code) ?? -1;
    }
  }
  plotter._flush(throwOnError);

  const scale = MM_PER[units];
  const finalBox = box as Box | null;
  const drawn = finalBox !== null && Number.isFinite(finalBox[0]) && (finalBox[2] > finalBox[0] || finalBox[3] > finalBox[1]);
  for (let index = 0; index < flashXY.length; index += 1) flashXY[index] = (flashXY[index] ?? 0) * scale;
  return {
    svg,
    units,
    boxMm: drawn && finalBox ? [finalBox[0] * scale, finalBox[1] * scale, finalBox[2] * scale, finalBox[3] * scale] : null,
    flashCount: flashTools.length,
    strokeCount,
    regionCount,
    flashXY,
    flashDiameterMm: flashTools.map((tool) => (roundTools.get(tool) ?? 0) * scale),
    strokeWidthsMm: [...widths].map((width) => roundMm(width * scale)).sort((a, b) => a - b),
    centreLines: lines,
  };
}

/**
 * A file's centre lines in mm, as objects for the shape search: strokes only unless `regions`, and only those of
 * `tools` when given (the Profile apertures). Empty when none were kept.
 */
export function centreLinesOf(reading: GerberReading, select: { regions?: boolean; tools?: Set<string> } = {}): Line[] {
  const kept = reading.centreLines;
  if (!kept) return [];
  const scale = MM_PER[reading.units];
  const wanted = select.tools ? new Set(kept.tools.flatMap((code, index) => (select.tools?.has(code) ? [index] : []))) : null;
  const lines: Line[] = [];
  for (let index = 0; index < kept.toolOf.length; index += 1) {
    const tool = kept.toolOf[index] ?? -1;
    if (tool < 0 ? !select.regions : wanted !== null && !wanted.has(tool)) continue;
    if (tool < 0 && wanted !== null) continue;
    const at = index * 4;
    lines.push({
      from: [(kept.coords[at] ?? 0) * scale, (kept.coords[at + 1] ?? 0) * scale],
      to: [(kept.coords[at + 2] ?? 0) * scale, (kept.coords[at + 3] ?? 0) * scale],
    });
  }
  return lines;
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

