import type { FlowEdge, FlowNode } from './flow-model';
import { LINE_HEIGHT, TEXT_SIZE, TITLE_SIZE, textWidth } from './text-metrics';

// The text a state box holds and the lines of an arrow label: they decide the sizes ELK lays out.

export type RowKind = 'title' | 'tags' | 'entry' | 'exit' | 'invoke' | 'internal';

/** Past this many characters an internal transition puts its actions on a second line. */
const WRAP_AT = 40;

export interface RowText { kind: RowKind; text: string; edgeKey: string | null }

export function rowsOf(node: FlowNode, internal: readonly FlowEdge[]): RowText[] {
  const rows: RowText[] = [{ kind: 'title', text: node.key, edgeKey: null }];
  const add = (kind: RowKind, text: string, edgeKey: string | null = null) => rows.push({ kind, text, edgeKey });
  if (node.tags.length) add('tags', node.tags.map((tag) => `#${tag}`).join(' '));
  if (node.entry.length) add('entry', `entry / ${node.entry.join(', ')}`);
  if (node.exit.length) add('exit', `exit / ${node.exit.join(', ')}`);
  for (const invoke of node.invoke) add('invoke', invoke.src === invoke.id ? `invoke ${invoke.id}` : `invoke ${invoke.id} (${invoke.src})`);
  for (const edge of internal) {
    const actions = edge.actions.join(', ');
    if (!actions) add('internal', edge.label, edge.key);
    else if (edge.label.length + actions.length > WRAP_AT) {
      add('internal', edge.label, edge.key);
      add('internal', `  / ${actions}`, edge.key);
    } else add('internal', `${edge.label} / ${actions}`, edge.key);
  }
  return rows;
}

/** Long labels put the guard on a line of its own, so arrows between close states need less room. */
export function labelLines(edge: FlowEdge): string[] {
  if (edge.label.length <= 24 || !edge.guard) return [edge.label];
  return [edge.label.slice(0, -(edge.guard.length + 3)), `[${edge.guard}]`];
}

export const rowsWidth = (rows: readonly RowText[]) =>
  Math.max(...rows.map((row) => textWidth(row.text, row.kind === 'title' ? TITLE_SIZE : TEXT_SIZE)));
export const rowsHeight = (rows: readonly RowText[]) => rows.length * LINE_HEIGHT;
