import type { BoardEdge } from '../board-edge';
import { emptyBox, extendBox, type Line } from '../geometry';
import { outerBoundary } from '../outer-boundary';
import { withoutScoreLines } from '../score-lines';
import { segmentDistance } from '../polygons/segments';
import { unionFind } from './union-find';

/**
 * The board's edge for the DFM rules: its lines indexed by place, and the lines a router cuts, which
 * copper is measured to, with a panel's V-score lines.
 */

/** The board's edge lines, for finding what lies near or along them; a panel's V-score lines among them. */
export function edgeIndex(edge: BoardEdge | null): EdgeIndex {
  return indexOf(edge?.edges ?? [], edge?.scoreLines ?? [], null, edge?.outlineLines ?? []);
}

/** Line ends within a micron are one point. */
export const endKey = (x: number, y: number) => `${Math.round(x * 1000)},${Math.round(y * 1000)}`;

/** An odd number of the lines cross the ray from the point to the right. */
function enclosed(lines: readonly Line[], x: number, y: number): boolean {
  let crossings = 0;
  for (const { from, to } of lines) {
    if ((from[1] > y) !== (to[1] > y) && x < ((to[0] - from[0]) * (y - from[1])) / (to[1] - from[1]) + from[0]) crossings += 1;
  }
  return crossings % 2 === 1;
}

/**
 * Inside a scored panel: within the outer boundary of what was drawn, and outside every loop of the other lines that
 * lies within it without touching it (a cut-out, a slot). Rails and boards drawn as rectangles of their own beside a
 * scored gap (SparkFun's Eagle panels) touch the frame or are no loop of the edge, so they count as the panel they
 * are; the even-odd rule would flip across each of them.
 */
function panelInside(drawn: Line[], border: Line[]): (x: number, y: number) => boolean {
  const walked = outerBoundary(drawn);
  // The walk may go round more than once (it knows the start by identity): once round is the boundary.
  const again = walked.findIndex((point, index) => index > 0 && endKey(point[0], point[1]) === endKey(walked[0]?.[0] ?? 0, walked[0]?.[1] ?? 0));
  const outer = again > 0 ? walked.slice(0, again) : walked;
  const onOuter = new Set(outer.map(([x, y]) => endKey(x, y)));
  const frame: Line[] = outer.map((point, index) => ({ from: point, to: outer[(index + 1) % outer.length] ?? point }));
  const groups = unionFind(border.length);
  const ends = new Map<string, number>();
  border.forEach((line, index) => {
    for (const [x, y] of [line.from, line.to]) {
      const k = endKey(x, y);
      const other = ends.get(k);
      if (other === undefined) ends.set(k, index); else groups.join(index, other);
    }
  });
  const touching = new Set<number>();
  border.forEach((line, index) => {
    if ([line.from, line.to].some(([x, y]) => onOuter.has(endKey(x, y)))) touching.add(groups.find(index));
  });
  const holes = new Map<number, Line[]>();
  border.forEach((line, index) => {
    const root = groups.find(index);
    if (!touching.has(root)) holes.set(root, [...(holes.get(root) ?? []), line]);
  });
  return (x, y) => enclosed(frame, x, y) && ![...holes.values()].some((hole) => enclosed(hole, x, y));
}

/** Lines by 2 mm cell, each listed in its cells and their neighbours: those near a point, and whether one is within reach. */
function lineGrid(lines: readonly Line[]) {
  const cell = 2;
  const cells = new Map<string, number[]>();
  lines.forEach((line, index) => {
    const steps = Math.max(1, Math.ceil(Math.hypot(line.to[0] - line.from[0], line.to[1] - line.from[1]) / cell));
    for (let step = 0; step <= steps; step += 1) {
      const x = Math.floor((line.from[0] + ((line.to[0] - line.from[0]) * step) / steps) / cell);
      const y = Math.floor((line.from[1] + ((line.to[1] - line.from[1]) * step) / steps) / cell);
      for (let dx = -1; dx <= 1; dx += 1) for (let dy = -1; dy <= 1; dy += 1) {
        const k = `${x + dx},${y + dy}`;
        const list = cells.get(k);
        if (!list) cells.set(k, [index]); else if (list[list.length - 1] !== index) list.push(index);
      }
    }
  });
  const near = (x: number, y: number): number[] => cells.get(`${Math.floor(x / cell)},${Math.floor(y / cell)}`) ?? [];
  /** Within `within` mm of a line. */
  const onLine = (x: number, y: number, within: number) => near(x, y).some((index) => {
    const line = lines[index];
    return line !== undefined && segmentDistance(x, y, x, y, line.from[0], line.from[1], line.to[0], line.to[1]) <= within;
  });
  return { near, onLine };
}

/**
 * `kept`: of the lines drawn, those measured to (routedEdges); all but the score lines' pieces by default.
 * `outlineLines`: every line the outline file draws, the edge's own shortcuts across its breaks aside.
 */
function indexOf(drawn: Line[], scoreLines: Line[] = [], kept: Line[] | null = null, outlineLines: Line[] = []) {
  // Score lines are edges for copper but border nothing: the board's inside is what the other lines enclose.
  const border = kept ?? withoutScoreLines(drawn, scoreLines);
  const edges = scoreLines.length > 0 ? [...border, ...scoreLines] : border;
  const { near, onLine: onEdge } = lineGrid(edges);
  const outline = lineGrid(outlineLines);
  /** Within `within` mm of an edge line or of a line the outline file draws. */
  const onOutline = (x: number, y: number, within: number) => onEdge(x, y, within) || outline.onLine(x, y, within);
  // Lines joined end to end are one loop (the outline, a cut-out, a drawn circle), each with its box.
  const ends = new Map<string, number>();
  const loops = unionFind(edges.length);
  const root = loops.find;
  edges.forEach((line, index) => {
    for (const [x, y] of [line.from, line.to]) {
      const k = endKey(x, y);
      const other = ends.get(k);
      if (other === undefined) ends.set(k, index); else loops.join(index, other);
    }
  });
  const loopBox = new Map<number, [number, number, number, number]>();
  edges.forEach((line, index) => {
    const r = root(index);
    const box = loopBox.get(r) ?? emptyBox();
    extendBox(box, line.from[0], line.from[1]);
    extendBox(box, line.to[0], line.to[1]);
    loopBox.set(r, box);
  });
  const boxOfLoop = (line: number) => loopBox.get(root(line)) ?? [0, 0, 0, 0];
  /** Inside the board: an odd number of edge lines cross the ray from the point to the right (a cut-out is outside). */
  const inside = scoreLines.length > 0 ? panelInside(drawn, border) : (x: number, y: number) => enclosed(border, x, y);
  return { edges, drawn, border, scoreLines, outlineLines, near, onEdge, onOutline, boxOfLoop, inside };
}
export type EdgeIndex = ReturnType<typeof indexOf>;

/** The lines of `edges` that lie on no cycle (a line from the outline to a drawing, a dimension's leader). */
function bridges(edges: Line[]): Set<number> {
  const ids = new Map<string, number>();
  const node = (x: number, y: number) => {
    const k = endKey(x, y);
    let id = ids.get(k);
    if (id === undefined) { id = ids.size; ids.set(k, id); }
    return id;
  };
  const ends = edges.map((line) => [node(line.from[0], line.from[1]), node(line.to[0], line.to[1])] as const);
  const around: number[][] = Array.from({ length: ids.size }, () => []);
  ends.forEach(([a, b], index) => { if (a !== b) { around[a]?.push(index); around[b]?.push(index); } });
  // Tarjan's bridges, iteratively (an outline of arcs is thousands of lines deep).
  const order = new Int32Array(ids.size).fill(-1);
  const low = new Int32Array(ids.size);
  const found = new Set<number>();
  let counter = 0;
  for (let root = 0; root < ids.size; root += 1) {
    if (order[root] !== -1) continue;
    const stack: [number, number, number][] = [[root, -1, 0]];
    order[root] = counter; low[root] = counter; counter += 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as [number, number, number];
      const [at, via, next] = top;
      const list = around[at] ?? [];
      if (next < list.length) {
        top[2] = next + 1;
        const line = list[next] ?? 0;
        if (line === via) continue;
        const [a, b] = ends[line] ?? [0, 0];
        const other = a === at ? b : a;
        if (order[other] === -1) {
          order[other] = counter; low[other] = counter; counter += 1;
          stack.push([other, line, 0]);
        } else {
          low[at] = Math.min(low[at] ?? 0, order[other] ?? 0);
        }
        continue;
      }
      stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) {
        low[parent[0]] = Math.min(low[parent[0]] ?? 0, low[at] ?? 0);
        if ((low[at] ?? 0) > (order[parent[0]] ?? 0)) found.add(via);
      }
    }
  }
  return found;
}

/**
 * The lines a router cuts, for measuring copper to the edge: without lines on no cycle, and without closed shapes
 * that copper is poured over (a dimension's arrowhead joined to the outline: a CAD tool clears its pours from a
 * real cut-out, so a shape the pour runs across was not cut in the design).
 */
export function routedEdges(index: EdgeIndex, poured: (x: number, y: number) => boolean): EdgeIndex {
  // Score lines are cut whatever lies across them: only the border is looked at.
  const { border: edges } = index;
  const dropped = bridges(edges);
  const kept = edges.map((_, line) => line).filter((line) => !dropped.has(line));
  const shapes = unionFind(edges.length);
  const root = shapes.find;
  const byEnd = new Map<string, number>();
  for (const line of kept) {
    const { from, to } = edges[line] as Line;
    for (const [x, y] of [from, to]) {
      const k = endKey(x, y);
      const other = byEnd.get(k);
      if (other === undefined) byEnd.set(k, line); else shapes.join(line, other);
    }
  }
  // The board's own border (the shape reaching its extent) is cut whatever is poured over it: a negative plane
  // film read as copper covers the whole board.
  const extent = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { from, to } of edges) {
    extent[0] = Math.min(extent[0] ?? 0, from[0], to[0]); extent[1] = Math.min(extent[1] ?? 0, from[1], to[1]);
    extent[2] = Math.max(extent[2] ?? 0, from[0], to[0]); extent[3] = Math.max(extent[3] ?? 0, from[1], to[1]);
  }
  const open = new Set<number>();
  for (const line of kept) {
    const { from, to } = edges[line] as Line;
    const border = [from, to].some(([x, y]) => x === extent[0] || y === extent[1] || x === extent[2] || y === extent[3]);
    if (border || !poured((from[0] + to[0]) / 2, (from[1] + to[1]) / 2)) open.add(root(line));
  }
  const routed = kept.filter((line) => open.has(root(line)));
  return routed.length === edges.length ? index : indexOf(index.drawn, index.scoreLines, routed.map((line) => edges[line] as Line), index.outlineLines);
}
