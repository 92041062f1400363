import gerberParser from '@pcb-portal/gerber-parser';
import gerberPlotter from '@pcb-portal/gerber-plotter';
import { apertureOf, type Aperture } from './aperture';
import { boxArea, emptyBox, extendBox, MM_PER, type Box, type Line, type Point, type Units } from './geometry';
import { FileLimits } from './geometry-limits';
import { GerberGuard, type Command } from './gerber-guard';
import { ObjectCollector, type LayerObjects } from './layer-objects';
import { createSvgStage, throwOnError, type SvgStage, type SyncStage } from './svg-stage';

/**
 * One Gerber file read once: tracespace's parser and plotter, driven synchronously (gerber-to-svg runs them as
 * streams and writes the text in process.nextTick, so an exception on a malformed file — fuzzed fixtures throw
 * "cannot parse coordinate", null dereferences, stack overflows — would escape every caller and take the process
 * down; called directly, each stage throws here, where the file can fail alone). While it plots, the reading keeps
 * what identification and measuring need: counts of what is drawn, flashes with their sizes, the centre lines of
 * strokes and region edges, and every object in drawing order for DFM's polygons (layer-objects.ts). The SVG stage is
 * flushed later, once the layer's colour is known.
 */

/**
 * Centre lines of strokes and region edges as plain numbers, in the file's units: x1 y1 x2 y2 per line, and per line
 * the index of its tool in `tools` (-1 for a region's edge). Kept for every file, used for few (the outline, the edge
 * search): objects per line would cost most of the reading in collection time.
 */
export interface CentreLines { coords: number[]; toolOf: number[]; tools: string[] }

export interface GerberReading {
  /** Every object in drawing order with its polarity, in mm: what the layer's real copper is built from. */
  objects: LayerObjects;
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
/**
 * The most a chord may stray from its arc, in mm. Steps of a fixed angle stray by a share of the radius: a 25 mm
 * board corner cut in 10° chords lies 0.1 mm inside the true edge, and copper drawn 0.25 mm from that edge reads as
 * 0.04 mm from it.
 */
const ARC_SAGITTA_MM = 0.002;
/**
 * The polygons' strokes have their arcs cut finer: a track bending round an arc has its inner rim on the
 * chords' side, and two bends drawn 0.1 mm apart would read 0.098 at 2 µm; at half a micron they read 0.1 to the
 * micron. Regions keep 2 µm: pours are most of a layer's corners, and their arcs are clearances, not bends.
 */
const OBJECT_SAGITTA_SHARE = 0.25;

/**
 * gerber-parser driven synchronously (parseSync is its documented synchronous entry; its typings leave it out), each
 * command handed on as it is parsed instead of collected: a file is never held as millions of command objects, and
 * reading stops at the first command past a limit.
 */
interface ParserStage { line: number; parseSync(file: string): Command[]; _push(command: Command): void; _warn(message: string): void }

/** gerber-parser does not know block apertures: it names %ABDnn and %AB as blocks it ignored, in their place. */
const BLOCK_WARNING = /^block "%AB(?:D0*(\d+))?" was not recognized/;
/** The plotter's running extent of what it has drawn (widths, arcs and step-and-repeat copies included). */
type PlotterStage = SyncStage<Command> & { _box?: Box };

type Arc = Extract<gerberPlotter.Segment, { type: 'arc' }>;
const signedSweep = (arc: Arc) => (arc.dir === 'cw' ? -arc.sweep : arc.sweep);

/** How many chords an arc is cut into: its angle in steps whose chord strays `sagitta` from it, 720 at most. */
function arcSteps(arc: Arc, sagitta: number): number {
  // The angle whose chord strays `sagitta` from the arc: 2·acos(1 − s/r).
  const step = arc.radius > sagitta ? Math.min(ARC_STEP, 2 * Math.acos(1 - sagitta / arc.radius)) : ARC_STEP;
  return Math.max(1, Math.min(720, Math.ceil(Math.abs(signedSweep(arc)) / step)));
}

/** What a path costs once cut into chords: its pieces, its length and the box of its ends, in the file's units. */
function pathCost(path: gerberPlotter.Segment[], sagitta: number): { pieces: number; length: number; box: Box } {
  let pieces = 0;
  let length = 0;
  const box = emptyBox();
  for (const part of path) {
    pieces += part.type === 'line' ? 1 : arcSteps(part, sagitta);
    length += part.type === 'line' ? Math.hypot(part.end[0] - part.start[0], part.end[1] - part.start[1]) : part.radius * part.sweep;
    for (const [x, y] of [part.start, part.end]) extendBox(box, x, y);
  }
  return { pieces, length, box };
}

/** An arc as short lines, with a point wherever it is furthest left, right, up or down, so its extent is exact. */
function arcPoints(arc: Arc, sagitta: number): Point[] {
  const [cx, cy] = arc.center;
  const start = arc.start[2];
  const sweep = signedSweep(arc);
  const steps = arcSteps(arc, sagitta);
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

/** The area of the box round a flashed aperture, in the file's units, for what a file covers. */
function apertureArea(aperture: Aperture): number {
  const box = emptyBox();
  const add = (x: number, y: number, r: number) => {
    extendBox(box, x - r, y - r);
    extendBox(box, x + r, y + r);
  };
  for (const part of aperture.parts) {
    if (part.kind === 'circle') add(part.cx, part.cy, part.r);
    else if (part.kind === 'ring') add(part.cx, part.cy, part.r + part.width / 2);
    else if (part.kind === 'rect') add(part.cx, part.cy, Math.max(part.width, part.height) / 2);
    else if (part.kind === 'polygon') for (let at = 0; at < part.points.length; at += 2) add(part.points[at] ?? 0, part.points[at + 1] ?? 0, 0);
    else add(part.ring.cx, part.ring.cy, part.ring.r + part.ring.width / 2);
  }
  return box[0] === Infinity ? 0 : boxArea(box);
}

/**
 * Parses and plots one file. Throws when tracespace cannot read it; the caller marks the file unparsable.
 * `plotAsOutline` joins ends closer than that many mm into closed paths, as an outline is drawn for clipping.
 */
export function readGerber(text: string, id: string, options: { plotAsOutline?: number; limits?: FileLimits } = {}): GerberReading {
  const limits = options.limits ?? new FileLimits();
  const guard = new GerberGuard(limits);
  // Arcs are flattened while plotting, before the plotter reports the units: the file's %MO says them.
  let sagitta = ARC_SAGITTA_MM / MM_PER.in;
  let unitsStated = false;
  const plotter = gerberPlotter({ plotAsOutline: options.plotAsOutline ?? false }) as unknown as PlotterStage;
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
  const objects = new ObjectCollector();
  /** Copies each object drawn now has (a step-and-repeat block's). */
  let copies = 1;
  /** Region mode (G36 … G37): a region's fill; outside it a fill is a rectangular aperture's stroke. */
  let inRegion = false;
  /** The block aperture selected, whose flashes draw its contents (the plotter knows no such tool). */
  let block: string | null = null;
  /** A path as point lists, a new one wherever a part does not start where the last ended (a move between them). */
  const flatten = (path: gerberPlotter.Segment[], chord = sagitta): number[][] => {
    const lists: number[][] = [];
    let points: number[] = [];
    for (const part of path) {
      const lastX = points[points.length - 2]; const lastY = points[points.length - 1];
      if (points.length === 0 || Math.abs((lastX ?? 0) - part.start[0]) > 1e-9 || Math.abs((lastY ?? 0) - part.start[1]) > 1e-9) {
        if (points.length > 0) lists.push(points);
        points = [part.start[0], part.start[1]];
      }
      if (part.type === 'line') points.push(part.end[0], part.end[1]);
      else for (const [x, y] of arcPoints(part, chord)) points.push(x, y);
    }
    if (points.length > 0) lists.push(points);
    return lists;
  };

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
      for (const [toX, toY] of arcPoints(part, sagitta)) { keep(x, y, toX, toY, tool); x = toX; y = toY; }
    }
  };

  const toolAreas = new Map<string, number>();
  /** What a chunk will cost, counted before it is cut into chords and kept: its pieces and the mm² it covers. */
  const count = (plotted: gerberPlotter.Chunk) => {
    // Each copy of a step-and-repeat is kept (ObjectCollector), so each is counted.
    const square = guard.mmPerUnit() ** 2 * copies;
    if (plotted.type === 'pad' && block !== null) limits.draw(objects.blockPieces(block) * copies, 0);
    else if (plotted.type === 'pad') limits.draw(copies, (toolAreas.get(plotted.tool) ?? 0) * square);
    else if (plotted.type === 'stroke') {
      const cost = pathCost(plotted.path, sagitta * OBJECT_SAGITTA_SHARE);
      limits.draw(cost.pieces * copies, (cost.length + plotted.width) * plotted.width * square);
    } else if (plotted.type === 'fill') {
      const cost = pathCost(plotted.path, sagitta);
      limits.draw(cost.pieces * copies, boxArea(cost.box) * square);
    }
  };

  plotter.push = (chunk) => {
    const plotted = chunk as gerberPlotter.Chunk;
    count(plotted);
    if (plotted.type === 'pad' && block !== null) {
      // The plotter flashed the tool before the block: neither counted nor drawn, the block's contents are kept.
      objects.flashBlock(plotted.x, plotted.y, block);
      return true;
    }
    if (plotted.type === 'pad') {
      objects.flash(plotted.x, plotted.y, plotted.tool);
      flashXY.push(plotted.x, plotted.y);
      flashTools.push(plotted.tool);
    } else if (plotted.type === 'shape') {
      if (plotted.shape.length === 1 && plotted.shape[0]?.type === 'circle') roundTools.set(plotted.tool, plotted.shape[0].r * 2);
      const aperture = apertureOf(plotted.shape as gerberPlotter.Shape[]);
      objects.aperture(plotted.tool, aperture);
      toolAreas.set(plotted.tool, apertureArea(aperture));
    } else if (plotted.type === 'stroke') {
      strokeCount += plotted.path.length;
      widths.add(plotted.width);
      keepPath(plotted.path, activeTool);
      objects.stroke(flatten(plotted.path, sagitta * OBJECT_SAGITTA_SHARE), plotted.width);
    } else if (plotted.type === 'fill') {
      regionCount += 1;
      keepPath(plotted.path, -1);
      objects.region(flatten(plotted.path), !inRegion);
    } else if (plotted.type === 'polarity') {
      objects.polarity(plotted.polarity === 'dark');
    } else if ((plotted as { type: string }).type === 'repeat') {
      const offsets = (plotted as unknown as { offsets: number[][] }).offsets;
      objects.repeat(offsets);
      copies = Math.max(1, offsets.length);
    } else if (plotted.type === 'size') {
      units = plotted.units;
      box = plotted.box;
    }
    svg._transform(plotted, 'utf8', throwOnError);
    return true;
  };
  const toolIndex = new Map<string, number>();
  const parser = gerberParser({}) as unknown as ParserStage;
  parser._warn = (message) => {
    const opens = BLOCK_WARNING.exec(message);
    if (!opens) return;
    if (opens[1] !== undefined) objects.beginBlock(opens[1]); else objects.endBlock();
  };
  parser._push = (command) => {
    if (command.line === -1) command.line = parser.line;
    guard.before(command);
    if (command.type === 'set' && command.prop === 'units' && !unitsStated) {
      unitsStated = true;
      sagitta = ARC_SAGITTA_MM / MM_PER[command.value === 'mm' ? 'mm' : 'in'];
    }
    if (command.type === 'set' && command.prop === 'tool') block = objects.isBlock(String(command.value)) ? String(command.value) : null;
    plotter._transform(command, 'utf8', throwOnError);
    if (command.type === 'set' && command.prop === 'region') inRegion = command.value === true;
    guard.after(command, plotter._box);
    // A stroke is pushed when its path ends, which the next command causes: it was drawn with the tool before it.
    if (command.type === 'set' && command.prop === 'tool' && lines) {
      const code = String(command.value);
      if (!toolIndex.has(code)) { toolIndex.set(code, lines.tools.length); lines.tools.push(code); }
      activeTool = toolIndex.get(code) ?? -1;
    }
  };
  parser.parseSync(text);
  plotter._flush(throwOnError);

  const scale = MM_PER[units];
  const finalBox = box as Box | null;
  const anything = finalBox !== null && Number.isFinite(finalBox[0]) && (finalBox[2] > finalBox[0] || finalBox[3] > finalBox[1]);
  for (let index = 0; index < flashXY.length; index += 1) flashXY[index] = (flashXY[index] ?? 0) * scale;
  return {
    objects: objects.finish(scale),
    svg,
    units,
    boxMm: anything && finalBox ? [finalBox[0] * scale, finalBox[1] * scale, finalBox[2] * scale, finalBox[3] * scale] : null,
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

