import type { DrawnShapes } from '../gerber-read';
import { levelsWithout } from './cuts';
import type { Hole } from './drill';
import type { EdgeIndex } from './edges';

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

export function withoutOutline(drawn: DrawnShapes, scale: number, edge: EdgeIndex, holes: Hole[]): DrawnShapes {
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
