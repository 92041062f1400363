import type { ProjectParams } from '../../../contract/board';
import type { BoardAnalysis } from '../../../contract/board-files';
import { useT } from '../../../services/i18n';
import { RetryNote } from '../ui/retry-note';
import { useBoardFindings } from './api/get-capabilities';
import { useCureDeltas } from './api/get-cure-prices';
import { useAnalysisDfm } from './api/use-analysis-dfm';
import { BoardFindings } from './board-findings';
import type { DfmCure } from '../../../contract/dfm-findings';

interface BoardFindingsForProps {
  analysis: BoardAnalysis;
  params: ProjectParams;
  onCure?: (cure: DfmCure) => void;
}

/** The findings of a signed-in user's board for these parameters, with what each cure would add to the price. */
export function BoardFindingsFor({ analysis: stored, params, onCure }: BoardFindingsForProps) {
  const t = useT();
  // DFM comes seconds after the analysis: until then BoardFindings says it is running.
  const { analysis, waitFailed, waitAgain } = useAnalysisDfm(stored);
  const { findings, failed, retry } = useBoardFindings(analysis, params);
  const cureDeltas = useCureDeltas(params, findings);
  if (waitFailed) return <FindingsRetry text={t('board.dfm.waitFailed')} onRetry={waitAgain} />;
  // Not checked (yet, or ever): BoardFindings says which, with nothing to judge.
  if (!analysis.dfm) return <BoardFindings analysis={analysis} findings={[]} />;
  if (findings) return <BoardFindings analysis={analysis} findings={findings} cureDeltas={cureDeltas} onCure={onCure} />;
  if (!failed) return <p className="board-findings__note" role="status">{t('board.dfm.loading')}</p>;
  return <FindingsRetry text={t('board.dfm.tableFailed')} onRetry={retry} />;
}

function FindingsRetry({ text, onRetry }: { text: string; onRetry: () => void }) {
  const t = useT();
  return <RetryNote text={text} retryLabel={t('board.preview.retry')} onRetry={onRetry} look="link" className="board-findings__note" role="alert" />;
}
