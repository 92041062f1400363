import type { AnyEventObject, AnyMachineSnapshot, StateValue } from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { machineRegistry, type MachineEntry } from '../../../src/machines/index';
import { planMachine, type PathStep } from '../../machines/path-harness';
import { graphOptions, inputsOf } from '../../machines/path-model';

// Browser paths come from the same graphs as `npm run test:paths`: the harness's plan paths plus every graph edge
// reached by its shortest prefix; those whose every step has a UI mapping are kept, then a bounded subset is chosen.

/** One user action: a user event plus the gateway answers it causes, ending in a state the UI can show. */
export interface StepGroup {
  event: AnyEventObject;
  outcomes: AnyEventObject[];
  from: StateValue;
  value: StateValue;
  status: string;
}

export interface BrowserPath {
  machineId: string;
  name: string;
  inputIndex: number;
  start: StateValue;
  groups: StepGroup[];
}

/** How a machine's steps become UI actions: a key naming the action, or why it cannot run in a browser. */
export type StepMapper = (group: StepGroup) => { key: string } | { skip: string };

const isOutcome = (event: AnyEventObject) => /^xstate\.(done|error)\.actor\./.test(event.type);

export function groupSteps(steps: readonly PathStep[]): StepGroup[] {
  const groups: StepGroup[] = [];
  let from = steps[0]?.value ?? '';
  for (const step of steps.slice(1)) {
    const last = groups.at(-1);
    if (isOutcome(step.event) && last) {
      last.outcomes.push(step.event);
      Object.assign(last, { value: step.value, status: step.status });
    } else {
      groups.push({ event: step.event, outcomes: [], from, value: step.value, status: step.status });
    }
    from = step.value;
  }
  return groups;
}

export const stateName = (value: StateValue): string =>
  typeof value === 'string' ? value : Object.entries(value).map(([key, child]) => `${key}.${stateName(child as StateValue)}`).join(',');

function outcomeLabel(event: AnyEventObject): string {
  const [, kind, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
  const output: unknown = event.output;
  const result = typeof output === 'object' && output !== null && 'result' in output ? `(result ${String(output.result)})` : '';
  return `${kind ?? ''}.${id ?? ''}${kind === 'done' ? result : ''}`;
}

function pathName(entry: MachineEntry, inputIndex: number, groups: readonly StepGroup[], keys: readonly string[]): string {
  const parts = groups.flatMap((group, index) => [`${group.event.type}${keys[index]?.includes('invalid') ? '(invalid)' : ''}`, ...group.outcomes.map(outcomeLabel)]);
  const end = groups.at(-1);
  const input = inputIndex > 0 ? '[input 1: link] ' : '';
  return `${entry.id}: ${input}${[...parts, end ? stateName(end.value) : '(start)'].join(' → ')}`;
}

function candidates(entry: MachineEntry): Array<{ inputIndex: number; steps: PathStep[] }> {
  const toSteps = (steps: ReadonlyArray<{ event: AnyEventObject; state: AnyMachineSnapshot }>) =>
    steps.map(({ event, state }) => ({ event, value: state.value, status: state.status }));
  const extended = inputsOf(entry).flatMap((input, inputIndex) => {
    const options = graphOptions(entry, input);
    const prefixes = new Map(getShortestPaths(entry.machine, options).map((path) => [options.serializeState(path.state), toSteps(path.steps)]));
    return adjacencyMapToArray(getAdjacencyMap(entry.machine, options)).flatMap(({ state, event, nextState }) => {
      const prefix = prefixes.get(options.serializeState(state));
      return prefix ? [{ inputIndex, steps: [...prefix, { event, value: nextState.value, status: nextState.status }] }] : [];
    });
  });
  return [...planMachine(entry).paths, ...extended];
}

export interface MachinePlanForBrowser {
  paths: BrowserPath[];
  /** Candidate paths left out, counted by the first reason. */
  skipped: Record<string, number>;
}

/**
 * Keeps the candidates whose steps all map to UI actions, then picks greedily the path that walks the most
 * (state, action, state) edges not yet walked, until none adds one: every mappable edge once, no duplicates.
 */
export function browserPaths(machineId: string, mapStep: StepMapper): MachinePlanForBrowser {
  const entry = machineRegistry.find((candidate) => candidate.id === machineId);
  if (!entry) throw new Error(`no machine ${machineId} in the registry`);
  const skipped: Record<string, number> = {};
  const usable: Array<BrowserPath & { edges: string[] }> = [];
  for (const candidate of candidates(entry)) {
    const groups = groupSteps(candidate.steps);
    const mapped = groups.map(mapStep);
    const reason = mapped.find((step): step is { skip: string } => 'skip' in step);
    if (reason || groups.length === 0) {
      const why = reason?.skip ?? 'no user step';
      skipped[why] = (skipped[why] ?? 0) + 1;
      continue;
    }
    const keys = mapped.map((step) => ('key' in step ? step.key : ''));
    const start = candidate.steps[0]?.value ?? '';
    const edges = [`start ${candidate.inputIndex}`, ...groups.map((group, index) => `${stateName(group.from)} -${keys[index]}-> ${stateName(group.value)}`)];
    usable.push({ machineId, name: pathName(entry, candidate.inputIndex, groups, keys), inputIndex: candidate.inputIndex, start, groups, edges });
  }
  const walked = new Set<string>();
  const chosen: BrowserPath[] = [];
  for (;;) {
    const gain = (path: { edges: string[] }) => new Set(path.edges.filter((edge) => !walked.has(edge))).size;
    const best = usable.reduce<(typeof usable)[number] | null>((top, path) =>
      gain(path) > (top ? gain(top) : 0) || (top && gain(path) === gain(top) && gain(path) > 0 && path.groups.length < top.groups.length) ? path : top, null);
    if (!best) break;
    best.edges.forEach((edge) => walked.add(edge));
    const { edges: _edges, ...path } = best;
    chosen.push(path);
  }
  const names = new Set<string>();
  return { paths: chosen.filter((path) => !names.has(path.name) && Boolean(names.add(path.name))), skipped };
}
