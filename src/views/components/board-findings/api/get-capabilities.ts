import { useQuery } from '@tanstack/react-query';
import type { ProjectParams } from '../../../../contract/board';
import type { BoardAnalysis } from '../../../../contract/board-files';
import { findingsOf } from '../../../../contract/dfm-findings';
import { dfmCalls } from '../../../../services/dfm';

/** The table changes when the operator replaces its file, which restarts the gateway: once a session is enough. */
export const useCapabilities = (enabled = true) => useQuery({
  queryKey: ['dfm', 'capabilities'],
  queryFn: ({ signal }) => dfmCalls().capabilities(signal),
  staleTime: Infinity,
  enabled,
});

/**
 * The findings of the board for these parameters (the rules are findingsOf's, shared with the gateway); null while
 * the table is on its way, when it did not come, and for a board never checked (nothing was measured to judge).
 */
export function useBoardFindings(analysis: BoardAnalysis | null, params: ProjectParams | null) {
  const checked = Boolean(analysis?.dfm && params);
  const table = useCapabilities(checked);
  const findings = table.data && checked && analysis && params ? findingsOf(analysis.dfm, table.data, params) : null;
  return { findings, failed: table.isError, retry: () => void table.refetch() };
}
