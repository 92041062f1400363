import type { Box, FlowLayout, Point, PositionedNode } from './layout';

// Checks a laid-out diagram for what makes it unreadable: boxes on boxes, labels on boxes or labels,
// arrows through boxes they neither leave nor enter. The layout tests and the docs script use it.

const TOLERANCE = 0.5;

/** True when the interiors of two boxes overlap (touching borders do not count). */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a.x + TOLERANCE < b.x + b.width && b.x + TOLERANCE < a.x + a.width
    && a.y + TOLERANCE < b.y + b.height && b.y + TOLERANCE < a.y + a.height;
}

/** True when an axis-parallel (or any) segment passes through the interior of a box. */
export function segmentCrossesBox(from: Point, to: Point, box: Box): boolean {
  const inner = { x: box.x + TOLERANCE, y: box.y + TOLERANCE, width: box.width - 2 * TOLERANCE, height: box.height - 2 * TOLERANCE };
  // Liang–Barsky clipping: does any part of the segment lie strictly inside?
  let t0 = 0;
  let t1 = 1;
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const clip = (p: number, q: number) => {
    if (p === 0) return q > 0;
    const r = q / p;
    if (p < 0) t0 = Math.max(t0, r);
    else t1 = Math.min(t1, r);
    return t0 < t1;
  };
  return clip(-dx, from.x - inner.x) && clip(dx, inner.x + inner.width - from.x)
    && clip(-dy, from.y - inner.y) && clip(dy, inner.y + inner.height - from.y) && t1 - t0 > 1e-6;
}

/** True when a point lies on (or within a pixel of) the border of a box. */
export function onBorder(point: Point, box: Box): boolean {
  const near = (a: number, b: number) => Math.abs(a - b) <= 1;
  const withinX = point.x >= box.x - 1 && point.x <= box.x + box.width + 1;
  const withinY = point.y >= box.y - 1 && point.y <= box.y + box.height + 1;
  return (withinX && (near(point.y, box.y) || near(point.y, box.y + box.height)))
    || (withinY && (near(point.x, box.x) || near(point.x, box.x + box.width)));
}

/** A state and the states around it, nearest first; an initial dot belongs to its compound state. */
function lineage(layout: FlowLayout, id: string): Set<string> {
  const byId = new Map(layout.model.nodes.map((node) => [node.id, node]));
  const chain = new Set<string>([id]);
  let current = id.endsWith('::initial') ? id.slice(0, -'::initial'.length) : byId.get(id)?.parent ?? null;
  while (current) {
    chain.add(current);
    current = byId.get(current)?.parent ?? null;
  }
  return chain;
}

/** Every readability problem of a layout, as sentences; [] when the drawing is clean. */
export function layoutProblems(layout: FlowLayout): string[] {
  const problems: string[] = [];
  const nodes: PositionedNode[] = layout.nodes;
  nodes.forEach((a, i) => nodes.slice(i + 1).forEach((b) => {
    if (lineage(layout, a.id).has(b.id) || lineage(layout, b.id).has(a.id)) return;
    if (boxesOverlap(a, b)) problems.push(`box ${a.id} overlaps box ${b.id}`);
  }));
  const labelled = layout.edges.filter((edge) => edge.label);
  for (const edge of layout.edges) {
    const name = edge.key ?? `initial arrow of ${edge.target}`;
    const containers = new Set(edge.containers);
    const source = nodes.find((node) => node.id === edge.source);
    const target = nodes.find((node) => node.id === edge.target);
    const first = edge.points[0];
    const last = edge.points[edge.points.length - 1];
    if (!source || !first || !onBorder(first, source)) problems.push(`arrow ${name} does not start on its source`);
    if (!target || !last || !onBorder(last, target)) problems.push(`arrow ${name} does not end on its target`);
    const ends = new Set([...lineage(layout, edge.source), ...lineage(layout, edge.target)]);
    for (const node of nodes) {
      if (edge.label && !containers.has(node.id) && boxesOverlap(edge.label, node)) {
        problems.push(`label of ${name} overlaps box ${node.id}`);
      }
      if (containers.has(node.id) || ends.has(node.id)) continue;
      if (edge.points.slice(1).some((point, k) => segmentCrossesBox(edge.points[k] ?? point, point, node))) {
        problems.push(`arrow ${name} crosses box ${node.id}`);
      }
    }
  }
  labelled.forEach((a, i) => labelled.slice(i + 1).forEach((b) => {
    if (a.label && b.label && boxesOverlap(a.label, b.label)) problems.push(`label of ${a.key ?? ''} overlaps label of ${b.key ?? ''}`);
  }));
  return problems;
}
