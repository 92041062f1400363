import { performance } from 'node:perf_hooks';
import type { BoardDfm, CapabilityTable, DfmPlace, DfmRule } from '../../src/contract/dfm';
import { visible, type AnalysedFile } from '../board-files/analysed';
import type { BoardEdge } from '../board-files/board-edge';
import { edgeIndex, oneAlongEachStretch, routedEdges, type EdgeIndex, type EdgePlace } from './edges';
import { MM_PER, type Box } from '../board-files/geometry';
import type { DrawnShapes } from '../board-files/gerber-read';
import { isNegativeFilm, planeClearances } from './planes';
import { copperOnRim, levelsWithout, rimIsCopper, withCuts, type Covering } from './cuts';
import { closest, insidePolygon, layerOf, ownerSets, pieceGrid, piecesOf, polygonTest, segmentDistance, type Layer, type PieceGrid } from './layer';

/**
 * The DFM measurements of one board (issue 21), run in the worker pool after the files are read: every place where a
 * rule's value comes within the table's margin of its coarsest class's limit, or past it. Which of them are findings
 * depends on the parameters (findingsOf); here only geometry. Rules in the order of their worth to a buyer.
 */

export const PLACES_PER_RULE = 50;
const CELL_MM = 0.5;
/**
 * Shapes closer than this touch: CAD tools write arcs and round pour edges as chords, so copper meant to join (a
 * pour flowing onto its own net's track) is left microns apart. No tool designs a gap this small on purpose, and
 * no fab could etch one: it is one piece of copper.
 */
const TOUCH_MM = 0.02;
/**
 * The most the measuring may take: a job has 60 s (BOARD_JOB_TIMEOUT_SECONDS) and some CAD tools (Proteus, PADS)
 * draw pours as thousands of overlapping strokes, where pairwise gaps cost minutes. Past it the rules not yet
 * measured are skipped and the result says it was cut short, rather than failing the whole upload.
 */
export const DFM_BUDGET_MS = 12_000;
let deadline = Infinity;
const late = () => performance.now() > deadline;

const round4 = (value: number) => Math.round(value * 10000) / 10000;
/**
 * Values are kept to the micron: no fab works finer, and files are not exact finer either (Altium's 4-decimal mm
 * puts arc centres 0.1 µm off, so its 0.1 mm bends read 0.09995 mm and were findings against a 0.1 mm limit).
 */
const toMicron = (value: number) => Math.round(value * 1000) / 1000;

interface Found { rule: DfmRule; fileId: string | null; valueMm: number; x: number | null; y: number | null }

/** The loosest limit a place can be judged by, plus the margin: beyond it no class would ever call it a finding. */
function thresholds(table: CapabilityTable) {
  const margin = table.marginMm ?? 0.05;
  const coarsest = (key: 'trackWidthMm' | 'trackSpacingMm' | 'copperToEdgeMm' | 'maskSliverMm' | 'annularRingMm' | 'holeSizeMm' | 'drillToCopperMm') =>
    Math.max(...table.classes.map((each) => each[key])) + margin;
  return {
    trackWidth: coarsest('trackWidthMm'), trackSpacing: coarsest('trackSpacingMm'), copperToEdge: coarsest('copperToEdgeMm'),
    maskSliver: coarsest('maskSliverMm'), annularRing: coarsest('annularRingMm'), holeSize: coarsest('holeSizeMm'),
    drillToCopper: coarsest('drillToCopperMm'), silkWidth: table.silk.lineWidthMm + margin, silkOverPad: table.silk.padClearanceMm + margin,
    slotSize: table.slots.minWidthMm + margin,
  };
}

interface Drawn {
  id: string;
  side: string | null;
  layer: Layer;
  grid: PieceGrid;
  /** The owners drawn at a point, less those a later clear shape takes away there. */
  covering: Covering;
  /** The layer's clear shapes; null on a layer drawn in dark polarity only. */
  cut: { layer: Layer; covering: Covering } | null;
  /** A negative plane film: what it draws is copper taken away. */
  negative: boolean;
}

/** The shapes a point lies on: a stroke or round pad within its radius, or a polygon around it. */
function coverageOf(layer: Layer, grid: PieceGrid) {
  const polygonCells = new Map<number, number[]>();
  const cell = 2;
  const key = (cx: number, cy: number) => (cx + 2 ** 24) * 2 ** 26 + (cy + 2 ** 24);
  layer.polygons.forEach((polygon, index) => {
    for (let cx = Math.floor(polygon.box[0] / cell); cx <= Math.floor(polygon.box[2] / cell); cx += 1) {
      for (let cy = Math.floor(polygon.box[1] / cell); cy <= Math.floor(polygon.box[3] / cell); cy += 1) {
        const list = polygonCells.get(key(cx, cy));
        if (list) list.push(index); else polygonCells.set(key(cx, cy), [index]);
      }
    }
  });
  // Built when a polygon is first asked about: most pads never are.
  const tests: ((x: number, y: number) => boolean)[] = [];
  const testOf = (index: number) => {
    const polygon = layer.polygons[index];
    if (!polygon) return () => false;
    tests[index] ??= polygonTest(polygon.points, polygon.box);
    return tests[index];
  };
  return (x: number, y: number, all: boolean, polygonsOnly = false): number[] => {
    const owners: number[] = [];
    for (const index of polygonsOnly ? [] : grid.at(x, y)) {
      const at = index * 5;
      const r = layer.seg[at + 4] ?? 0;
      if (r > 0 && segmentDistance(layer.seg[at] ?? 0, layer.seg[at + 1] ?? 0, layer.seg[at + 2] ?? 0, layer.seg[at + 3] ?? 0, x, y, x, y) <= r) {
        owners.push(layer.owner[index] ?? 0);
        if (!all) return owners;
      }
    }
    for (const index of polygonCells.get(key(Math.floor(x / cell), Math.floor(y / cell))) ?? []) {
      const polygon = layer.polygons[index];
      if (polygon && x >= polygon.box[0] && x <= polygon.box[2] && y >= polygon.box[1] && y <= polygon.box[3] && testOf(index)(x, y)) {
        owners.push(polygon.owner);
        if (!all) return owners;
      }
    }
    return owners;
  };
}


/**
 * Thin strokes drawn along the board's edge are the outline plotted into the layer (CAD tools offer it), not copper
 * or silk the fab makes: they are left out of every rule.
 */
/**
 * The stroke runs along edge lines for most of its length or for 1 mm and more. A panelizer plots each board's own
 * outline into the copper, and where the panel joins boards by a breakaway tab the routed edge leaves that outline:
 * the stroke follows the edge only up to the tab.
 */
function alongEdge(edge: EdgeIndex, ax: number, ay: number, bx: number, by: number): boolean {
  const length = Math.hypot(bx - ax, by - ay);
  const steps = Math.max(2, Math.ceil(length / 0.25));
  let on = 0;
  for (let step = 0; step <= steps; step += 1) if (edge.onEdge(ax + ((bx - ax) * step) / steps, ay + ((by - ay) * step) / steps, 0.02)) on += 1;
  return on / (steps + 1) > 0.5 || (on - 1) * (length / steps) >= 1;
}

/**
 * Closed loops of thin strokes around holes that no pour has for its rim: a board's outline plotted into the layer
 * where no routed edge runs (a panelizer's copy of each board's outline, between the boards of the panel). Stroke
 * indexes (of five numbers each). A pour's outline (KiCad strokes one round every fill) ends on its region's corners.
 */
function outlineLoops(drawn: DrawnShapes, scale: number, holes: Hole[]): Set<number> {
  const key = (x: number, y: number) => `${Math.round(x * scale * 1000)},${Math.round(y * scale * 1000)}`;
  const corners = new Set<string>();
  for (const points of drawn.regions) for (let at = 0; at < points.length; at += 2) corners.add(key(points[at] ?? 0, points[at + 1] ?? 0));
  const nodeOf = new Map<string, number>();
  const degree: number[] = [];
  const parent: number[] = [];
  // Path halving: strokes joined end to end make chains as long as the file (200,000 in the heavy board test).
  const root = (node: number): number => {
    let at = node;
    while (parent[at] !== at) { const up = parent[parent[at] ?? at] ?? at; parent[at] = up; at = up; }
    return at;
  };
  const node = (x: number, y: number) => {
    const k = key(x, y);
    let id = nodeOf.get(k);
    if (id === undefined) { id = degree.length; nodeOf.set(k, id); degree.push(0); parent.push(id); }
    return id;
  };
  const thin: [number, number, number][] = [];
  for (let at = 0; at < drawn.strokes.length; at += 5) {
    const width = (drawn.strokes[at + 4] ?? 0) * scale;
    const ax = drawn.strokes[at] ?? 0; const ay = drawn.strokes[at + 1] ?? 0; const bx = drawn.strokes[at + 2] ?? 0; const by = drawn.strokes[at + 3] ?? 0;
    if (width <= 0 || width >= 0.3 || (ax === bx && ay === by) || corners.has(key(ax, ay))) continue;
    const a = node(ax, ay); const b = node(bx, by);
    degree[a] = (degree[a] ?? 0) + 1; degree[b] = (degree[b] ?? 0) + 1;
    parent[root(a)] = root(b);
    thin.push([at, a, b]);
  }
  // A loop: every point on it joins exactly two of its strokes. Its box must hold holes (a board, not a letter O).
  const broken = new Set<number>();
  degree.forEach((count, id) => { if (count !== 2) broken.add(root(id)); });
  const boxes = new Map<number, [number, number, number, number]>();
  for (const [at, a] of thin) {
    const r = root(a);
    if (broken.has(r)) continue;
    const box = boxes.get(r) ?? [Infinity, Infinity, -Infinity, -Infinity];
    for (const [x, y] of [[drawn.strokes[at] ?? 0, drawn.strokes[at + 1] ?? 0], [drawn.strokes[at + 2] ?? 0, drawn.strokes[at + 3] ?? 0]] as const) {
      box[0] = Math.min(box[0], x * scale); box[1] = Math.min(box[1], y * scale); box[2] = Math.max(box[2], x * scale); box[3] = Math.max(box[3], y * scale);
    }
    boxes.set(r, box);
  }
  const aroundHoles = new Set<number>();
  for (const [r, box] of boxes) {
    if (holes.filter((hole) => hole.x > box[0] && hole.x < box[2] && hole.y > box[1] && hole.y < box[3]).length >= 3) aroundHoles.add(r);
  }
  return new Set(thin.filter(([, a]) => aroundHoles.has(root(a))).map(([at]) => at));
}

function withoutOutline(drawn: DrawnShapes, scale: number, edge: EdgeIndex, holes: Hole[]): DrawnShapes {
  const loops = outlineLoops(drawn, scale, holes);
  if (edge.edges.length === 0 && loops.size === 0) return drawn;
  const strokes: number[] = [];
  const dropped = new Set<number>();
  const d = drawn.strokes;
  for (let at = 0; at < d.length; at += 5) {
    const width = (d[at + 4] ?? 0) * scale;
    if (loops.has(at) || (width < 0.3 && edge.edges.length > 0
      && alongEdge(edge, (d[at] ?? 0) * scale, (d[at + 1] ?? 0) * scale, (d[at + 2] ?? 0) * scale, (d[at + 3] ?? 0) * scale))) { dropped.add(at / 5); continue; }
    strokes.push(d[at] ?? 0, d[at + 1] ?? 0, d[at + 2] ?? 0, d[at + 3] ?? 0, d[at + 4] ?? 0);
  }
  const arcs: number[] = [];
  let shift = 0; let arc = 0;
  // Each kept chord's index moves back by the strokes dropped before it.
  for (let stroke = 0; stroke < d.length / 5; stroke += 1) {
    while (arc < drawn.arcs.length && (drawn.arcs[arc] ?? 0) === stroke) {
      if (!dropped.has(stroke)) arcs.push(stroke - shift, drawn.arcs[arc + 1] ?? 0, drawn.arcs[arc + 2] ?? 0, drawn.arcs[arc + 3] ?? 0);
      arc += 4;
    }
    if (dropped.has(stroke)) shift += 1;
  }
  return { ...drawn, strokes, arcs, levels: levelsWithout(drawn.levels, d.length / 5, (stroke) => dropped.has(stroke)) };
}

/**
 * The layers of a type as drawn. Copper comes as positive layers and negative plane films (planes.ts), told apart
 * against the board's box; a film's drawing is what is taken away, so no positive rule reads it.
 */
function drawnLayers(files: AnalysedFile[], type: string, reach: number, edge: EdgeIndex, holes: Hole[], board: Box | null = null): Drawn[] {
  return visible(files).flatMap((entry) => {
    const reading = entry.file.read.gerber;
    if (entry.file.type !== type || entry.error || !reading) return [];
    const scale = MM_PER[reading.units];
    const negative = type === 'copper' && isNegativeFilm(reading.drawn, scale, board);
    // Only copper: silk draws closed outlines round connectors' pins, and those are silk.
    const shapes = negative ? reading.drawn : withoutOutline(reading.drawn, scale, edge, type === 'copper' ? holes : []);
    const layer = layerOf(shapes, scale);
    const grid = pieceGrid(layer, CELL_MM, reach);
    const cutLayer = reading.drawn.clear > 0 ? layerOf(shapes, scale, true) : null;
    const cut = cutLayer ? { layer: cutLayer, covering: coverageOf(cutLayer, pieceGrid(cutLayer, CELL_MM, 0)) } : null;
    const covering = withCuts(layer, coverageOf(layer, grid), cut?.layer ?? null, cut?.covering ?? null);
    return [{ id: entry.file.read.source.id, side: entry.file.side, layer, grid, covering, cut, negative }];
  });
}

/** The board's box: its edge's extent, or without an edge the holes'. */
function boardBox(edge: EdgeIndex, holes: Hole[]): Box | null {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  const add = (x: number, y: number) => { box[0] = Math.min(box[0], x); box[1] = Math.min(box[1], y); box[2] = Math.max(box[2], x); box[3] = Math.max(box[3], y); };
  if (edge.edges.length > 0) for (const { from, to } of edge.edges) { add(from[0], from[1]); add(to[0], to[1]); }
  else for (const hole of holes) add(hole.x, hole.y);
  return Number.isFinite(box[0]) ? box : null;
}

type Sets = ReturnType<typeof ownerSets>;
interface Gaps { drawn: Drawn; offset: number; rule: DfmRule; nearest: Map<number, [number, number, number]> }

/**
 * Gaps between shapes of one layer that do not touch (copper: track spacing; mask: slivers between openings). Shapes
 * that overlap are joined in `sets` (owners from `offset`); the pairs are judged once every join is known (gapsFound).
 */
function gaps(drawn: Drawn, below: number, rule: DfmRule, sets: Sets, offset: number): Gaps {
  const { layer, grid } = drawn;
  const nearest = new Map<number, [number, number, number]>();
  const seg = layer.seg;
  for (const list of grid.cells.values()) {
    if (late()) break;
    for (let i = 0; i < list.length; i += 1) {
      // One cell crossed by thousands of long strokes is itself quadratic: the budget is checked within it too.
      if (i % 64 === 0 && late()) break;
      const a = list[i] ?? 0; const ao = layer.owner[a] ?? 0; const aa = a * 5;
      for (let j = i + 1; j < list.length; j += 1) {
        const b = list[j] ?? 0; const bo = layer.owner[b] ?? 0;
        if (ao === bo) continue;
        const bb = b * 5;
        const reach = (seg[aa + 4] ?? 0) + (seg[bb + 4] ?? 0);
        // Boxes further apart than the reach and the gap looked for: no need to measure (most pairs of a cell).
        const far = reach + below;
        if (Math.min(seg[aa] ?? 0, seg[aa + 2] ?? 0) - Math.max(seg[bb] ?? 0, seg[bb + 2] ?? 0) > far
          || Math.min(seg[bb] ?? 0, seg[bb + 2] ?? 0) - Math.max(seg[aa] ?? 0, seg[aa + 2] ?? 0) > far
          || Math.min(seg[aa + 1] ?? 0, seg[aa + 3] ?? 0) - Math.max(seg[bb + 1] ?? 0, seg[bb + 3] ?? 0) > far
          || Math.min(seg[bb + 1] ?? 0, seg[bb + 3] ?? 0) - Math.max(seg[aa + 1] ?? 0, seg[aa + 3] ?? 0) > far) continue;
        // Shapes already joined are one piece of copper: no gap between them is looked at again (a pour drawn as
        // thousands of overlapping strokes is joined early, and its pairs cost nothing after).
        if (sets.find(offset + ao) === sets.find(offset + bo)) continue;
        let distance = segmentDistance(seg[aa] ?? 0, seg[aa + 1] ?? 0, seg[aa + 2] ?? 0, seg[aa + 3] ?? 0, seg[bb] ?? 0, seg[bb + 1] ?? 0, seg[bb + 2] ?? 0, seg[bb + 3] ?? 0);
        if (distance - reach <= TOUCH_MM) { sets.join(offset + ao, offset + bo); continue; }
        if (distance - reach >= below) continue;
        // Chords of arcs stray up to 2 µm from them: two arcs 0.1 mm apart read 0.098. Measured on the arcs.
        if (layer.arcOf.size > 0 && (layer.arcOf.has(a) || layer.arcOf.has(b))) distance = onArcs(layer, a, b, distance);
        const gap = distance - reach;
        if (gap >= below) continue;
        const pair = ao < bo ? ao * 2 ** 26 + bo : bo * 2 ** 26 + ao;
        const known = nearest.get(pair);
        if (known && known[0] <= gap) continue;
        // The gap's middle: from A's closest point outwards by A's radius and half the gap.
        const ux = (closest.qx - closest.px) / distance; const uy = (closest.qy - closest.py) / distance;
        const middle = (seg[aa + 4] ?? 0) + gap / 2;
        nearest.set(pair, [gap, closest.px + ux * middle, closest.py + uy * middle]);
      }
    }
  }
  return { drawn, offset, rule, nearest };
}

/**
 * Copper lying inside a pour is joined to it: gaps only joins shapes whose rims meet, and a pad or track drawn
 * well inside a pour's area meets none of its edges. Where a clear shape cuts the pour round it (a clearance), the
 * pour is not there and nothing is joined. A pad the clearance cuts round on some sides only stands on the pour
 * elsewhere (LimeSDR's 0201 pads): so each of its points inside it is looked at, not one.
 */
function joinInsidePours(drawn: Drawn, sets: Sets, offset: number): void {
  const { layer } = drawn;
  if (!layer.ownerIsRegion.some(Boolean)) return;
  for (let owner = 0; owner < layer.owners; owner += 1) {
    if (owner % 1024 === 0 && late()) break;
    if (layer.ownerIsRegion[owner]) continue;
    const points = pointsInside(layer, owner);
    for (let at = 0; at < points.length; at += 2) {
      for (const other of drawn.covering(points[at] ?? 0, points[at + 1] ?? 0, true, true)) {
        if (layer.ownerIsRegion[other]) sets.join(offset + owner, offset + other);
      }
    }
  }
}

/** How far a polygon's corner is moved towards its middle to be a point inside it. */
const CORNER_INSET = 0.1;

/**
 * Points of a shape inside its copper (x y pairs): its round parts' ends and middles, its polygons' middles and
 * corners moved a tenth of the way towards them.
 */
function pointsInside(layer: Layer, owner: number): number[] {
  const points: number[] = [];
  const [first, end] = piecesOf(layer, owner);
  for (let index = first; index < end; index += 1) {
    const at = index * 5;
    if ((layer.seg[at + 4] ?? 0) <= 0) continue;
    const ax = layer.seg[at] ?? 0; const ay = layer.seg[at + 1] ?? 0; const bx = layer.seg[at + 2] ?? 0; const by = layer.seg[at + 3] ?? 0;
    points.push(ax, ay);
    if (ax !== bx || ay !== by) points.push((ax + bx) / 2, (ay + by) / 2, bx, by);
  }
  for (const index of layer.polygonsOf[owner] ?? []) {
    const corners = layer.polygons[index]?.points ?? [];
    let mx = 0; let my = 0;
    for (let at = 0; at < corners.length; at += 2) { mx += corners[at] ?? 0; my += corners[at + 1] ?? 0; }
    mx /= corners.length / 2; my /= corners.length / 2;
    const inside = (x: number, y: number) => { if (padCovers(layer, owner, x, y)) points.push(x, y); };
    inside(mx, my);
    for (let at = 0; at < corners.length; at += 2) {
      inside((corners[at] ?? 0) + (mx - (corners[at] ?? 0)) * CORNER_INSET, (corners[at + 1] ?? 0) + (my - (corners[at + 1] ?? 0)) * CORNER_INSET);
    }
  }
  return points;
}

/** How far a point on an arc may lie from the chord it is measured on (the reader's chords stray up to 2 µm). */
const ON_ARC_MM = 0.005;

/**
 * The distance between two pieces' centre lines with arc chords replaced by their arcs: the closest points found on
 * the chords (in `closest`) are moved onto the arcs, each towards the other, twice. Left as measured when a point
 * would leave its chord by more than a chord strays from its arc (past the arc's end). `closest` holds the points.
 */
function onArcs(layer: Layer, a: number, b: number, measured: number): number {
  const arcA = layer.arcOf.get(a); const arcB = layer.arcOf.get(b);
  const toward = (arc: readonly [number, number, number] | undefined, x: number, y: number, from: [number, number]): [number, number] => {
    if (!arc) return from;
    const [cx, cy, r] = arc;
    const d = Math.hypot(x - cx, y - cy);
    return d > 1e-9 ? [cx + ((x - cx) * r) / d, cy + ((y - cy) * r) / d] : from;
  };
  let p: [number, number] = [closest.px, closest.py]; let q: [number, number] = [closest.qx, closest.qy];
  for (let round = 0; round < 2; round += 1) { p = toward(arcA, q[0], q[1], p); q = toward(arcB, p[0], p[1], q); }
  const seg = layer.seg;
  const offChord = (piece: number, [x, y]: [number, number]) => {
    const at = piece * 5;
    return segmentDistance(x, y, x, y, seg[at] ?? 0, seg[at + 1] ?? 0, seg[at + 2] ?? 0, seg[at + 3] ?? 0) > ON_ARC_MM;
  };
  if (offChord(a, p) || offChord(b, q)) return measured;
  closest.px = p[0]; closest.py = p[1]; closest.qx = q[0]; closest.qy = q[1];
  return Math.hypot(p[0] - q[0], p[1] - q[1]);
}

/** The gaps between shapes not connected (on the layer or through a hole), whose middle is not drawn over. */
function gapsFound({ drawn, offset, rule, nearest }: Gaps, sets: Sets, found: Found[]): void {
  for (const [pair, [gap, x, y]] of nearest) {
    if (late()) break;
    const a = Math.floor(pair / 2 ** 26); const b = pair - a * 2 ** 26;
    if (sets.find(offset + a) === sets.find(offset + b) || drawn.covering(x, y, false).length > 0) continue;
    found.push({ rule, fileId: drawn.id, valueMm: gap, x, y });
  }
}

/** Both ends of the segment lie on the edge of a region (within 1 µm). */
function onRegionEdge(drawn: Drawn, ax: number, ay: number, bx: number, by: number): boolean {
  const { layer } = drawn;
  const onEdge = (x: number, y: number) => drawn.grid.at(x, y).some((index) => {
    const owner = layer.owner[index] ?? 0;
    const at = index * 5;
    return layer.ownerIsRegion[owner] === true
      && segmentDistance(layer.seg[at] ?? 0, layer.seg[at + 1] ?? 0, layer.seg[at + 2] ?? 0, layer.seg[at + 3] ?? 0, x, y, x, y) < 0.001;
  });
  return onEdge(ax, ay) && onEdge(bx, by);
}

function trackWidths(drawn: Drawn, below: number, found: Found[], rule: DfmRule): void {
  const { layer } = drawn;
  for (let index = 0; index < layer.owner.length; index += 1) {
    // Each thin stroke asks what lies under it, which is a cell's worth of segments: the budget holds here too.
    if (index % 256 === 0 && late()) break;
    const owner = layer.owner[index] ?? 0;
    const width = (layer.seg[index * 5 + 4] ?? 0) * 2;
    // Zero-width strokes draw nothing a fab makes (region outlines, reference marks).
    if (!layer.ownerIsStroke[owner] || width < 0.001 || width >= below) continue;
    const at = index * 5;
    const ax = layer.seg[at] ?? 0; const ay = layer.seg[at + 1] ?? 0; const bx = layer.seg[at + 2] ?? 0; const by = layer.seg[at + 3] ?? 0;
    const x = (ax + bx) / 2; const y = (ay + by) / 2;
    // A thin stroke is no thin copper where other copper lies under it: a pour's outline (KiCad draws one round
    // every filled zone), or a line drawn over a pad or a wider track.
    if (drawn.covering(x, y, true).some((other) => other !== owner) || onRegionEdge(drawn, ax, ay, bx, by)) continue;
    found.push({ rule, fileId: drawn.id, valueMm: width, x, y });
  }
}

/** Every corner of the box lies within the pad: under a round part of it, or inside one of its polygons. */
function loopUnder(layer: Layer, owner: number, box: [number, number, number, number]): boolean {
  const [first, end] = piecesOf(layer, owner);
  const under = (x: number, y: number) => {
    for (let index = first; index < end; index += 1) {
      const at = index * 5; const r = layer.seg[at + 4] ?? 0;
      if (r > 0 && segmentDistance(layer.seg[at] ?? 0, layer.seg[at + 1] ?? 0, layer.seg[at + 2] ?? 0, layer.seg[at + 3] ?? 0, x, y, x, y) <= r) return true;
    }
    return (layer.polygonsOf[owner] ?? []).some((p) => insidePolygon(layer.polygons[p]?.points ?? [], x, y));
  };
  return under(box[0], box[1]) && under(box[2], box[1]) && under(box[2], box[3]) && under(box[0], box[3]);
}

/** Per copper layer, the pads a hole takes away whole: the drill leaves nothing of them. */
function drilledAwayPads(holes: Hole[], drawn: Drawn): Set<number> {
  const { layer } = drawn;
  const away = new Set<number>();
  for (const hole of holes) {
    for (const owner of drawn.covering(hole.x, hole.y, true)) {
      if (layer.ownerIsStroke[owner] || layer.ownerIsRegion[owner]) continue;
      if (padReach(layer, owner, hole.x, hole.y) <= hole.diameterMm / 2 + DRILLED_AWAY_MM) away.add(owner);
    }
  }
  return away;
}

/** The pad covers the point: within a round part's radius, or inside one of its polygons. */
function padCovers(layer: Layer, owner: number, x: number, y: number): boolean {
  const [first, end] = piecesOf(layer, owner);
  for (let index = first; index < end; index += 1) {
    const at = index * 5; const r = layer.seg[at + 4] ?? 0;
    if (r > 0 && segmentDistance(layer.seg[at] ?? 0, layer.seg[at + 1] ?? 0, layer.seg[at + 2] ?? 0, layer.seg[at + 3] ?? 0, x, y, x, y) <= r) return true;
  }
  return (layer.polygonsOf[owner] ?? []).some((p) => insidePolygon(layer.polygons[p]?.points ?? [], x, y));
}

const RAYS = 48;
/** The nearest point round (x, y) where the pad ends: along 48 rays (every 7.5°, so a pad's axes and diagonals too). */
function rimAlongRays(layer: Layer, owner: number, x: number, y: number, reach: number): number {
  let rim = reach;
  for (let ray = 0; ray < RAYS; ray += 1) {
    const dx = Math.cos((2 * Math.PI * ray) / RAYS); const dy = Math.sin((2 * Math.PI * ray) / RAYS);
    // Covered up to `inside`, not at `outside`: halved to 0.1 µm. A ray that starts outside the pad has no ring.
    let inside = 0; let outside = Math.min(rim, reach);
    if (padCovers(layer, owner, x + dx * outside, y + dy * outside)) continue;
    if (!padCovers(layer, owner, x, y)) return 0;
    while (outside - inside > 0.0001) {
      const middle = (inside + outside) / 2;
      if (padCovers(layer, owner, x + dx * middle, y + dy * middle)) inside = middle; else outside = middle;
    }
    rim = Math.min(rim, inside);
  }
  return rim;
}

/** How far the pad reaches from a point. */
function padReach(layer: Layer, owner: number, x: number, y: number): number {
  let reach = 0;
  const [first, end] = piecesOf(layer, owner);
  for (let index = first; index < end; index += 1) {
    const at = index * 5; const r = layer.seg[at + 4] ?? 0;
    reach = Math.max(reach, Math.hypot((layer.seg[at] ?? 0) - x, (layer.seg[at + 1] ?? 0) - y) + r, Math.hypot((layer.seg[at + 2] ?? 0) - x, (layer.seg[at + 3] ?? 0) - y) + r);
  }
  return reach;
}

/** Copper near the outline, per owner its nearest place; copper drawn along the outline itself (an outline copied into a copper file) is skipped. */
function copperToEdge(drawn: Drawn, edge: EdgeIndex, below: number, drilledAway: Set<number>): EdgePlace[] {
  const { edges } = edge;
  const { layer, cut } = drawn;
  const nearest = new Map<number, EdgePlace>();
  const copperAt = (x: number, y: number) => drawn.covering(x, y, false)[0] ?? -1;
  const linesNear = (ax: number, ay: number, bx: number, by: number) => {
    // Cells hold lines within one cell (2 mm) around them: enough for copper up to ~1.5 mm wide near the edge.
    const near = new Set<number>();
    const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / 1));
    for (let step = 0; step <= steps; step += 1) for (const line of edge.near(ax + ((bx - ax) * step) / steps, ay + ((by - ay) * step) / steps)) near.add(line);
    return near;
  };
  const keep = (owner: number, gap: number, x: number, y: number, piece: readonly number[]) => {
    if (gap >= below || gap >= (nearest.get(owner)?.gap ?? Infinity)) return;
    const [ax = 0, ay = 0, bx = 0, by = 0] = piece;
    // Copper lying outside the board (on a panel's frame, an outline plotted in copper with a wide line just
    // outside the edge) is routed away with the frame: it is no copper of the board.
    if (!edge.inside(ax, ay) && !edge.inside(bx, by) && !edge.inside((ax + bx) / 2, (ay + by) / 2)) return;
    nearest.set(owner, { fileId: drawn.id, owner, gap, x, y, piece });
  };
  for (let index = 0; index < layer.owner.length; index += 1) {
    if (index % 1024 === 0 && late()) break;
    const owner = layer.owner[index] ?? 0;
    // A pad the drill takes away whole (a panel's tooling or breakaway hole) leaves no copper near any edge.
    if (drilledAway.has(owner)) continue;
    const pad = !layer.ownerIsStroke[owner] && !layer.ownerIsRegion[owner];
    const at = index * 5;
    const ax = layer.seg[at] ?? 0; const ay = layer.seg[at + 1] ?? 0; const bx = layer.seg[at + 2] ?? 0; const by = layer.seg[at + 3] ?? 0;
    const r = layer.seg[at + 4] ?? 0;
    const near = linesNear(ax, ay, bx, by);
    if (near.size === 0) continue;
    let best = Infinity; let x = 0; let y = 0; let cx = 0; let cy = 0;
    const measured: [number, number, number, number][] = [];
    for (const lineIndex of near) {
      const line = edges[lineIndex];
      if (!line) continue;
      // A cut-out lying wholly under a pad (a mounting hole routed in the outline, its pad round it) is that
      // pad's hole: its ring is the rule there, not the copper's distance to an edge.
      if (pad && loopUnder(layer, owner, edge.boxOfLoop(lineIndex))) continue;
      measured.push([line.from[0], line.from[1], line.to[0], line.to[1]]);
      const distance = segmentDistance(ax, ay, bx, by, line.from[0], line.from[1], line.to[0], line.to[1]);
      if (distance - r < best) {
        // The place is the copper's own rim, where it comes nearest the edge.
        const toward = distance > 1e-9 ? r / distance : 0;
        best = distance - r; x = closest.px + (closest.qx - closest.px) * toward; y = closest.py + (closest.qy - closest.py) * toward;
        cx = closest.px; cy = closest.py;
      }
    }
    if (best >= below) continue;
    // Where the layer has clear shapes, the nearest point may have been taken away: then its rim is looked at whole.
    if (cut && !rimIsCopper(x, y, cx, cy, r, [ax, ay, bx, by], copperAt)) [best, x, y] = copperOnRim([ax, ay, bx, by, r], false, measured, copperAt, below);
    keep(owner, best, x, y, [ax, ay, bx, by, r]);
  }
  // A clear shape cutting copper back from the edge: the copper begins at its far rim.
  for (let index = 0; cut && index < cut.layer.owner.length; index += 1) {
    if (index % 1024 === 0 && late()) break;
    const at = index * 5; const seg = cut.layer.seg;
    const piece = [seg[at] ?? 0, seg[at + 1] ?? 0, seg[at + 2] ?? 0, seg[at + 3] ?? 0, seg[at + 4] ?? 0] as const;
    const lines = [...linesNear(piece[0], piece[1], piece[2], piece[3])].flatMap((line) => {
      const { from, to } = edges[line] ?? { from: [0, 0], to: [0, 0] };
      return [[from[0], from[1], to[0], to[1]] as const];
    });
    if (lines.length === 0) continue;
    const [gap, x, y, owner] = copperOnRim(piece, true, lines, copperAt, below);
    if (owner >= 0) keep(owner, gap, x, y, piece);
  }
  return [...nearest.values()];
}

interface Hole { fileId: string; x: number; y: number; diameterMm: number }

/**
 * A pad reaching no further than this past its hole is one the drill takes away: an unplated hole's pad drawn the
 * hole's size (PADS), set a micron off the hole's centre by the two files' rounding. No drill holds 5 µm.
 */
const DRILLED_AWAY_MM = 0.005;

function drillHoles(files: AnalysedFile[]): { holes: Hole[]; slots: Found[] } {
  const holes: Hole[] = [];
  const slots: Found[] = [];
  const seen = new Set<string>();
  for (const entry of visible(files)) {
    const { excellon } = entry.file.read;
    if (entry.file.type !== 'drill' || entry.error || !excellon) continue;
    const fileId = entry.file.read.source.id;
    for (const hole of excellon.holes) {
      const key = `${Math.round(hole.x * 50)},${Math.round(hole.y * 50)},${Math.round(hole.diameterMm * 50)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      holes.push({ fileId, ...hole });
    }
    for (const path of excellon.paths) {
      const [x, y] = path.points[0] ?? [0, 0];
      if (path.kind === 'slot') slots.push({ rule: 'slotSize', fileId, valueMm: path.diameterMm, x, y });
    }
  }
  return { holes, slots };
}

/**
 * Per hole: the narrowest copper ring of a pad flashed on it (any copper layer), and the nearest copper of any
 * layer that is not connected to what covers the hole (its pad, its track, its pour).
 */
function holeRules(holes: Hole[], copper: Drawn[], sets: Sets, offsets: number[], limits: { ring: number; clearance: number }, found: Found[]): void {
  for (const hole of holes) {
    if (late()) break;
    const radius = hole.diameterMm / 2;
    let ring = Infinity; let ringFile: string | null = null;
    let clearance = Infinity; let clearanceFile: string | null = null; let cx = 0; let cy = 0;
    for (const [layerIndex, drawn] of copper.entries()) {
      const { layer } = drawn;
      const offset = offsets[layerIndex] ?? 0;
      // What covers the hole's centre (its pad, track or pour), and the ring of each pad there. Where pads overlap
      // (a via in a larger pad, a pin's pad on the pad of its footprint) the hole's ring is the widest pad's: a pad
      // the hole stands near the edge of is not its ring.
      const owners = drawn.covering(hole.x, hole.y, true);
      const covering = new Set(owners.map((owner) => sets.find(offset + owner)));
      let layerRim = -Infinity;
      for (const owner of new Set(owners)) {
        if (layer.ownerIsStroke[owner] || layer.ownerIsRegion[owner]) continue;
        const polygons = layer.polygonsOf[owner]?.length ?? 0;
        const polygonal = polygons > 0;
        // A pad the drill takes away whole has no ring to measure.
        const padReaches = padReach(layer, owner, hole.x, hole.y);
        if (padReaches <= radius + DRILLED_AWAY_MM) continue;
        const [first, end] = piecesOf(layer, owner);
        // A pad of several parts (a rounded rectangle as a macro: corner circles and overlapping rectangles) has
        // edges inside it; its rim is where the union ends, found along rays from the hole.
        const composite = polygons > 1 || (polygonal && end - first > (layer.polygons[layer.polygonsOf[owner]?.[0] ?? 0]?.points.length ?? 0) / 2);
        if (composite) {
          layerRim = Math.max(layerRim, rimAlongRays(layer, owner, hole.x, hole.y, padReaches));
          continue;
        }
        let rim = polygonal ? Infinity : -Infinity;
        for (let index = first; index < end; index += 1) {
          const at = index * 5; const r = layer.seg[at + 4] ?? 0;
          const ax = layer.seg[at] ?? 0; const ay = layer.seg[at + 1] ?? 0; const bx = layer.seg[at + 2] ?? 0; const by = layer.seg[at + 3] ?? 0;
          const distance = segmentDistance(ax, ay, bx, by, hole.x, hole.y, hole.x, hole.y);
          // A polygon's rim is its nearest edge; round pads are as wide as the round part holding the hole the most.
          if (polygonal && r === 0) rim = Math.min(rim, distance);
          else if (!polygonal) rim = Math.max(rim, r - distance);
        }
        layerRim = Math.max(layerRim, rim);
      }
      if (layerRim > -Infinity && layerRim - radius < ring) { ring = layerRim - radius; ringFile = drawn.id; }
      const reach = radius + limits.clearance;
      const near = new Set<number>();
      for (let x = hole.x - reach; x <= hole.x + reach + CELL_MM; x += CELL_MM) {
        for (let y = hole.y - reach; y <= hole.y + reach + CELL_MM; y += CELL_MM) for (const index of drawn.grid.at(x, y)) near.add(index);
      }
      for (const index of near) {
        const owner = layer.owner[index] ?? 0;
        if (covering.has(sets.find(offset + owner))) continue;
        const at = index * 5;
        const distance = segmentDistance(hole.x, hole.y, hole.x, hole.y, layer.seg[at] ?? 0, layer.seg[at + 1] ?? 0, layer.seg[at + 2] ?? 0, layer.seg[at + 3] ?? 0);
        const gap = distance - (layer.seg[at + 4] ?? 0) - radius;
        if (gap < clearance) {
          // The place is the copper's rim nearest the hole.
          const toward = distance > 1e-9 ? (layer.seg[at + 4] ?? 0) / distance : 0;
          clearance = gap; clearanceFile = drawn.id;
          cx = closest.qx + (closest.px - closest.qx) * toward; cy = closest.qy + (closest.py - closest.qy) * toward;
        }
      }
    }
    if (ring < limits.ring) found.push({ rule: 'annularRing', fileId: ringFile, valueMm: ring, x: hole.x, y: hole.y });
    if (clearance < limits.clearance) found.push({ rule: 'drillToCopper', fileId: clearanceFile, valueMm: clearance, x: cx, y: cy });
  }
}

/** Silk near or over a pad: against the mask's openings on its side (the copper's pads without a mask file). */
function silkOverPads(silk: Drawn, openings: Drawn, below: number, found: Found[]): void {
  const nearest = new Map<number, [number, number, number]>();
  const s = silk.layer; const o = openings.layer;
  for (let index = 0; index < s.owner.length; index += 1) {
    if (index % 1024 === 0 && late()) break;
    const at = index * 5;
    const ax = s.seg[at] ?? 0; const ay = s.seg[at + 1] ?? 0; const bx = s.seg[at + 2] ?? 0; const by = s.seg[at + 3] ?? 0; const r = s.seg[at + 4] ?? 0;
    const candidates = new Set<number>();
    const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / (CELL_MM / 2)));
    for (let step = 0; step <= steps; step += 1) for (const other of openings.grid.at(ax + ((bx - ax) * step) / steps, ay + ((by - ay) * step) / steps)) candidates.add(other);
    for (const other of candidates) {
      const owner = o.owner[other] ?? 0;
      if (o.ownerIsStroke[owner]) continue;
      const ot = other * 5;
      const distance = segmentDistance(ax, ay, bx, by, o.seg[ot] ?? 0, o.seg[ot + 1] ?? 0, o.seg[ot + 2] ?? 0, o.seg[ot + 3] ?? 0);
      const x = closest.px; const y = closest.py;
      let gap = distance - r - (o.seg[ot + 4] ?? 0);
      // Silk inside a polygonal opening: as deep as its distance to the rim, and over it by its own width.
      if ((o.polygonsOf[owner] ?? []).some((p) => insidePolygon(o.polygons[p]?.points ?? [], x, y))) gap = -distance - r;
      if (gap < below && gap < (nearest.get(owner)?.[0] ?? Infinity)) nearest.set(owner, [gap, x, y]);
    }
  }
  for (const [gap, x, y] of nearest.values()) found.push({ rule: 'silkOverPad', fileId: silk.id, valueMm: gap, x, y });
}

/** The extent of the top picture pcb-stackup drew, from its viewBox (thousandths of the board's units). */
export function pictureBox(svg: string | null, units: 'mm' | 'in'): [number, number, number, number] | null {
  const match = svg ? /viewBox="([-\d.e]+) ([-\d.e]+) ([-\d.e]+) ([-\d.e]+)"/.exec(svg.slice(0, 2000)) : null;
  if (!match) return null;
  const [x, y, w, h] = match.slice(1, 5).map((value) => (Number(value) / 1000) * MM_PER[units]) as [number, number, number, number];
  return [round4(x), round4(y), round4(x + w), round4(y + h)];
}

/** The kept places: the worst first per rule, at most `perRule`, the rest counted. */
function kept(found: Found[], perRule: number): Pick<BoardDfm, 'places' | 'moreByRule'> {
  const places: DfmPlace[] = [];
  const moreByRule: [DfmRule, number][] = [];
  const byRule = new Map<DfmRule, Found[]>();
  for (const each of found) {
    const list = byRule.get(each.rule);
    if (list) list.push(each); else byRule.set(each.rule, [each]);
  }
  for (const [rule, list] of byRule) {
    list.sort((a, b) => a.valueMm - b.valueMm);
    for (const each of list.slice(0, perRule)) {
      places.push({ rule, fileId: each.fileId, valueMm: toMicron(each.valueMm), at: each.x === null || each.y === null ? null : { x: round4(each.x), y: round4(each.y) } });
    }
    if (list.length > perRule) moreByRule.push([rule, list.length - perRule]);
  }
  return { places, moreByRule };
}

export interface DfmInput {
  files: AnalysedFile[];
  edge: BoardEdge | null;
  size: { widthMm: number; heightMm: number } | null;
  topSvg: string | null;
  units: 'mm' | 'in';
}

/** The copper files on the board's faces: the layers an edge connector's fingers can be on (findingsOf). */
const outerCopper = (files: AnalysedFile[]) => visible(files)
  .filter((entry) => entry.file.type === 'copper' && (entry.file.side === 'top' || entry.file.side === 'bottom'))
  .map((entry) => entry.file.read.source.id);

/** `perRule`: how many places to keep per rule (the corpus script counts them all). */
export function measureDfm(input: DfmInput, table: CapabilityTable, budgetMs = DFM_BUDGET_MS, perRule = PLACES_PER_RULE): BoardDfm {
  deadline = performance.now() + budgetMs;
  const limits = thresholds(table);
  const found: Found[] = [];
  const reach = Math.max(limits.trackSpacing, limits.maskSliver, limits.silkOverPad) / 2;
  const edge = edgeIndex(input.edge);
  const { holes, slots } = drillHoles(input.files);
  const copperFiles = drawnLayers(input.files, 'copper', reach, edge, holes, boardBox(edge, holes));
  const copper = copperFiles.filter((drawn) => !drawn.negative);
  const planes = copperFiles.filter((drawn) => drawn.negative);
  const mask = drawnLayers(input.files, 'soldermask', reach, edge, holes);
  // One set of owners for every copper and mask layer: copper is joined across layers through the holes.
  const offsets: number[] = [];
  let owners = 0;
  for (const drawn of [...copper, ...mask]) { offsets.push(owners); owners += drawn.layer.owners; }
  const sets = ownerSets(owners);
  const spacing: Gaps[] = [];
  const edgePlaces: EdgePlace[][] = [];
  const poured = (x: number, y: number) => copper.some((drawn) => drawn.covering(x, y, true).some((owner) => drawn.layer.ownerIsRegion[owner]));
  const routed = routedEdges(edge, poured);
  for (const [index, drawn] of copper.entries()) {
    trackWidths(drawn, limits.trackWidth, found, 'trackWidth');
    if (routed.edges.length > 0) edgePlaces.push(copperToEdge(drawn, routed, limits.copperToEdge, drilledAwayPads(holes, drawn)).map((place) => ({ ...place, owner: place.owner + (offsets[index] ?? 0) })));
    joinInsidePours(drawn, sets, offsets[index] ?? 0);
    spacing.push(gaps(drawn, limits.trackSpacing, 'trackSpacing', sets, offsets[index] ?? 0));
  }
  for (const hole of holes) {
    let first = -1;
    for (const [index, drawn] of copper.entries()) {
      for (const owner of drawn.covering(hole.x, hole.y, true)) {
        const global = (offsets[index] ?? 0) + owner;
        if (first < 0) first = global; else sets.join(first, global);
      }
    }
  }
  for (const each of spacing) gapsFound(each, sets, found);
  for (const places of edgePlaces) found.push(...oneAlongEachStretch(places, sets.find));
  holeRules(holes, copper, sets, offsets, { ring: limits.annularRing, clearance: limits.drillToCopper }, found);
  // Without an edge every point counts as on the board: a film draws its own pull-back from the edge.
  const onBoard = edge.edges.length > 0 ? edge.inside : () => true;
  for (const each of planeClearances(holes, planes, onBoard, limits.drillToCopper, late)) found.push({ rule: 'drillToCopper', ...each });
  for (const hole of holes) if (hole.diameterMm > 0 && hole.diameterMm < limits.holeSize) found.push({ rule: 'holeSize', fileId: hole.fileId, valueMm: hole.diameterMm, x: hole.x, y: hole.y });
  const silk = drawnLayers(input.files, 'silkscreen', reach, edge, holes);
  for (const drawn of silk) {
    trackWidths(drawn, limits.silkWidth, found, 'silkWidth');
    const openings = mask.find((each) => each.side === drawn.side) ?? copper.find((each) => each.side === drawn.side);
    if (openings) silkOverPads(drawn, openings, limits.silkOverPad, found);
  }
  for (const [index, drawn] of mask.entries()) {
    gapsFound(gaps(drawn, limits.maskSliver, 'maskSliver', sets, offsets[copper.length + index] ?? 0), sets, found);
  }
  for (const slot of slots) if (slot.valueMm < limits.slotSize) found.push(slot);
  if (input.size) {
    for (const side of [Math.max(input.size.widthMm, input.size.heightMm), Math.min(input.size.widthMm, input.size.heightMm)]) {
      found.push({ rule: 'boardSize', fileId: null, valueMm: side, x: null, y: null });
    }
  }
  const cutShort = late();
  deadline = Infinity;
  return {
    ...kept(found, perRule), pictureBoxMm: pictureBox(input.topSvg, input.units), ...(cutShort ? { cutShort: true } : {}),
    outerCopperFileIds: outerCopper(input.files),
  };
}
