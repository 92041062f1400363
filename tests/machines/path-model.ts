import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode, StateValue } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import type { MachineEntry } from '../../src/machines/index';
import { transitionKey } from '../../src/services/flows/edge-key';

// What the path harness reads from a machine definition: its nodes, edges and the events it can receive.

export interface TransitionInfo {
  key: string;
  sourceId: string;
  /** '' for eventless (`always`) transitions. */
  eventType: string;
  /** The state nodes it enters; none for a targetless transition. */
  targetIds: string[];
}

const SAMPLE_GATEWAY_ERROR = 'Сервис временно недоступен, попробуйте позже';

export const inputsOf = (entry: MachineEntry): readonly unknown[] => [entry.input, ...(entry.extraInputs ?? [])];

/** Every state node below the root, by id. */
export function allStateNodeIds(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root).map((node) => node.id);
}

/** Transitions are named by the same function the flow diagrams use, so coverage overlays line up. */
export { transitionKey } from '../../src/services/flows/edge-key';

/** Every edge the definition holds: each branch of each `on`, `after`, `onDone`, `onError` and `always`. */
export function allTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const nodes: AnyStateNode[] = [machine.root, ...getStateNodes(machine.root)];
  return nodes.flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]).map((t) => ({ key: transitionKey(t), sourceId: t.source.id, eventType: t.eventType, targetIds: (t.target ?? []).map((node) => node.id) }));
}

/** Done, error and delay events the machine can receive, derived from its invokes and `after` blocks. */
export function syntheticEvents(entry: MachineEntry): AnyEventObject[] {
  const events: AnyEventObject[] = [];
  for (const node of [entry.machine.root, ...getStateNodes(entry.machine.root)]) {
    for (const invoke of node.invoke) {
      for (const output of entry.actorOutputs[invoke.id] ?? [undefined]) {
        events.push({ type: `xstate.done.actor.${invoke.id}`, output, actorId: invoke.id });
      }
      for (const error of entry.actorErrors?.[invoke.id] ?? [new Error(SAMPLE_GATEWAY_ERROR)]) {
        events.push({ type: `xstate.error.actor.${invoke.id}`, error, actorId: invoke.id });
      }
    }
    for (const delayed of node.after) events.push({ type: delayed.eventType });
  }
  const seen = new Set<string>();
  return events.filter((event) => !seen.has(serializeEvent(event)) && Boolean(seen.add(serializeEvent(event))));
}

export function serializeEvent(event: AnyEventObject): string {
  return JSON.stringify(event, (_key, value: unknown) =>
    value instanceof Error ? { error: value.message, ...value } : value);
}

const isDelayEvent = (event: AnyEventObject) => event.type.startsWith('xstate.after.');

/**
 * A delay fires in a path only while no timer of another state runs: the graph does not know when each timer
 * started, so with timers in two regions it could not tell which fires first, and the replay (which moves the
 * clock) would disagree with it. Timers of one state start together; among them the shortest wins on replay.
 */
function isTimerAlone(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  const timed = (snapshot._nodes as AnyStateNode[]).filter((node) => node.after.length > 0);
  return timed.length === 1 && timed[0]?.after.some((t) => t.eventType === event.type) === true;
}

export function graphOptions(entry: MachineEntry, input: unknown) {
  const candidates = [...entry.events, ...syntheticEvents(entry)];
  const explore = entry.explore;
  return {
    input,
    events: (snapshot: AnyMachineSnapshot) => candidates.filter((event) =>
      snapshot.can(event) && (!isDelayEvent(event) || isTimerAlone(snapshot, event))),
    ...(explore ? { stopWhen: (snapshot: AnyMachineSnapshot) => !explore(snapshot) } : {}),
    serializeState: (snapshot: AnyMachineSnapshot) => JSON.stringify({
      value: snapshot.value,
      status: snapshot.status,
      context: entry.graphContext?.(snapshot.context) ?? null,
    }),
    serializeEvent,
  };
}

export function formatEvent(event: AnyEventObject): string {
  const [, kind, , id] = /^xstate\.(done|error)\.(actor)\.(.+)$/.exec(event.type) ?? [];
  const payload = (value: unknown) => {
    const text = JSON.stringify(value) ?? '';
    return text.length > 48 ? `${text.slice(0, 45)}…` : text;
  };
  if (kind === 'done') return `${id} ✓ ${payload(event.output)}`;
  if (kind === 'error') return `${id} ✗`;
  if (event.type.startsWith('xstate.after.')) return `after ${event.type.split('.')[2]}`;
  const { type, ...rest } = event;
  return Object.keys(rest).length ? `${type} ${payload(rest)}` : type;
}

export function sameValue(a: StateValue, b: StateValue): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => {
    const left = a[key];
    const right = b[key];
    return left !== undefined && right !== undefined && sameValue(left, right);
  });
}

