import type { CoverageOverlay } from './svg';

// The schema of coverage/paths.json, written by `npm run test:paths` (and the vitest path suite),
// read by the coverage report and by the visualizer's overlay.

export interface CoverageCount {
  covered: number;
  total: number;
  /** State ids or edge keys (edgeKey) the paths never reached. */
  uncovered: string[];
}

export interface MachineCoverage {
  id: string;
  states: CoverageCount;
  transitions: CoverageCount;
  /** Generated model-based paths replayed on a real actor. */
  paths: number;
  /** State ids the paths entered (the machine's own id included), in document order. */
  coveredStates: string[];
  /** Edge keys the paths walked, in definition order. */
  coveredEdges: string[];
  /** Playwright paths that ran in Chromium for this machine (0 when none ran). */
  browserPaths: number;
}

export interface PathsReport {
  machines: MachineCoverage[];
  /** Sum of browserPaths over the machines. */
  browserPaths: number;
}

/** What a path plan knows about one machine (the harness's MachinePlan). */
export type PlanSummary = Omit<MachineCoverage, 'paths' | 'browserPaths'> & { paths: readonly unknown[] };

/** The coverage/paths.json document for a set of plans and the browser path counts per machine. */
export function coverageReport(plans: readonly PlanSummary[], browserPaths: Readonly<Record<string, number>> = {}): PathsReport {
  const machines: MachineCoverage[] = plans.map(({ id, states, transitions, paths, coveredStates, coveredEdges }) => ({
    id, states, transitions, paths: paths.length, coveredStates, coveredEdges, browserPaths: browserPaths[id] ?? 0,
  }));
  return { machines, browserPaths: machines.reduce((sum, machine) => sum + machine.browserPaths, 0) };
}

export function overlayOf(machine: Pick<MachineCoverage, 'coveredStates' | 'coveredEdges'>): CoverageOverlay {
  return { states: new Set(machine.coveredStates), edges: new Set(machine.coveredEdges) };
}

/** Whole percent, rounded down so 99.6 % never shows as 100 %. */
export function percentOf(count: Pick<CoverageCount, 'covered' | 'total'>): number {
  return count.total === 0 ? 100 : Math.floor((count.covered / count.total) * 100);
}

export const isComplete = (machine: MachineCoverage): boolean =>
  machine.states.covered === machine.states.total && machine.transitions.covered === machine.transitions.total;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Browser path counts per machine from `.tmp/browser-paths.json`: `{ "<machineId>": count | [path names] }`,
 * optionally wrapped as `{ "machines": { ... } }`. Anything else counts as none.
 */
export function readBrowserPaths(json: unknown): Record<string, number> {
  const source = isRecord(json) && isRecord(json.machines) ? json.machines : json;
  if (!isRecord(source)) return {};
  const counts: Record<string, number> = {};
  for (const [id, value] of Object.entries(source)) {
    if (typeof value === 'number' && Number.isFinite(value)) counts[id] = value;
    else if (Array.isArray(value)) counts[id] = value.length;
  }
  return counts;
}

/** The table `npm run test:paths` prints: one line per machine, then the totals. */
export function coverageTable(report: PathsReport): string {
  const cell = (count: CoverageCount) => `${count.covered}/${count.total} ${String(percentOf(count)).padStart(3)} %`;
  const header = `${'machine'.padEnd(20)} ${'states'.padEnd(14)} ${'transitions'.padEnd(14)} ${'paths'.padStart(6)} ${'browser'.padStart(8)}`;
  const rows = report.machines.map((machine) =>
    `${machine.id.padEnd(20)} ${cell(machine.states).padEnd(14)} ${cell(machine.transitions).padEnd(14)} ${String(machine.paths).padStart(6)} ${String(machine.browserPaths).padStart(8)}`);
  const paths = report.machines.reduce((sum, machine) => sum + machine.paths, 0);
  const footer = `${'total'.padEnd(20)} ${''.padEnd(14)} ${''.padEnd(14)} ${String(paths).padStart(6)} ${String(report.browserPaths).padStart(8)}`;
  return [header, ...rows, footer].join('\n');
}
