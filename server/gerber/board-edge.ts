import { copperFiles, union, visible, type AnalysedFile } from './analysed';
import { boardBorder } from './board-edge-faces';
import { boxArea, contains, emptyBox, extendBox, type Box, type Line, type Point } from './geometry';
import { centreLinesOf, type GerberReading } from './gerber-read';
import type { BoardHoles } from './holes';
import { unionFind } from './dfm/union-find';
import { findClosedShapes, reachingOutside, type ClosedShape } from './loops';
import { scoreLinesOf } from './score-lines';
import { profileApertures } from './x2';

/** Where the board's size came from, and the shape that clips its pictures. */
export interface BoardEdge {
  box: Box;
  /**
   * The edge's centre lines as drawn (closed shapes only: the picture is clipped to their outer boundary), with the
   * pieces of V-score lines that help close them; empty when the edge did not close.
   */
  edges: Line[];
  /**
   * A panel's V-score lines (mm): straight lines drawn on the outline layer across the panel from one side of its
   * frame to the other, clipped to the frame. They are scored, not routed: they never set the size (the frame's box)
   * and enclose nothing, but they are edges for copper (DFM copper-to-edge measures to them, on every copper layer).
   * Empty on a board without them.
   */
  scoreLines: Line[];
  /**
   * The outline file's lines joined end to end with the edge (mm), empty without a closed one: where the edge takes a
   * shortcut (a break in the outline joined across), copper strokes on these are still the outline plotted into the
   * copper.
   */
  outlineLines: Line[];
  /** The outline file's lines close around the board. */
  closed: boolean;
  /** 'outline': the outline file; 'layers': the edge drawn in another file (fileId); 'extent': everything drawn. */
  source: 'outline' | 'layers' | 'extent';
  fileId: string | null;
}

const readingOf = (entry: AnalysedFile): GerberReading | null => entry.file.read.gerber;

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

/** Where the board has something: its holes, and the copper's flashes and the ends of its lines. */
function boardPoints(files: AnalysedFile[], holes: BoardHoles): Point[] {
  const points: Point[] = holes.holes.map((hole) => [hole.x, hole.y]);
  for (const path of holes.paths) if (path.points[0]) points.push(path.points[0]);
  for (const entry of copperFiles(files)) {
    const reading = readingOf(entry);
    if (!reading) continue;
    for (let index = 0; index < reading.flashCount; index += 1) points.push([reading.flashXY[index * 2] ?? 0, reading.flashXY[index * 2 + 1] ?? 0]);
    for (const { from, to } of centreLinesOf(reading, { regions: true })) points.push(from, to);
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
  const spread = emptyBox();
  for (const [x, y] of sample) extendBox(spread, x, y);
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
  // The crossing search is the dear one: what lies wholly among the holes is left out of it (grouped once, at the
  // widest gap, which only ever keeps more lines).
  let outside: Line[] | null = null;
  const widest = Math.max(...joins.map((join) => join.gap));
  const searches: ClosedShape[][] = [];
  for (const share of SHARES_HELD) {
    for (const [index, join] of joins.entries()) {
      if (join.cut && spread) outside ??= reachingOutside(lines, spread, widest);
      searches[index] ??= findClosedShapes(join.cut && outside ? outside : lines, join.gap, join.cut).shapes;
      const found = boardShape(searches[index] ?? [], inside, share);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The outline file's lines joined end to end with the edge found: the chains that share a point with it. A break the
 * edge closes with a line of its own leaves part of such a chain off the edge; lettering or a drawing on the outline
 * layer shares no point with it.
 */
function chainsOfEdge(lines: Line[], edges: Line[]): Line[] {
  const key = ([x, y]: Point) => `${Math.round(x * 1000)},${Math.round(y * 1000)}`;
  const onEdge = new Set(edges.flatMap(({ from, to }) => [key(from), key(to)]));
  const chains = unionFind(lines.length);
  const byEnd = new Map<string, number>();
  lines.forEach(({ from, to }, index) => {
    for (const end of [key(from), key(to)]) {
      const other = byEnd.get(end);
      if (other === undefined) byEnd.set(end, index); else chains.join(index, other);
    }
  });
  const touching = new Set<number>();
  lines.forEach(({ from, to }, index) => { if (onEdge.has(key(from)) || onEdge.has(key(to))) touching.add(chains.find(index)); });
  return lines.filter((_, index) => touching.has(chains.find(index)));
}

/** The box of the points, 0.1 mm in from each side; null without points. */
function extentOfPoints(points: Point[]): Box | null {
  if (points.length === 0) return null;
  const box = emptyBox();
  for (const [x, y] of points) extendBox(box, x, y);
  return [box[0] + 0.1, box[1] + 0.1, box[2] - 0.1, box[3] - 0.1];
}

function extentOf(lines: Line[]): Box | null {
  if (lines.length === 0) return null;
  const box = emptyBox();
  for (const { from, to } of lines) { extendBox(box, from[0], from[1]); extendBox(box, to[0], to[1]); }
  return box;
}

/**
 * Without an outline file, where the edge may be drawn, surest first: the strokes of Profile apertures (Proteus draws
 * the edge on every layer with one); then masks and paste, which draw pads and little else (PADS draws the edge on
 * every film, but its silk and drill drawing attach connector outlines to it); then drawings (Allegro's fabrication
 * drawing); silk; and copper last, whose rings and pours run just inside the edge. In a tier, the smallest shape wins.
 */
const EDGE_TIERS: readonly (readonly (string | null)[])[] = [['soldermask', 'solderpaste'], ['drawing', null], ['silkscreen'], ['copper']];

function edgeElsewhere(files: AnalysedFile[], inside: Point[], holes: BoardHoles): BoardEdge | null {
  const shown = visible(files).filter((entry) => readingOf(entry)?.centreLines && entry.file.type !== 'drill');
  // Such a file draws more than the edge: what it draws across the edge (a connector's body) is no edge of the board.
  const found = (shape: ClosedShape, entry: AnalysedFile): BoardEdge => {
    const edges = boardBorder(shape.edges, boardPoints(files, holes));
    return { box: extentOf(edges) ?? shape.box, edges, scoreLines: [], outlineLines: [], closed: true, source: 'layers', fileId: entry.file.read.source.id };
  };
  for (const entry of shown) {
    const tools = profileApertures(entry.file.read.head);
    const reading = readingOf(entry);
    if (tools.size === 0 || !reading) continue;
    const shape = findBoard(centreLinesOf(reading, { tools }), inside);
    if (shape) return found(shape, entry);
  }
  // Tier by tier, each file joined end to end first and searched for crossings only when that finds nothing (lines
  // lying wholly among the holes left out of that search).
  for (const tier of EDGE_TIERS) {
    let best: { shape: ClosedShape; entry: AnalysedFile } | null = null;
    for (const entry of shown.filter((candidate) => tier.includes(candidate.file.type))) {
      const shape = findBoard(centreLinesOf(readingOf(entry) as GerberReading), inside);
      if (shape && (!best || boxArea(shape.box) < boxArea(best.shape.box))) best = { shape, entry };
    }
    if (best) return found(best.shape, best.entry);
  }
  return null;
}

/**
 * The board's edge: the outline file's closed shape that holds the board, its V-score lines listed apart; without an
 * outline file, the edge drawn elsewhere; failing both, the extent of every layer of the board (drawings left out: a
 * drawing sheet is larger).
 */
export function boardEdge(files: AnalysedFile[], holes: BoardHoles): BoardEdge | null {
  const inside = insidePoints(files, holes);
  const outlines = visible(files).filter((entry) => entry.file.type === 'outline' && readingOf(entry));
  if (outlines.length > 0) {
    const lines = outlines.flatMap((entry) => centreLinesOf(readingOf(entry) as GerberReading, { regions: true }));
    const fileId = outlines[0]?.file.read.source.id ?? null;
    const shape = findBoard(lines, inside, OUTLINE_JOINS);
    if (shape) {
      return {
        box: shape.box,
        edges: shape.edges,
        scoreLines: scoreLinesOf(lines, shape.box),
        outlineLines: chainsOfEdge(lines, shape.edges),
        closed: true,
        source: 'outline',
        fileId,
      };
    }
    const box = extentOf(lines) ?? union(outlines.map((entry) => readingOf(entry)?.boxMm ?? null));
    if (box) return { box, edges: [], scoreLines: [], outlineLines: [], closed: false, source: 'outline', fileId };
  }
  // Without holes or pads to anchor it, a closed shape in another file (a letter, a frame) could be anything.
  const elsewhere = inside.length > 0 ? edgeElsewhere(files, inside, holes) : null;
  if (elsewhere) return elsewhere;
  const layers = visible(files).filter((entry) => entry.file.type !== null && entry.file.type !== 'drawing');
  const extent = union(layers.map((entry) => readingOf(entry)?.boxMm ?? null));
  return extent ? { box: extent, edges: [], scoreLines: [], outlineLines: [], closed: false, source: 'extent', fileId: null } : null;
}
