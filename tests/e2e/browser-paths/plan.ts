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
  /** The machine's context before the step (walks only): what the screen shows beyond the state. */
  fromContext?: unknown;
}

export interface BrowserPath {
  machineId: string;
  name: string;
  inputIndex: number;
  start: StateValue;
  groups: StepGroup[];
  /** The graph steps the groups stand for (steps[0] the opening): what the walk covers on the model. */
  steps?: PathStep[];
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
  const parts = groups.flatMap((group, index) => [
    `${group.event.type}${keys[index]?.includes('invalid') ? '(invalid)' : ''}`,
    ...group.outcomes.map(outcomeLabel),
  ]);
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

export interface WalkOptions {
  /** Events a machine's own actors send back (an upload's progress): part of the user step that started them. */
  outcomeEvents?: readonly string[];
  /** Steps after which a walk ends and the next one starts again from the opening. */
  walkLength: number;
  /** The inputs walked, in this order (all when absent): an edge walked from one input is not walked again from the next. */
  inputs?: readonly number[];
  inputsLeftOut?: string;
}

interface Vertex {
  state: AnyMachineSnapshot;
  transitions: Record<string, { event: AnyEventObject; state: AnyMachineSnapshot }>;
}

interface Move {
  group: StepGroup;
  action: string;
  key: string;
  to: string;
  steps: PathStep[];
}

/**
 * Long walks instead of one path per edge, for machines whose paths each need a costly setup: from the opening,
 * walk (through mapped steps only) to the nearest step not yet walked, take it, and go on until `walkLength` steps;
 * then start again, until every mapped (state, action, state) edge reachable from an opening is walked.
 * `skipped` counts the distinct graph steps (a user event with the answers it causes) left out, by reason.
 */
export function browserWalks(machineId: string, mapStep: StepMapper, options: WalkOptions): MachinePlanForBrowser {
  const entry = machineRegistry.find((candidate) => candidate.id === machineId);
  if (!entry) throw new Error(`no machine ${machineId} in the registry`);
  const outcome = (event: AnyEventObject) => isOutcome(event) || (options.outcomeEvents ?? []).includes(event.type);
  const skippedSteps = new Map<string, string>();
  const mappedSteps = new Set<string>();
  const chosen: BrowserPath[] = [];
  const walked = new Set<string>();
  const skipped: Record<string, number> = {};
  const inputs = inputsOf(entry);
  const order = options.inputs ?? inputs.map((_, index) => index);
  const leftOut = inputs.length - order.length;
  if (leftOut > 0) skipped[options.inputsLeftOut ?? 'input not walked'] = leftOut;
  order.forEach((inputIndex) => {
    const input = inputs[inputIndex];
    const graphOptionsOf = graphOptions(entry, input);
    const map = new Map(Object.entries(getAdjacencyMap(entry.machine, graphOptionsOf)) as Array<[string, Vertex]>);
    const opening = getShortestPaths(entry.machine, graphOptionsOf).find((path) => path.steps.length === 1);
    if (!opening) return;
    const startKey = graphOptionsOf.serializeState(opening.state);
    const stepOf = (event: AnyEventObject, state: AnyMachineSnapshot): PathStep => ({ event, value: state.value, status: state.status });
    // A user event, then any chain of the answers it causes (at most four); at the opening, answers alone.
    const movesCache = new Map<string, Move[]>();
    const movesFrom = (vertex: string, atOpening: boolean): Move[] => {
      const cacheKey = `${atOpening}|${vertex}`;
      const cached = movesCache.get(cacheKey);
      if (cached) return cached;
      const moves: Move[] = [];
      const node = map.get(vertex);
      if (!node) return moves;
      const extend = (group: StepGroup, at: string, steps: PathStep[], depth: number) => {
        const mapped = mapStep(group);
        const signature = `${stateName(group.from)} ${[group.event, ...group.outcomes].map((event) => event.type).join('+')} ${stateName(group.value)}`;
        if ('skip' in mapped) {
          if (!skippedSteps.has(signature)) skippedSteps.set(signature, mapped.skip);
        } else {
          mappedSteps.add(signature);
          moves.push({ group, action: mapped.key, key: `${stateName(group.from)} -${mapped.key}-> ${stateName(group.value)}`, to: at, steps });
        }
        if (depth >= 4) return;
        for (const { event, state } of Object.values(map.get(at)?.transitions ?? {})) {
          if (!outcome(event)) continue;
          const next = { ...group, outcomes: [...group.outcomes, event], value: state.value, status: state.status };
          extend(next, graphOptionsOf.serializeState(state), [...steps, stepOf(event, state)], depth + 1);
        }
      };
      const transitions = Object.values(node.transitions);
      // A page opening in a loading state walks its answers first: opening the page is what causes them.
      const opensLoading = atOpening && transitions.some(({ event }) => outcome(event));
      for (const { event, state } of transitions) {
        if (outcome(event) !== opensLoading) continue;
        const group = { event, outcomes: [], from: node.state.value, value: state.value, status: state.status, fromContext: node.state.context };
        extend(group, graphOptionsOf.serializeState(state), [stepOf(event, state)], 1);
      }
      movesCache.set(cacheKey, moves);
      return moves;
    };
    // Breadth first from `vertex` to the nearest move whose edge is not walked yet: the moves leading there and it.
    const nearestNew = (vertex: string, atOpening: boolean): Move[] | null => {
      const seen = new Set([vertex]);
      const queue: Array<{ vertex: string; trail: Move[] }> = [{ vertex, trail: [] }];
      while (queue.length > 0) {
        const { vertex: here, trail } = queue.shift() as { vertex: string; trail: Move[] };
        const moves = movesFrom(here, atOpening && trail.length === 0);
        const fresh = moves.find((move) => !walked.has(move.key));
        if (fresh) return [...trail, fresh];
        for (const move of moves) {
          if (seen.has(move.to)) continue;
          seen.add(move.to);
          queue.push({ vertex: move.to, trail: [...trail, move] });
        }
      }
      return null;
    };
    for (;;) {
      const walk: Move[] = [];
      let here = startKey;
      while (walk.length < options.walkLength) {
        const trail = nearestNew(here, walk.length === 0);
        if (!trail) break;
        trail.forEach((move) => walked.add(move.key));
        walk.push(...trail);
        here = trail.at(-1)?.to ?? here;
      }
      // Each input's opening is an edge of its own (a project being changed opens on another step): walked at least once.
      const openingKey = `opening ${inputIndex}`;
      if (walk.length === 0 && walked.has(openingKey)) break;
      walked.add(openingKey);
      const groups = walk.map((move) => move.group);
      const last = groups.at(-1);
      const actions = walk.map((move) => move.action);
      const route = walk.length
        ? `${actions.slice(0, 3).join(', ')}${actions.length > 3 ? ', …' : ''} → ${last ? stateName(last.value) : ''}`
        : `opens on ${stateName(opening.state.value)}`;
      const name = `${entry.id}: ${inputIndex > 0 ? `[input ${inputIndex}] ` : ''}walk ${chosen.length + 1}, ${walk.length} steps: ${route}`;
      chosen.push({
        machineId,
        name,
        inputIndex,
        start: opening.state.value,
        groups,
        steps: [stepOf({ type: 'xstate.init' }, opening.state), ...walk.flatMap((move) => move.steps)],
      });
    }
  });
  for (const [signature, reason] of skippedSteps) if (!mappedSteps.has(signature)) skipped[reason] = (skipped[reason] ?? 0) + 1;
  return { paths: chosen, skipped };
}
