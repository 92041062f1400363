import { useQuery } from '@tanstack/react-query';
import { array, create, number, string, type } from 'superstruct';
import type { PathsReport } from '../../../services/flows/coverage';

const count = type({ covered: number(), total: number(), uncovered: array(string()) });
/** The part of coverage/paths.json the page uses; extra fields are allowed. */
const pathsReport = type({
  machines: array(type({
    id: string(), states: count, transitions: count, paths: number(),
    coveredStates: array(string()), coveredEdges: array(string()), browserPaths: number(),
  })),
  browserPaths: number(),
});

/** The report, or null when there is none (the app runs unbuilt and no test run wrote one). */
export type CoverageLoader = () => Promise<PathsReport | null>;

/** Written by `vite build` (scripts/flows-coverage-plugin.ts) beside index.html: it always matches the running code. */
export const BUILT_COVERAGE_URL = '/flows-coverage.json';

async function readReport(url: string): Promise<PathsReport | null> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  // The Vite dev server answers an unknown file with the app's HTML.
  if (response.status === 404 || !(response.headers.get('content-type') ?? '').includes('json')) return null;
  if (!response.ok) throw new Error(`coverage: HTTP ${response.status}`);
  return create(await response.json(), pathsReport);
}

/** The built report; under the Vite dev server, the one the last test run wrote (GET /api/dev/coverage). */
export const fetchCoverage: CoverageLoader = async () =>
  (await readReport(BUILT_COVERAGE_URL)) ?? readReport('/api/dev/coverage');

export type CoverageState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed' }
  | { status: 'ready'; report: PathsReport };

/** The report, read once per visit through the data layer (a failure is logged there). */
export function useCoverage(load: CoverageLoader): CoverageState {
  const { data: report, isPending } = useQuery({ queryKey: ['flows', 'coverage'], queryFn: load });
  if (isPending) return { status: 'loading' };
  if (report === undefined) return { status: 'failed' };
  return report ? { status: 'ready', report } : { status: 'missing' };
}
