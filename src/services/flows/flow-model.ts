import {
  createActor, fromPromise,
  type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition, type DelayedTransitionDefinition,
} from 'xstate';
import { edgeKey } from './edge-key';
import { actionName, guardName } from './names';

export type FlowNodeType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
export type FlowEdgeKind = 'event' | 'after' | 'always' | 'done.invoke' | 'error.invoke' | 'done.state';

export interface FlowInvoke {
  id: string;
  src: string;
}

/** A state node, plain and serialisable: ids are XState's (`session.signedIn.token.fresh`). */
export interface FlowNode {
  id: string;
  key: string;
  type: FlowNodeType;
  parent: string | null;
  children: string[];
  /** The initial child of a compound state. */
  initial: string | null;
  tags: string[];
  entry: string[];
  exit: string[];
  invoke: FlowInvoke[];
  description: string | null;
  /** 'shallow' or 'deep' for a history pseudo-state, null otherwise. */
  history: 'shallow' | 'deep' | null;
}

export interface FlowDelay {
  /** Resolved milliseconds; null when the delay could not be evaluated. */
  ms: number | null;
  /** The named delay (`tokenExpiry`), null for a literal number. */
  name: string | null;
}

export interface FlowEdge {
  /** edgeKey(): the name coverage/paths.json uses. */
  key: string;
  source: string;
  /** Empty for a targetless transition (actions only, the state stays). */
  targets: string[];
  /** The raw event type, '' for `always`. */
  eventType: string;
  /** Place among the branches of the same event on the same source. */
  index: number;
  kind: FlowEdgeKind;
  /** The event as people say it: its type, the actor id for done/error, null for always/after. */
  event: string | null;
  guard: string | null;
  delay: FlowDelay | null;
  actions: string[];
  reenter: boolean;
  /** `event [guard]`, `after 105 s`, `done: actorId`, `error: actorId`, `always [guard]`. */
  label: string;
}

export interface FlowModel {
  id: string;
  root: string;
  /** Root first, then every descendant in document order. */
  nodes: FlowNode[];
  edges: FlowEdge[];
}

export interface FlowModelOptions {
  /** Input the machine starts with: function delays are evaluated against the context it yields. */
  input?: unknown;
}

/** Every state node in document order (root first), the same order the path harness walks. */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const walk = (node: AnyStateNode): AnyStateNode[] =>
    [node, ...Object.values(node.states).flatMap((child) => walk(child))];
  return walk(machine.root);
}

/** `105 s`, `1.5 s`, `250 ms`, `2 min`: what an analyst reads on the arrow. */
export function formatDelay(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms >= 1000) return `${Number((ms / 1000).toFixed(1))} s`;
  return `${ms} ms`;
}

const isDelayFunction = (value: unknown): value is (args: { context: unknown; event: unknown }) => unknown =>
  typeof value === 'function';

/** The context the machine reaches from its input, without starting any actor or timer. */
function sampleContext(machine: AnyStateMachine, options: FlowModelOptions): unknown {
  try {
    const stubs = Object.fromEntries(Object.keys(machine.implementations.actors)
      .map((name) => [name, fromPromise(() => new Promise<never>(() => {}))]));
    return createActor(machine.provide({ actors: stubs }), { input: options.input }).getSnapshot().context;
  } catch {
    return undefined;
  }
}

function resolveDelay(machine: AnyStateMachine, raw: DelayedTransitionDefinition<never, never>['delay'], context: unknown): FlowDelay {
  if (typeof raw === 'number') return { ms: raw, name: null };
  const delays: Record<string, unknown> = machine.implementations.delays;
  const named = typeof raw === 'string' ? delays[raw] : raw;
  const name = typeof raw === 'string' ? raw : raw.name || null;
  if (typeof named === 'number') return { ms: named, name };
  try {
    const ms = isDelayFunction(named) && context !== undefined ? named({ context, event: { type: 'xstate.init' } }) : null;
    return { ms: typeof ms === 'number' && Number.isFinite(ms) ? ms : null, name };
  } catch {
    return { ms: null, name };
  }
}

function kindOf(eventType: string): FlowEdgeKind {
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.after.')) return 'after';
  if (eventType.startsWith('xstate.done.actor.')) return 'done.invoke';
  if (eventType.startsWith('xstate.error.actor.')) return 'error.invoke';
  if (eventType.startsWith('xstate.done.state.')) return 'done.state';
  return 'event';
}

function labelOf(kind: FlowEdgeKind, event: string | null, guard: string | null, delay: FlowDelay | null): string {
  const head = {
    event: event ?? '',
    after: `after ${delay?.ms != null ? formatDelay(delay.ms) : (delay?.name ?? '?')}`,
    always: 'always',
    'done.invoke': `done: ${event ?? ''}`,
    'error.invoke': `error: ${event ?? ''}`,
    'done.state': `done: ${event ?? ''}`,
  }[kind];
  return guard ? `${head} [${guard}]` : head;
}

function edgeOf(machine: AnyStateMachine, t: AnyTransitionDefinition, index: number, context: unknown): FlowEdge {
  const kind = kindOf(t.eventType);
  const after = kind === 'after' ? t.source.after.find((d: AnyTransitionDefinition) => d.eventType === t.eventType) : undefined;
  const delay = after ? resolveDelay(machine, (after as DelayedTransitionDefinition<never, never>).delay, context) : null;
  const event = kind === 'event' ? t.eventType
    : kind === 'done.invoke' || kind === 'error.invoke' ? t.eventType.replace(/^xstate\.(done|error)\.actor\./, '')
      : kind === 'done.state' ? (t.eventType.replace(/^xstate\.done\.state\./, '').split('.').pop() ?? null) : null;
  const guard = t.guard === undefined ? null : guardName(t.guard);
  const targets = t.target?.map((target) => target.id) ?? [];
  return {
    key: edgeKey({ source: t.source.id, eventType: t.eventType, index, targets }),
    source: t.source.id,
    targets,
    eventType: t.eventType,
    index,
    kind,
    event,
    guard,
    delay,
    actions: t.actions.map(actionName).filter((name): name is string => name !== null),
    reenter: t.reenter,
    label: labelOf(kind, event, guard, delay),
  };
}

function nodeOf(node: AnyStateNode): FlowNode {
  const names = (actions: readonly unknown[]) => actions.map(actionName).filter((name): name is string => name !== null);
  return {
    id: node.id,
    key: node.key,
    type: node.type,
    parent: node.parent?.id ?? null,
    children: Object.values(node.states).map((child) => child.id),
    initial: node.type === 'compound' ? (node.initial.target[0]?.id ?? null) : null,
    tags: [...node.tags],
    entry: names(node.entry),
    exit: names(node.exit),
    invoke: node.invoke.map((invoke) => ({
      id: invoke.id,
      src: typeof invoke.src === 'string' ? invoke.src : invoke.id,
    })),
    description: node.description ?? null,
    history: node.type === 'history' ? (node.history || 'shallow') : null,
  };
}

/** The plain model of a real machine: every state node and every branch of every transition. */
export function buildFlowModel(machine: AnyStateMachine, options: FlowModelOptions = {}): FlowModel {
  const context = sampleContext(machine, options);
  const stateNodes = stateNodesOf(machine);
  const edges = stateNodes.flatMap((node) => [
    ...[...node.transitions.values()].flatMap((branches) => branches.map((t, index) => edgeOf(machine, t, index, context))),
    ...(node.always ?? []).map((t, index) => edgeOf(machine, t, index, context)),
  ]);
  return { id: machine.id, root: machine.root.id, nodes: stateNodes.map(nodeOf), edges };
}
