import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createActor, fromPromise, isMachineSnapshot, SimulatedClock,
  type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type InspectionEvent,
  type StateValue,
} from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { MachineEntry } from '../../src/machines/index';
import { coverageReport, coverageTable, readBrowserPaths, type PathsReport } from '../../src/services/flows/coverage';
import {
  allStateNodeIds, allTransitions, formatEvent, graphOptions, inputsOf, sameValue, serializeEvent, transitionKey,
} from './path-model';

/** One step of a path: the event sent and the state the real actor must then be in. */
export interface PathStep {
  event: AnyEventObject;
  value: StateValue;
  status: string;
}

/** steps[0] is the start (event `xstate.init`); every later step is replayed on a real actor. */
export interface MachinePath {
  name: string;
  inputIndex: number;
  steps: PathStep[];
}

export interface ReplayResult {
  failures: string[];
  nodes: Set<string>;
  transitions: Set<string>;
  actions: string[];
}

export interface Coverage {
  covered: number;
  total: number;
  uncovered: string[];
}

export interface MachinePlan {
  id: string;
  paths: MachinePath[];
  states: Coverage;
  transitions: Coverage;
  /** State ids the paths entered (root included), in document order: the overlay colours these. */
  coveredStates: string[];
  /** Edge keys (edgeKey of src/services/flows) the paths walked, in definition order. */
  coveredEdges: string[];
}

const isDelayFunction = (value: unknown): value is (args: { context: unknown; event: AnyEventObject }) => unknown =>
  typeof value === 'function';

/** The milliseconds after which `xstate.after.<delay>.<stateId>` fires, evaluated like the scheduler would. */
function delayOf(machine: AnyStateMachine, eventType: string, context: unknown, lastEvent: AnyEventObject): number | null {
  const ref = eventType.slice('xstate.after.'.length).split('.')[0] ?? '';
  if (/^\d+$/.test(ref)) return Number(ref);
  const delays: Record<string, unknown> = machine.implementations.delays;
  const delay = delays[ref];
  if (typeof delay === 'number') return delay;
  const ms = isDelayFunction(delay) ? delay({ context, event: lastEvent }) : null;
  return typeof ms === 'number' ? ms : null;
}

/**
 * Replays a path on a real actor: gateway actors are stubs that never settle (the path sends their
 * done/error events), delays are reached by moving a simulated clock. Records what was walked.
 */
export function replayPath(entry: MachineEntry, path: MachinePath): ReplayResult {
  const result: ReplayResult = { failures: [], nodes: new Set(), transitions: new Set(), actions: [] };
  const stubs = Object.fromEntries(Object.keys(entry.machine.implementations.actors)
    .map((name) => [name, fromPromise(() => new Promise<never>(() => {}))]));
  const machine = entry.machine.provide({ actors: stubs });
  const clock = new SimulatedClock();
  const inspect = (event: InspectionEvent) => {
    if (event.actorRef.sessionId !== event.rootId) return;
    if (event.type === '@xstate.action') result.actions.push(event.action.type);
    if (event.type !== '@xstate.microstep' || !isMachineSnapshot(event.snapshot)) return;
    for (const node of event.snapshot._nodes) result.nodes.add(node.id);
    for (const t of event._transitions) {
      result.transitions.add(transitionKey(t));
      result.nodes.add(t.source.id);
    }
  };
  const actor = createActor(machine, { input: inputsOf(entry)[path.inputIndex], clock, inspect });
  actor.start();
  let lastEvent: AnyEventObject = { type: 'xstate.init' };
  path.steps.forEach((step, index) => {
    if (result.failures.length) return;
    if (index > 0) {
      const before = actor.getSnapshot();
      const ms = step.event.type.startsWith('xstate.after.')
        ? delayOf(machine, step.event.type, before.context, lastEvent)
        : null;
      if (ms === null) actor.send(step.event);
      else clock.increment(ms);
      lastEvent = step.event;
    }
    const snapshot = actor.getSnapshot();
    for (const node of snapshot._nodes) result.nodes.add(node.id);
    const where = `step ${index} (${formatEvent(step.event)})`;
    if (snapshot.status === 'error') result.failures.push(`${where}: actor failed: ${String(snapshot.error)}`);
    else if (!sameValue(snapshot.value, step.value) || snapshot.status !== step.status) {
      result.failures.push(`${where}: expected ${JSON.stringify(step.value)} (${step.status}), got ${JSON.stringify(snapshot.value)} (${snapshot.status})`);
    }
    const broken = entry.invariants?.(snapshot) ?? null;
    if (broken) result.failures.push(`${where}: invariant broken: ${broken}`);
  });
  actor.stop();
  return result;
}

interface InputGraph {
  inputIndex: number;
  edges: Array<{ state: AnyMachineSnapshot; event: AnyEventObject; nextState: AnyMachineSnapshot }>;
  /** Shortest path (as steps) to each serialised vertex. */
  prefixes: Map<string, PathStep[]>;
  serializeState: (snapshot: AnyMachineSnapshot) => string;
}

function buildGraph(entry: MachineEntry, inputIndex: number): InputGraph {
  const options = graphOptions(entry, inputsOf(entry)[inputIndex]);
  const toSteps = (steps: ReadonlyArray<{ event: AnyEventObject; state: AnyMachineSnapshot }>) =>
    steps.map(({ event, state }) => ({ event, value: state.value, status: state.status }));
  const prefixes = new Map<string, PathStep[]>();
  for (const path of getShortestPaths(entry.machine, options)) {
    prefixes.set(options.serializeState(path.state), toSteps(path.steps));
  }
  const edges = adjacencyMapToArray(getAdjacencyMap(entry.machine, options));
  return { inputIndex, edges, prefixes, serializeState: options.serializeState };
}

/** Drops paths whose events are a prefix of a longer path from the same input. */
function dropPrefixPaths(paths: MachinePath[]): MachinePath[] {
  const signature = (path: MachinePath) => `${path.inputIndex}|${path.steps.map((s) => serializeEvent(s.event)).join('\n')}`;
  const kept: MachinePath[] = [];
  for (const path of [...paths].sort((a, b) => b.steps.length - a.steps.length)) {
    const own = signature(path);
    if (!kept.some((longer) => signature(longer).startsWith(own))) kept.push(path);
  }
  return kept;
}

function namePaths(paths: MachinePath[]): MachinePath[] {
  const used = new Map<string, number>();
  return paths.map((path) => {
    const events = path.steps.slice(1).map((step) => formatEvent(step.event)).join(' → ') || '(start)';
    const base = path.inputIndex > 0 ? `[input ${path.inputIndex}] ${events}` : events;
    const count = (used.get(base) ?? 0) + 1;
    used.set(base, count);
    return { ...path, name: count > 1 ? `${base} (#${count})` : base };
  });
}

/**
 * Shortest paths to every vertex of every input's graph, then, for each edge still unwalked,
 * the shortest path to a vertex where it is enabled plus that edge — until every edge is walked.
 */
export function planMachine(entry: MachineEntry): MachinePlan {
  const graphs = inputsOf(entry).map((_, index) => buildGraph(entry, index));
  let paths = dropPrefixPaths(graphs.flatMap((graph) =>
    [...graph.prefixes.values()].map((steps) => ({ name: '', inputIndex: graph.inputIndex, steps }))));
  const nodes = new Set<string>();
  const walked = new Set<string>();
  const absorb = (result: ReplayResult) => {
    result.nodes.forEach((id) => nodes.add(id));
    result.transitions.forEach((key) => walked.add(key));
  };
  for (const path of paths) absorb(replayPath(entry, path));

  for (const edge of allTransitions(entry.machine)) {
    if (walked.has(edge.key)) continue;
    const candidates = graphs.flatMap((graph) => graph.edges.flatMap(({ state, event, nextState }) => {
      const active = state._nodes.some((node: AnyStateNode) => node.id === edge.sourceId);
      if (edge.eventType !== '' && (!active || event.type !== edge.eventType)) return [];
      const prefix = graph.prefixes.get(graph.serializeState(state));
      if (!prefix) return [];
      const step = { event, value: nextState.value, status: nextState.status };
      // An event of the right type that does not reach the edge's target (another guard's or event's) is tried last.
      const reaches = edge.targetIds.every((id) => nextState._nodes.some((node: AnyStateNode) => node.id === id));
      return [{ name: '', inputIndex: graph.inputIndex, steps: [...prefix, step], reaches }];
    })).sort((a, b) => Number(b.reaches) - Number(a.reaches) || a.steps.length - b.steps.length)
      .map(({ reaches: _reaches, ...path }) => path);
    for (const candidate of candidates.slice(0, 40)) {
      const result = replayPath(entry, candidate);
      if (!result.transitions.has(edge.key) || result.failures.length) continue;
      absorb(result);
      paths.push(candidate);
      break;
    }
  }
  paths = namePaths(paths);

  const stateIds = allStateNodeIds(entry.machine);
  const edges = allTransitions(entry.machine).map((edge) => edge.key);
  return {
    id: entry.id,
    paths,
    states: coverageOf(stateIds, nodes),
    transitions: coverageOf(edges, walked),
    coveredStates: [entry.machine.root.id, ...stateIds].filter((id) => nodes.has(id)),
    coveredEdges: edges.filter((key) => walked.has(key)),
  };
}

function coverageOf(all: string[], covered: Set<string>): Coverage {
  const uncovered = all.filter((item) => !covered.has(item));
  return { covered: all.length - uncovered.length, total: all.length, uncovered };
}

/** Where the browser-paths spec files leave the paths they walked, one JSON file each (tests/e2e/browser-paths/walk.ts). */
export const BROWSER_PATHS_FOLDER = join('.tmp', 'browser-paths');

type RunResults = Record<string, unknown>;

/**
 * The path names per machine of the latest run, the run of the file written last: each spec file's file keeps only its
 * own run, so files of older runs (a spec left out this time) do not count.
 */
export function latestBrowserRun(folder: string): Record<string, unknown> {
  if (!existsSync(folder)) return {};
  const results: { json: RunResults; at: number }[] = [];
  for (const name of readdirSync(folder).filter((entry) => entry.endsWith('.json')).sort()) {
    const file = join(folder, name);
    try {
      const json: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (typeof json === 'object' && json !== null && !Array.isArray(json)) results.push({ json: json as RunResults, at: statSync(file).mtimeMs });
    } catch {
      // A file being written or cut short counts as none.
    }
  }
  const latest = results.reduce<{ json: RunResults; at: number } | null>((last, result) => (!last || result.at > last.at ? result : last), null);
  const merged: Record<string, unknown> = {};
  for (const { json } of results.filter((result) => result.json.run === latest?.json.run)) {
    for (const [id, value] of Object.entries(json)) {
      const before = merged[id];
      merged[id] = Array.isArray(value) && Array.isArray(before) ? [...new Set([...before, ...value])] : value;
    }
  }
  return merged;
}

/** Browser path counts the Playwright flow tests leave in .tmp/browser-paths/; none when absent or unreadable. */
export function loadBrowserPaths(root = process.cwd()): Record<string, number> {
  return readBrowserPaths(latestBrowserRun(join(root, BROWSER_PATHS_FOLDER)));
}

/** Writes a report as coverage/paths.json below the repository root. */
export function writePathsJson(report: PathsReport, root = process.cwd()): void {
  const folder = join(root, 'coverage');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'paths.json'), `${JSON.stringify(report, null, 2)}\n`);
}

/** Writes coverage/paths.json (relative to the repository root) and returns the printed table. */
export function writeCoverageReport(plans: MachinePlan[], root = process.cwd()): string {
  const report = coverageReport(plans, loadBrowserPaths(root));
  writePathsJson(report, root);
  return coverageTable(report);
}
