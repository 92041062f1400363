import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode, LayoutOptions } from 'elkjs/lib/elk-api';
import type { FlowModel, FlowNode } from './flow-model';
import { labelLines, rowsHeight, rowsOf, rowsWidth, type RowKind, type RowText } from './node-rows';
import { LINE_HEIGHT, TEXT_SIZE, TITLE_SIZE, textWidth } from './text-metrics';

export type { RowKind } from './node-rows';

export interface Point { x: number; y: number }
export interface Box { x: number; y: number; width: number; height: number }

/** A line of text inside a state box; `y` is the baseline, absolute like every coordinate here. */
export interface PositionedRow { kind: RowKind; text: string; x: number; y: number; size: number; edgeKey: string | null }

export interface PositionedNode extends Box {
  id: string;
  /** 'initial' is the dot that points at a compound state's initial child. */
  kind: 'state' | 'initial';
  node: FlowNode | null;
  rows: PositionedRow[];
  /** Nesting depth, 0 for the machine itself. */
  depth: number;
}

export interface PositionedEdge {
  /** The FlowEdge key; null for the arrow from an initial dot. */
  key: string | null;
  source: string;
  target: string;
  /** Orthogonal polyline from the source border to the target border (arrowhead at the last point). */
  points: Point[];
  label: (Box & { lines: string[] }) | null;
  /** Ids of the states that contain this edge (its ancestors): the only boxes its label may sit in. */
  containers: string[];
}

export interface FlowLayout {
  model: FlowModel;
  direction: LayoutDirection;
  width: number;
  height: number;
  nodes: PositionedNode[];
  edges: PositionedEdge[];
}

export interface LayoutSettings {
  /** 'auto' (default) lays out both ways and keeps the more screen-shaped, smaller drawing. */
  direction?: LayoutDirection | 'auto';
  /** Extra ELK options for every graph level, for tuning. */
  elk?: LayoutOptions;
}

const PAD_X = 10;
const PAD_Y = 8;
const FINAL_INSET = 4;
const INITIAL_SIZE = 12;
const HISTORY_SIZE = 26;
const LABEL_PAD = 4;
export const initialId = (parent: string) => `${parent}::initial`;

export type LayoutDirection = 'RIGHT' | 'DOWN';

/** Options every graph level gets: ELK reads most layered options per nested graph, not from the root. */
const LEVEL_OPTIONS: LayoutOptions = {
  'elk.algorithm': 'layered',
  'elk.edgeRouting': 'ORTHOGONAL',
  // Depth-first from the initial dot in document order: the happy path runs forward, retries run back.
  'elk.layered.cycleBreaking.strategy': 'DFS_NODE_ORDER',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.layered.mergeEdges': 'false',
  'elk.spacing.nodeNode': '28',
  'elk.layered.spacing.nodeNodeBetweenLayers': '40',
  'elk.spacing.edgeNode': '14',
  'elk.spacing.edgeEdge': '10',
  'elk.layered.spacing.edgeNodeBetweenLayers': '14',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '10',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.labelNode': '6',
  'elk.edgeLabels.inline': 'false',
};

const ROOT_OPTIONS: LayoutOptions = {
  ...LEVEL_OPTIONS,
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  // Only at the root: on nested levels this comparator crashes elkjs 0.12 (undefined model order).
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
  'elk.padding': '[top=12,left=12,bottom=12,right=12]',
};

/** The proper ancestors of a state, nearest first. */
function ancestorsOf(model: FlowModel, id: string): string[] {
  const byId = new Map(model.nodes.map((node) => [node.id, node]));
  const chain: string[] = [];
  for (let parent = byId.get(id)?.parent ?? null; parent; parent = byId.get(parent)?.parent ?? null) chain.push(parent);
  return chain;
}

/** ELK's containment rule: the nearest state that contains both ends (a state contains itself here). */
function containerOf(model: FlowModel, source: string, target: string): string {
  if (source === target) return ancestorsOf(model, source)[0] ?? source;
  const up = [source, ...ancestorsOf(model, source)];
  const targetLine = new Set([target, ...ancestorsOf(model, target)]);
  return up.find((id) => targetLine.has(id)) ?? model.root;
}

interface Build { graph: ElkNode; rows: Map<string, RowText[]>; edgeInfo: Map<string, { key: string | null; source: string; target: string }> }

function buildElkGraph(model: FlowModel, overrides: LayoutOptions): Build {
  const rows = new Map<string, RowText[]>();
  const edgeInfo: Build['edgeInfo'] = new Map();
  const elkNodes = new Map<string, ElkNode>();
  for (const node of model.nodes) {
    const nodeRows = rowsOf(node, model.edges.filter((edge) => edge.source === node.id && edge.targets.length === 0));
    rows.set(node.id, node.type === 'history' ? [] : nodeRows);
    const inset = node.type === 'final' ? FINAL_INSET : 0;
    // A history pseudo-state is a small circled H, as in UML.
    const width = node.type === 'history' ? HISTORY_SIZE : rowsWidth(nodeRows) + 2 * (PAD_X + inset);
    const height = node.type === 'history' ? HISTORY_SIZE : rowsHeight(nodeRows) + 2 * (PAD_Y + inset);
    const elk: ElkNode = node.children.length
      ? {
        id: node.id, children: [], edges: [],
        layoutOptions: {
          ...LEVEL_OPTIONS,
          ...overrides,
          'elk.padding': `[top=${rowsHeight(nodeRows) + 2 * PAD_Y + 6},left=14,bottom=14,right=14]`,
          'elk.nodeSize.constraints': 'MINIMUM_SIZE',
          'elk.nodeSize.minimum': `(${width}, ${height})`,
        },
      }
      : { id: node.id, width, height };
    elkNodes.set(node.id, elk);
    const parent = node.parent ? elkNodes.get(node.parent) : undefined;
    parent?.children?.push(elk);
    if (node.initial) {
      elk.children?.push({ id: initialId(node.id), width: INITIAL_SIZE, height: INITIAL_SIZE });
      const id = `initial:${node.id}`;
      elk.edges?.push({ id, sources: [initialId(node.id)], targets: [node.initial] });
      edgeInfo.set(id, { key: null, source: initialId(node.id), target: node.initial });
    }
  }
  model.edges.forEach((edge, index) => edge.targets.forEach((target, t) => {
    const id = `edge:${index}:${t}`;
    const lines = t === 0 ? labelLines(edge) : [];
    const elkEdge: ElkExtendedEdge = {
      id, sources: [edge.source], targets: [target],
      labels: lines.length ? [{
        text: lines.join('\n'),
        width: Math.max(...lines.map((line) => textWidth(line))) + 2 * LABEL_PAD,
        height: lines.length * LINE_HEIGHT + 2,
      }] : [],
    };
    elkNodes.get(containerOf(model, edge.source, target))?.edges?.push(elkEdge);
    edgeInfo.set(id, { key: edge.key, source: edge.source, target });
  }));
  const root = elkNodes.get(model.root);
  const graph: ElkNode = { id: '::graph', layoutOptions: { ...ROOT_OPTIONS, ...overrides }, children: root ? [root] : [], edges: [] };
  return { graph, rows, edgeInfo };
}

let elk: InstanceType<typeof ELK> | null = null;

/** Area, penalised by how far the shape is from a 16:10 screen. */
const cost = (layout: FlowLayout) => {
  const ratio = layout.width / Math.max(layout.height, 1);
  return layout.width * layout.height * Math.max(ratio / 1.6, 1.6 / ratio);
};

/** Lays a flow model out with ELK's layered algorithm: nested states inside their parents, labelled orthogonal edges. */
export async function layoutFlow(model: FlowModel, settings: LayoutSettings = {}): Promise<FlowLayout> {
  const direction = settings.direction ?? 'auto';
  if (direction !== 'auto') return layoutIn(model, direction, settings.elk ?? {});
  const [right, down] = [await layoutIn(model, 'RIGHT', settings.elk ?? {}), await layoutIn(model, 'DOWN', settings.elk ?? {})];
  return cost(down) <= cost(right) ? down : right;
}

async function layoutIn(model: FlowModel, direction: LayoutDirection, extra: LayoutOptions): Promise<FlowLayout> {
  elk ??= new ELK();
  const build = buildElkGraph(model, { ...extra, 'elk.direction': direction });
  const result = await elk.layout(build.graph);
  const byId = new Map(model.nodes.map((node) => [node.id, node]));
  const nodes: PositionedNode[] = [];
  const edges: PositionedEdge[] = [];
  const visit = (elkNode: ElkNode, depth: number) => {
    const node = byId.get(elkNode.id) ?? null;
    const box = { x: elkNode.x ?? 0, y: elkNode.y ?? 0, width: elkNode.width ?? 0, height: elkNode.height ?? 0 };
    const inset = node?.type === 'final' ? FINAL_INSET : 0;
    const rows = (build.rows.get(elkNode.id) ?? []).map((row, index) => ({
      ...row,
      x: box.x + PAD_X + inset,
      y: box.y + PAD_Y + inset + index * LINE_HEIGHT + (row.kind === 'title' ? TITLE_SIZE : TEXT_SIZE),
      size: row.kind === 'title' ? TITLE_SIZE : TEXT_SIZE,
    }));
    if (elkNode.id !== '::graph') nodes.push({ id: elkNode.id, kind: node ? 'state' : 'initial', node, rows, depth, ...box });
    for (const elkEdge of elkNode.edges ?? []) {
      const info = build.edgeInfo.get(elkEdge.id);
      const section = elkEdge.sections?.[0];
      if (!info || !section) continue;
      const label = elkEdge.labels?.[0];
      edges.push({
        key: info.key, source: info.source, target: info.target,
        points: [section.startPoint, ...(section.bendPoints ?? []), section.endPoint],
        label: label?.text ? { lines: label.text.split('\n'), x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 } : null,
        containers: [elkNode.id, ...ancestorsOf(model, elkNode.id)].filter((id) => byId.has(id)),
      });
    }
    for (const child of elkNode.children ?? []) visit(child, elkNode.id === '::graph' ? 0 : depth + 1);
  };
  visit(result, 0);
  return { model, direction, width: result.width ?? 0, height: result.height ?? 0, nodes, edges };
}
