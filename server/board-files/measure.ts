import type { BoardMeasurements } from '../../src/contract/board-files';
import { roundDiameter, type DrillHole, type DrillPath } from './excellon';
import { centreLinesOf, type GerberReading } from './gerber-read';
import type { IdentifiedFile } from './identify';
import { boxArea, contains, findClosedShapes, reachingOutside, type Box, type ClosedShape, type Line, type Point } from './loops';
import type { FileError } from './read-file';
import { profileApertures } from './x2';

export type { FileError } from './read-file';

export interface AnalysedFile {
  file: IdentifiedFile;
  error: FileError | null;
}

/** Where the board's size came from, and the shape that clips its pictures. */
export interface BoardEdge {
  box: Box;
  /** The edge's centre lines (closed shapes only); empty when the edge did not close. */
  edges: Line[];
  /** The outline file's lines close around the board. */
  closed: boolean;
  /** 'outline': the outline file; 'layers': the edge drawn in another file (fileId); 'extent': everything drawn. */
  source: 'outline' | 'layers' | 'extent';
  fileId: string | null;
}

/** Files that count: not hidden by the user. */
export function visible(files: AnalysedFile[]): AnalysedFile[] {
  return files.filter((entry) => !entry.file.hidden);
}

/** Copper layers in stack order: the board's layers whether or not each parsed (a failed one is still a layer). */
export function copperFiles(files: AnalysedFile[]): AnalysedFile[] {
  return visible(files).filter((entry) => entry.file.type === 'copper').sort((a, b) => a.file.order - b.file.order);
}

const round = (value: number) => Math.round(value * 1000) / 1000;

function union(boxes: (Box | null)[]): Box | null {
  return boxes.reduce<Box | null>((result, box) => {
    if (!box) return result;
    if (!result) return [...box];
    return [Math.min(result[0], box[0]), Math.min(result[1], box[1]), Math.max(result[2], box[2]), Math.max(result[3], box[3])];
  }, null);
}

const readingOf = (entry: AnalysedFile): GerberReading | null => entry.file.read.gerber;

/**
 * Every hole of the board once: Excellon hits, G85 slots and routs, and the flashes of Gerber drill files. A set that
 * carries the same holes twice (EasyEDA's Via file, KiCad's Gerber copy of its Excellon) counts them once.
 */
export interface BoardHoles { holes: DrillHole[]; paths: DrillPath[] }

const HOLE_MATCH_MM = 0.02;

export function boardHoles(files: AnalysedFile[]): BoardHoles {
  const holes: DrillHole[] = [];
  const paths: DrillPath[] = [];
  // Holes of the files already counted; a file's own hits all count, even two on one spot (a drill does both).
  const grid = new Map<string, DrillHole[]>();
  const cell = (value: number) => Math.floor(value / HOLE_MATCH_MM);
  const counted = (hole: DrillHole) => {
    for (let dx = -1; dx <= 1; dx += 1) {
      for (let dy = -1; dy <= 1; dy += 1) {
        for (const other of grid.get(`${cell(hole.x) + dx},${cell(hole.y) + dy}`) ?? []) {
          if (Math.hypot(other.x - hole.x, other.y - hole.y) <= HOLE_MATCH_MM && Math.abs(other.diameterMm - hole.diameterMm) <= HOLE_MATCH_MM) return true;
        }
      }
    }
    return false;
  };
  const pathKey = (path: DrillPath) => {
    const ends = [path.points[0], path.points[path.points.length - 1]].map((point) => point?.map((value) => Math.round(value / HOLE_MATCH_MM)).join(','));
    return `${ends.join(';')};${Math.round(path.diameterMm / HOLE_MATCH_MM)}`;
  };
  const countedPaths = new Set<string>();
  for (const entry of visible(files)) {
    if (entry.file.type !== 'drill' || entry.error) continue;
    const { excellon, gerber } = entry.file.read;
    const own: DrillHole[] = excellon ? excellon.holes : [];
    if (!excellon && gerber) {
      for (let index = 0; index < gerber.flashCount; index += 1) {
        own.push({ x: gerber.flashXY[index * 2] ?? 0, y: gerber.flashXY[index * 2 + 1] ?? 0, diameterMm: gerber.flashDiameterMm[index] ?? 0 });
      }
    }
    const fresh = own.filter((hole) => !counted(hole));
    const freshPaths = (excellon?.paths ?? []).filter((path) => !countedPaths.has(pathKey(path)));
    for (const hole of fresh) {
      holes.push(hole);
      const key = `${cell(hole.x)},${cell(hole.y)}`;
      grid.set(key, [...(grid.get(key) ?? []), hole]);
    }
    for (const path of freshPaths) {
      paths.push(path);
      countedPaths.add(pathKey(path));
    }
  }
  return { holes, paths };
}

/** Points that must lie on the board: the holes, or without them the copper's pads. */
function insidePoints(files: AnalysedFile[], holes: BoardHoles): Point[] {
  const points: Point[] = holes.holes.map((hole) => [hole.x, hole.y]);
  for (const path of holes.paths) if (path.points[0]) points.push(path.points[0]);
  if (points.length > 0) return points;
  for (const entry of copperFiles(files)) {
    const reading = readingOf(entry);
    if (!reading) continue;
    for (let index = 0; index < reading.flashCount; index += 1) points.push([reading.flashXY[index * 2] ?? 0, reading.flashXY[index * 2 + 1] ?? 0]);
  }
  return points;
}

/**
 * The shape that is the board: the smallest that holds (nearly) every point that must lie on it — the panel frame
 * rather than one board of the panel, the board edge rather than the drawing sheet around it. Without such points,
 * the largest shape (a panel frame around its mouse bites). `share`: how many of the points it must hold.
 */
function boardShape(shapes: ClosedShape[], inside: Point[], share: number): ClosedShape | null {
  if (shapes.length === 0) return null;
  if (inside.length === 0) return shapes[0] ?? null;
  const sample = inside.length > 5000 ? inside.filter((_, index) => index % Math.ceil(inside.length / 5000) === 0) : inside;
  // A shape that holds every point holds their box: checked on the box first, the points only for the 95 % pass.
  const spread: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of sample) {
    spread[0] = Math.min(spread[0], x); spread[1] = Math.min(spread[1], y);
    spread[2] = Math.max(spread[2], x); spread[3] = Math.max(spread[3], y);
  }
  const holdsAll = (shape: ClosedShape) => contains(shape.box, [spread[0], spread[1]]) && contains(shape.box, [spread[2], spread[3]]);
  const held = (shape: ClosedShape) => (holdsAll(shape) ? 1 : sample.filter((point) => contains(shape.box, point)).length / sample.length);
  const candidates = share === 1 ? shapes.filter(holdsAll) : shapes.filter((shape) => boxArea(shape.box) >= boxArea(spread) * 0.5 && held(shape) >= share);
  return candidates.sort((a, b) => boxArea(a.box) - boxArea(b.box))[0] ?? null;
}

/**
 * How lines are joined, tried in turn until the board closes: end to end (what most CAD tools write); then also where
 * they cross or one ends on another (panel frames, sides drawn past the corners), ends within 0.01 mm and 0.05 mm
 * (arcs that stop short of their sides: Proteus, 0.025 mm). An outline file is given more: up to 1 mm, beyond which
 * a gap is an opening and the outline is open.
 */
interface Join { gap: number; cut: boolean }
const JOINS: readonly Join[] = [{ gap: 0.01, cut: false }, { gap: 0.01, cut: true }, { gap: 0.05, cut: true }];
const OUTLINE_JOINS = [...JOINS, { gap: 0.2, cut: true }, { gap: 0.5, cut: true }, { gap: 1, cut: true }];
/** Every hole first (a panel's rails carry tooling holes the boards do not); then a stray hole or two may lie outside. */
const SHARES_HELD = [1, 0.95];

function findBoard(lines: Line[], inside: Point[], joins: readonly Join[] = JOINS): ClosedShape | null {
  if (lines.length === 0) return null;
  const spread = extentOfPoints(inside);
  const searches: ClosedShape[][] = [];
  for (const share of SHARES_HELD) {
    for (const [index, join] of joins.entries()) {
      // The crossing search is the dear one: what lies wholly among the holes is left out of it.
      searches[index] ??= findClosedShapes(join.cut && spread ? reachingOutside(lines, spread, join.gap) : lines, join.gap, join.cut).shapes;
      const found = boardShape(searches[index] ?? [], inside, share);
      if (found) return found;
    }
  }
  return null;
}

/** The box of the points, 0.1 mm in from each side; null without points. */
function extentOfPoints(points: Point[]): Box | null {
  if (points.length === 0) return null;
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    box[0] = Math.min(box[0], x); box[1] = Math.min(box[1], y);
    box[2] = Math.max(box[2], x); box[3] = Math.max(box[3], y);
  }
  return [box[0] + 0.1, box[1] + 0.1, box[2] - 0.1, box[3] - 0.1];
}

function extentOf(lines: Line[]): Box | null {
  if (lines.length === 0) return null;
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { from, to } of lines) {
    box[0] = Math.min(box[0], from[0], to[0]); box[1] = Math.min(box[1], from[1], to[1]);
    box[2] = Math.max(box[2], from[0], to[0]); box[3] = Math.max(box[3], from[1], to[1]);
  }
  return box;
}

/**
 * Without an outline file, where the edge may be drawn, surest first: the strokes of Profile apertures (Proteus draws
 * the edge on every layer with one); then masks and paste, which draw pads and little else (PADS draws the edge on
 * every film, but its silk and drill drawing attach connector outlines to it); then drawings (Allegro's fabrication
 * drawing); silk; and copper last, whose rings and pours run just inside the edge. In a tier, the smallest shape wins.
 */
const EDGE_TIERS: readonly (readonly (string | null)[])[] = [['soldermask', 'solderpaste'], ['drawing', null], ['silkscreen'], ['copper']];

function edgeElsewhere(files: AnalysedFile[], inside: Point[]): BoardEdge | null {
  const shown = visible(files).filter((entry) => readingOf(entry)?.centreLines && entry.file.type !== 'drill');
  const found = (shape: ClosedShape, entry: AnalysedFile): BoardEdge =>
    ({ box: shape.box, edges: shape.edges, closed: true, source: 'layers', fileId: entry.file.read.source.id });
  for (const entry of shown) {
    const tools = profileApertures(entry.file.read.head);
    const reading = readingOf(entry);
    if (tools.size === 0 || !reading) continue;
    const shape = findBoard(centreLinesOf(reading, { tools }), inside);
    if (shape) return found(shape, entry);
  }
  // Lines joined end to end through every tier first: a board whose films close that way is found without comparing
  // any line with its neighbours, which is what costs time. Then the tiers again with crossings.
  const strokes = new Map(shown.map((entry) => [entry, centreLinesOf(readingOf(entry) as GerberReading)]));
  for (const joins of [JOINS.filter((join) => !join.cut), JOINS.filter((join) => join.cut)]) {
    for (const tier of EDGE_TIERS) {
      let best: { shape: ClosedShape; entry: AnalysedFile } | null = null;
      for (const entry of shown.filter((candidate) => tier.includes(candidate.file.type))) {
        const shape = findBoard(strokes.get(entry) ?? [], inside, joins);
        if (shape && (!best || boxArea(shape.box) < boxArea(best.shape.box))) best = { shape, entry };
      }
      if (best) return found(best.shape, best.entry);
    }
  }
  return null;
}

/**
 * The board's edge: the outline file's closed shape that holds the board; without an outline file, the edge drawn
 * elsewhere; failing both, the extent of every layer of the board (drawings left out: a drawing sheet is larger).
 */
export function boardEdge(files: AnalysedFile[], holes: BoardHoles): BoardEdge | null {
  const inside = insidePoints(files, holes);
  const outlines = visible(files).filter((entry) => entry.file.type === 'outline' && readingOf(entry));
  if (outlines.length > 0) {
    const lines = outlines.flatMap((entry) => centreLinesOf(readingOf(entry) as GerberReading, { regions: true }));
    const fileId = outlines[0]?.file.read.source.id ?? null;
    const shape = findBoard(lines, inside, OUTLINE_JOINS);
    if (shape) return { box: shape.box, edges: shape.edges, closed: true, source: 'outline', fileId };
    const box = extentOf(lines) ?? union(outlines.map((entry) => readingOf(entry)?.boxMm ?? null));
    if (box) return { box, edges: [], closed: false, source: 'outline', fileId };
  }
  // Without holes or pads to anchor it, a closed shape in another file (a letter, a frame) could be anything.
  const elsewhere = inside.length > 0 ? edgeElsewhere(files, inside) : null;
  if (elsewhere) return elsewhere;
  const layers = visible(files).filter((entry) => entry.file.type !== null && entry.file.type !== 'drawing');
  const extent = union(layers.map((entry) => readingOf(entry)?.boxMm ?? null));
  return extent ? { box: extent, edges: [], closed: false, source: 'extent', fileId: null } : null;
}

export function measureBoard(files: AnalysedFile[], holes: BoardHoles, edge: BoardEdge | null): BoardMeasurements | null {
  if (!edge) return null;
  const copper = copperFiles(files);
  const sizes = [...holes.holes.map((hole) => hole.diameterMm), ...holes.paths.map((path) => path.diameterMm)].filter((size) => size > 0);
  const holeSizesMm = [...new Set(sizes.map(roundDiameter))].sort((a, b) => a - b);
  const pasteBoxes = (side: 'top' | 'bottom') => visible(files)
    .filter((entry) => entry.file.type === 'solderpaste' && entry.file.side === side)
    .map((entry) => readingOf(entry)?.boxMm ?? null).filter((box) => box !== null);
  const top = pasteBoxes('top');
  const bottom = pasteBoxes('bottom');
  const paste = union([...top, ...bottom]);
  const width = (box: Box) => round(box[2] - box[0]);
  const height = (box: Box) => round(box[3] - box[1]);
  return {
    widthMm: width(edge.box),
    heightMm: height(edge.box),
    sizeFromOutline: edge.source !== 'extent',
    layerCount: copper.length,
    copperLayers: copper.map((entry) => entry.file.side === 'top' || entry.file.side === 'bottom' ? entry.file.side : 'inner'),
    drillHits: holes.holes.length + holes.paths.length,
    smallestHoleMm: holeSizesMm[0] ?? null,
    holeSizesMm,
    pasteTop: top.length > 0,
    pasteBottom: bottom.length > 0,
    pasteWidthMm: paste ? width(paste) : null,
    pasteHeightMm: paste ? height(paste) : null,
  };
}
