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

/** The report, or null when none has been written yet (the gateway answers 404). */
export type CoverageLoader = () => Promise<PathsReport | null>;

export const fetchCoverage: CoverageLoader = async () => {
  const response = await fetch('/api/dev/coverage', { headers: { accept: 'application/json' } });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`coverage: HTTP ${response.status}`);
  return create(await response.json(), pathsReport);
};

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
