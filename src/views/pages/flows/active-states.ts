import type { StateValue } from 'xstate';
import type { FlowModel } from '../../../services/flows/flow-model';

/** The ids of the diagram's state boxes a state value names (the root included), from the model alone. */
export function activeStateIds(model: FlowModel, value: StateValue): string[] {
  const byId = new Map(model.nodes.map((node) => [node.id, node]));
  const childByKey = (parentId: string, key: string) =>
    byId.get(parentId)?.children.map((id) => byId.get(id)).find((child) => child?.key === key);
  const ids = [model.root];
  const walk = (parentId: string, current: StateValue) => {
    if (typeof current === 'string') {
      const child = childByKey(parentId, current);
      if (child) ids.push(child.id);
      return;
    }
    for (const [key, nested] of Object.entries(current)) {
      const child = childByKey(parentId, key);
      if (!child) continue;
      ids.push(child.id);
      if (nested !== undefined) walk(child.id, nested);
    }
  };
  walk(model.root, value);
  return ids;
}

/** The innermost of the active ids: the states the machine is really in. */
export function leafIds(model: FlowModel, ids: readonly string[]): string[] {
  const active = new Set(ids);
  return model.nodes
    .filter((node) => active.has(node.id) && node.id !== model.root && !node.children.some((child) => active.has(child)))
    .map((node) => node.id);
}

/** `secondFactor.sendingCode`: a state id as people read it, without the machine's own id. */
export const shortName = (model: FlowModel, id: string): string =>
  (id.startsWith(`${model.root}.`) ? id.slice(model.root.length + 1) : id);
