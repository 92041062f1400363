import { useContext } from 'react';
import { useQuery } from '@tanstack/react-query';
import { analysisKeyOf, type BoardAnalysis } from '../../../../contract/board-files';
import { waitForDfm } from '../../../../services/board-dfm';
import { QuotePictureKey } from '../../../../services/quote-picture-key';

export interface AnalysisWithDfm<T> {
  analysis: T;
  /** The wait for a running DFM failed (network, time-out): DFM may still be running, only this browser lost it. */
  waitFailed: boolean;
  /** Waits again. */
  waitAgain: () => void;
}

/**
 * The analysis with its DFM once measured. The wizard, /quote and the project page hold the analysis as
 * its first stage was stored, before DFM; while DFM runs this waits for it and hands back the analysis with it,
 * kept per upload and layers so a step shown again does not wait again. A quote's is asked with the visitor's key.
 */
export function useAnalysisDfm<T extends BoardAnalysis | null>(analysis: T): AnalysisWithDfm<T> {
  const quoteKey = useContext(QuotePictureKey);
  const running = analysis?.dfmStatus === 'running';
  const query = useQuery({
    queryKey: ['board-dfm', analysis ? analysisKeyOf(analysis) : ''],
    queryFn: ({ signal }) => waitForDfm(analysis?.uploadId ?? '', quoteKey !== null, signal),
    enabled: running,
    staleTime: Infinity,
  });
  // Waiting again counts as running until it fails once more.
  const waitFailed = running && query.isError && !query.isFetching;
  const waitAgain = () => void query.refetch();
  const later = query.data?.analysis;
  if (!analysis || !running || !later || analysisKeyOf(later) !== analysisKeyOf(analysis)) return { analysis, waitFailed, waitAgain };
  return { analysis: { ...analysis, dfm: later.dfm, dfmStatus: later.dfmStatus }, waitFailed: false, waitAgain };
}
