import type { AnyTransitionDefinition } from 'xstate';

/** What names a transition: its source, raw event type ('' for `always`), branch index and targets. */
export interface EdgeIdentity {
  source: string;
  eventType: string;
  index: number;
  targets: readonly string[];
}

/**
 * THE name of a transition, shared by the diagrams and the path harness (coverage/paths.json),
 * so a coverage overlay can colour exactly the edges the paths walked.
 */
export function edgeKey(edge: EdgeIdentity): string {
  const targets = edge.targets.length ? edge.targets.join(',') : '(no target)';
  return `${edge.source} --${edge.eventType || 'always'}[${edge.index}]--> ${targets}`;
}

/** The key of a live transition definition: its place among the branches of the same event. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const siblings = t.eventType ? t.source.transitions.get(t.eventType) : t.source.always;
  return edgeKey({
    source: t.source.id,
    eventType: t.eventType,
    index: siblings?.indexOf(t) ?? -1,
    targets: t.target?.map((target) => target.id) ?? [],
  });
}
