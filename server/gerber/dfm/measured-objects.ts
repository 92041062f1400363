import type { Aperture } from '../aperture';
import type { LayerObjects, ObjectRun } from '../layer-objects';
import { emptyBox, extendBox } from '../geometry';
import { pointDistance } from '../polygons/segments';
import { DRILLED_AWAY_MM, type Hole } from './drill';
import { endKey, type EdgeIndex } from './edges';

/**
 * What of a layer's drawing is the board's: thin strokes drawn
 * along the edge (the outline plotted into the layer) and closed thin loops round holes where no edge is routed
 * (each board's outline a panelizer plots), strokes and regions lying outside the board (a panel's frame, an
 * outline plotted just outside the edge), and pads a hole takes away whole (a panel's breakaway holes) are left out.
 */

/** Strokes at least this wide are copper, whatever they follow. */
const OUTLINE_STROKE_MM = 0.3;

interface Options { edge: EdgeIndex; holes: Hole[]; outside: (x: number, y: number) => boolean; copper: boolean }

/**
 * The stroke runs along edge lines, or the outline file's own lines, for most of its length or for 1 mm and more (up
 * to a breakaway tab). The outline's lines count where the edge closes a break in them with a line of its own.
 */
function alongEdge(edge: EdgeIndex, ax: number, ay: number, bx: number, by: number): boolean {
  const length = Math.hypot(bx - ax, by - ay);
  const steps = Math.max(2, Math.ceil(length / 0.25));
  let on = 0;
  for (let step = 0; step <= steps; step += 1) if (edge.onOutline(ax + ((bx - ax) * step) / steps, ay + ((by - ay) * step) / steps, 0.02)) on += 1;
  return on / (steps + 1) > 0.5 || (on - 1) * (length / steps) >= 1;
}

/** Each thin stroke segment of the dark runs: run, first point's index in its run's points, and the segment. */
interface Segment { run: number; at: number; ax: number; ay: number; bx: number; by: number }

function thinSegments(objects: LayerObjects): Segment[] {
  const found: Segment[] = [];
  objects.runs.forEach((run, index) => {
    if (!run.dark) return;
    for (let line = 0; line < run.lineStart.length; line += 1) {
      const width = run.lineWidth[line] ?? 0;
      if (width <= 0 || width >= OUTLINE_STROKE_MM) continue;
      const end = run.lineStart[line + 1] ?? run.points.length;
      for (let at = run.lineStart[line] ?? 0; at + 3 < end; at += 2) {
        found.push({ run: index, at, ax: run.points[at] ?? 0, ay: run.points[at + 1] ?? 0, bx: run.points[at + 2] ?? 0, by: run.points[at + 3] ?? 0 });
      }
    }
  });
  return found;
}

/**
 * Closed loops of thin strokes round three holes or more whose corners are no region's (a pour's outline ends on its
 * region's corners): a board's outline plotted into the layer. Keys `run:at` of their segments.
 */
function outlineLoops(objects: LayerObjects, segments: Segment[], holes: Hole[]): Set<string> {
  const corners = new Set<string>();
  for (const run of objects.runs)
    for (const contour of run.regions) for (let at = 0; at < contour.length; at += 2) corners.add(endKey(contour[at] ?? 0, contour[at + 1] ?? 0));
  const nodeOf = new Map<string, number>();
  const degree: number[] = [];
  const parent: number[] = [];
  const root = (node: number): number => {
    let at = node;
    while (parent[at] !== at) { const up = parent[parent[at] ?? at] ?? at; parent[at] = up; at = up; }
    return at;
  };
  const node = (x: number, y: number) => {
    const k = endKey(x, y);
    let id = nodeOf.get(k);
    if (id === undefined) { id = degree.length; nodeOf.set(k, id); degree.push(0); parent.push(id); }
    return id;
  };
  const linked: [Segment, number][] = [];
  for (const segment of segments) {
    if ((segment.ax === segment.bx && segment.ay === segment.by) || corners.has(endKey(segment.ax, segment.ay))) continue;
    const a = node(segment.ax, segment.ay); const b = node(segment.bx, segment.by);
    degree[a] = (degree[a] ?? 0) + 1; degree[b] = (degree[b] ?? 0) + 1;
    parent[root(a)] = root(b);
    linked.push([segment, a]);
  }
  const broken = new Set<number>();
  degree.forEach((count, id) => { if (count !== 2) broken.add(root(id)); });
  const boxes = new Map<number, [number, number, number, number]>();
  for (const [segment, a] of linked) {
    const r = root(a);
    if (broken.has(r)) continue;
    const box = boxes.get(r) ?? emptyBox();
    extendBox(box, segment.ax, segment.ay);
    extendBox(box, segment.bx, segment.by);
    boxes.set(r, box);
  }
  const aroundHoles = new Set<number>();
  for (const [r, box] of boxes) {
    if (holes.filter((hole) => hole.x > box[0] && hole.x < box[2] && hole.y > box[1] && hole.y < box[3]).length >= 3) aroundHoles.add(r);
  }
  for (const r of [...aroundHoles]) if (rowsEndOn(objects, linked.filter(([, a]) => root(a) === r).map(([segment]) => segment))) aroundHoles.delete(r);
  return new Set(linked.filter(([, a]) => aroundHoles.has(root(a))).map(([segment]) => `${segment.run}:${segment.at}`));
}

/** Stroke ends lying on a loop that make it a pour's outline: EAGLE's fill rows end on theirs, by the hundred. */
const POUR_ROW_ENDS = 3;

/**
 * Other strokes end on the loop (POUR_ROW_ENDS or more): it is the outline of a pour filled with rows of strokes
 * (EAGLE's vector pours), copper joined to its rows, not a board's outline plotted into the layer, which no track
 * ends on (a CAD tool keeps copper clear of the edge).
 */
function rowsEndOn(objects: LayerObjects, loop: Segment[]): boolean {
  const cell = 1;
  const grid = new Map<string, Segment[]>();
  const own = new Set<string>();
  for (const segment of loop) {
    own.add(endKey(segment.ax, segment.ay)); own.add(endKey(segment.bx, segment.by));
    const steps = Math.max(1, Math.ceil(Math.hypot(segment.bx - segment.ax, segment.by - segment.ay) / cell));
    for (let step = 0; step <= steps; step += 1) {
      const x = segment.ax + ((segment.bx - segment.ax) * step) / steps;
      const y = segment.ay + ((segment.by - segment.ay) * step) / steps;
      const k = `${Math.floor(x / cell)},${Math.floor(y / cell)}`;
      const list = grid.get(k);
      if (!list) grid.set(k, [segment]); else if (list[list.length - 1] !== segment) list.push(segment);
    }
  }
  const onLoop = (x: number, y: number) => {
    for (let dx = -1; dx <= 1; dx += 1) for (let dy = -1; dy <= 1; dy += 1) {
      for (const segment of grid.get(`${Math.floor(x / cell) + dx},${Math.floor(y / cell) + dy}`) ?? []) {
        if (pointDistance(x, y, segment.ax, segment.ay, segment.bx, segment.by) <= OUTLINE_STROKE_MM / 2) return true;
      }
    }
    return false;
  };
  let ends = 0;
  for (const run of objects.runs) {
    if (!run.dark) continue;
    for (let line = 0; line < run.lineStart.length; line += 1) {
      const first = run.lineStart[line] ?? 0;
      const last = (run.lineStart[line + 1] ?? run.points.length) - 2;
      if (last <= first) continue;
      for (const at of [first, last]) {
        const x = run.points[at] ?? 0; const y = run.points[at + 1] ?? 0;
        if (!own.has(endKey(x, y)) && onLoop(x, y)) ends += 1;
        if (ends >= POUR_ROW_ENDS) return true;
      }
    }
  }
  return false;
}

/** How far an aperture reaches from a point (dx, dy) off its flash point. */
function reachOf(aperture: Aperture, dx: number, dy: number): number {
  let reach = 0;
  for (const part of aperture.parts) {
    if (!part.dark) continue;
    if (part.kind === 'circle') reach = Math.max(reach, Math.hypot(part.cx - dx, part.cy - dy) + part.r);
    else if (part.kind === 'ring') reach = Math.max(reach, Math.hypot(part.cx - dx, part.cy - dy) + part.r + part.width / 2);
    else if (part.kind === 'rect') {
      for (const [sx, sy] of [
        [-1, -1],
        [1, -1],
        [1, 1],
        [-1, 1],
      ] as const)
        reach = Math.max(reach, Math.hypot(part.cx + (sx * part.width) / 2 - dx, part.cy + (sy * part.height) / 2 - dy));
    } else if (part.kind === 'polygon') {
      for (let at = 0; at < part.points.length; at += 2) reach = Math.max(reach, Math.hypot((part.points[at] ?? 0) - dx, (part.points[at + 1] ?? 0) - dy));
    } else {
      reach = Math.max(reach, Math.hypot(part.ring.cx - dx, part.ring.cy - dy) + part.ring.r + part.ring.width / 2);
    }
  }
  return reach;
}

/** The layer as measured: the same runs less what is not the board's. */
/**
 * The layer as measured: the same runs less what is not the board's; and the holes (their indexes) whose pad the drill
 * takes away whole here: unplated holes, which have no ring on this layer.
 */
export function measuredObjects(objects: LayerObjects, options: Options): { objects: LayerObjects; unplated: Set<number> } {
  const { edge, holes, outside, copper } = options;
  const segments = copper ? thinSegments(objects) : [];
  const dropped = copper ? outlineLoops(objects, segments, holes) : new Set<string>();
  if (copper && (edge.edges.length > 0 || edge.outlineLines.length > 0)) {
    for (const segment of segments) if (alongEdge(edge, segment.ax, segment.ay, segment.bx, segment.by)) dropped.add(`${segment.run}:${segment.at}`);
  }
  const holeGrid = new Map<string, number[]>();
  holes.forEach((hole, index) => {
    const k = `${Math.floor(hole.x)},${Math.floor(hole.y)}`;
    holeGrid.set(k, [...(holeGrid.get(k) ?? []), index]);
  });
  const unplated = new Set<number>();
  const drilledAway = (x: number, y: number, aperture: Aperture | undefined) => {
    if (!aperture) return false;
    for (let dx = -1; dx <= 1; dx += 1) {
      for (let dy = -1; dy <= 1; dy += 1) {
        for (const index of holeGrid.get(`${Math.floor(x) + dx},${Math.floor(y) + dy}`) ?? []) {
          const hole = holes[index];
          if (hole && reachOf(aperture, hole.x - x, hole.y - y) <= hole.diameterMm / 2 + DRILLED_AWAY_MM) { unplated.add(index); return true; }
        }
      }
    }
    return false;
  };
  const runs = objects.runs.map((run, index): ObjectRun => {
    // Only dark copper can lie outside the board: what clear shapes take away is taken wherever they lie.
    if (!run.dark) return run;
    const kept: ObjectRun = { dark: run.dark, points: [], lineStart: [], lineWidth: [], flashes: [], regions: [], strokeRegions: [] };
    for (let line = 0; line < run.lineStart.length; line += 1) {
      const end = run.lineStart[line + 1] ?? run.points.length;
      const width = run.lineWidth[line] ?? 0;
      let open = false;
      const start = run.lineStart[line] ?? 0;
      const single = end - start === 2;
      for (let at = start; at + (single ? 1 : 3) < end; at += 2) {
        const ax = run.points[at] ?? 0; const ay = run.points[at + 1] ?? 0;
        const bx = single ? ax : (run.points[at + 2] ?? 0); const by = single ? ay : (run.points[at + 3] ?? 0);
        const away = dropped.has(`${index}:${at}`) || (copper && outside(ax, ay) && outside(bx, by) && outside((ax + bx) / 2, (ay + by) / 2));
        if (away) { open = false; continue; }
        if (!open) { kept.lineStart.push(kept.points.length); kept.lineWidth.push(width); kept.points.push(ax, ay); open = true; }
        if (!single) kept.points.push(bx, by);
      }
    }
    for (let at = 0; at < run.flashes.length; at += 3) {
      const x = run.flashes[at] ?? 0; const y = run.flashes[at + 1] ?? 0; const aperture = run.flashes[at + 2] ?? -1;
      if (copper && (outside(x, y) || drilledAway(x, y, objects.apertures[aperture]))) continue;
      kept.flashes.push(x, y, aperture);
    }
    const strokeRegions = new Set(run.strokeRegions);
    run.regions.forEach((contour, region) => {
      let inside = !copper;
      for (let at = 0; !inside && at < contour.length; at += 2) inside = !outside(contour[at] ?? 0, contour[at + 1] ?? 0);
      if (!inside) return;
      if (strokeRegions.has(region)) kept.strokeRegions.push(kept.regions.length);
      kept.regions.push(contour);
    });
    return kept;
  });
  return { objects: { apertures: objects.apertures, runs }, unplated };
}
