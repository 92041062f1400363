import type { FlowEdge, FlowModel, FlowNode } from './flow-model';

export interface MermaidOptions {
  /** 'LR' for left-to-right flows; Mermaid's default is top-down. */
  direction?: 'TB' | 'LR';
}

const RESERVED = new Set(['state', 'note', 'class', 'classdef', 'default', 'direction', 'scale', 'hide', 'end', 'as', 'click', 'style']);

/** Mermaid ids are global and may not hold dots or dashes: the path below the root, joined by `_`. */
export function mermaidIds(model: FlowModel): Map<string, string> {
  const ids = new Map<string, string>();
  const used = new Set<string>();
  for (const node of model.nodes) {
    if (node.id === model.root) continue;
    const path = node.id.startsWith(`${model.root}.`) ? node.id.slice(model.root.length + 1) : node.id;
    let id = path.replace(/[^A-Za-z0-9_]/g, '_');
    if (RESERVED.has(id.toLowerCase()) || /^\d/.test(id)) id = `${id}_`;
    while (used.has(id)) id = `${id}_`;
    used.add(id);
    ids.set(node.id, id);
  }
  return ids;
}

/** Mermaid ends a label at `:` or `;` and reads `#` as an entity: write them as entity codes. */
const ENTITIES: Readonly<Record<string, string>> = { '#': '#35;', ':': '#58;', ';': '#59;', '"': '#quot;', '\n': ' ' };

export function escapeMermaid(text: string): string {
  return text.replace(/[#:;"\n]/g, (char) => ENTITIES[char] ?? char);
}

/** The node and its ancestors up to (not including) the root, innermost first. */
function chainOf(byId: ReadonlyMap<string, FlowNode>, id: string): string[] {
  const chain: string[] = [];
  for (let node = byId.get(id); node?.parent; node = byId.get(node.parent)) chain.push(node.id);
  return chain;
}

interface Placed { container: string; from: string; to: string; label: string }

/**
 * Mermaid cannot draw an arrow between states of different composite states, so each arrow is drawn
 * between the children of the states' nearest common parent, and names the real end it stands for.
 */
function place(model: FlowModel, byId: ReadonlyMap<string, FlowNode>, edge: FlowEdge, target: string): Placed {
  const up = chainOf(byId, edge.source);
  const down = chainOf(byId, target);
  const downSet = new Set([...down, model.root]);
  const self = edge.source === target;
  const common = [...up, model.root].find((id) => downSet.has(id)) ?? model.root;
  // A loop, or a transition between a state and its own descendant, is drawn on the outer state.
  const shared = self || common === edge.source || common === target ? (byId.get(common)?.parent ?? model.root) : common;
  const lift = (chain: string[]) => chain.find((id) => byId.get(id)?.parent === shared) ?? chain[0] ?? model.root;
  const from = lift(up);
  const to = lift(down);
  const relative = (id: string, lifted: string) => {
    const key = (nodeId: string) => byId.get(nodeId)?.key ?? nodeId;
    const inner = chainOf(byId, id).slice(0, chainOf(byId, id).indexOf(lifted)).reverse().map(key);
    return inner.join('.');
  };
  const notes = [
    from !== edge.source ? `from ${relative(edge.source, from)}` : '',
    to !== target ? `to ${relative(target, to)}` : '',
  ].filter(Boolean);
  return { container: shared, from, to, label: notes.length ? `${edge.label} (${notes.join(', ')})` : edge.label };
}

/** A Mermaid `stateDiagram-v2` of the model: nested states, `--` between parallel regions, `[*]` marks. */
export function toMermaid(model: FlowModel, options: MermaidOptions = {}): string {
  const byId = new Map(model.nodes.map((node) => [node.id, node]));
  const ids = mermaidIds(model);
  const idOf = (id: string) => ids.get(id) ?? id;
  const placed = new Map<string, Placed[]>();
  // Machine-wide transitions have no box to start from in Mermaid: the docs list them in a table instead.
  for (const edge of model.edges.filter((item) => item.source !== model.root)) {
    for (const target of edge.targets) {
      const item = place(model, byId, edge, target);
      placed.set(item.container, [...(placed.get(item.container) ?? []), item]);
    }
    // A transition without a target keeps the state: drawn as a loop.
    if (!edge.targets.length) {
      const parent = byId.get(edge.source)?.parent ?? model.root;
      placed.set(parent, [...(placed.get(parent) ?? []), { container: parent, from: edge.source, to: edge.source, label: edge.label }]);
    }
  }

  const block = (node: FlowNode, indent: string): string[] => {
    const lines: string[] = [];
    if (node.initial) lines.push(`${indent}[*] --> ${idOf(node.initial)}`);
    node.children.forEach((childId, index) => {
      const child = byId.get(childId);
      if (!child) return;
      if (node.type === 'parallel' && index > 0) lines.push(`${indent}--`);
      const declaration = `${indent}state "${escapeMermaid(child.key)}" as ${idOf(child.id)}`;
      if (child.children.length) lines.push(`${declaration} {`, ...block(child, `${indent}  `), `${indent}}`);
      else lines.push(declaration);
      if (child.type === 'final') lines.push(`${indent}${idOf(child.id)} --> [*]`);
    });
    for (const item of placed.get(node.id) ?? []) {
      lines.push(`${indent}${idOf(item.from)} --> ${idOf(item.to)} : ${escapeMermaid(item.label)}`);
    }
    return lines;
  };

  const root = byId.get(model.root);
  const head = ['stateDiagram-v2', ...(options.direction && options.direction !== 'TB' ? [`  direction ${options.direction}`] : [])];
  return [...head, ...(root ? block(root, '  ') : []), ''].join('\n');
}
