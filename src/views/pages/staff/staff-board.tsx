import type { ProjectParams } from '../../../contract/board';
import type { BoardAnalysis } from '../../../contract/board-files';
import { useT } from '../../../services/i18n';
import { BoardPreview } from '../../components/board/board-preview';
import { useBoardFindings } from '../../components/board-findings/api/get-capabilities';
import { BoardFindings } from '../../components/board-findings/board-findings';
import { ParamsSummary } from '../wizard/params-summary';
import { StaffLayerTable } from './staff-layer-table';
import '../step-card.css';
import '../wizard/wizard.css';

interface StaffBoardProps {
  analysis: BoardAnalysis | null;
  params: ProjectParams | null;
}

/**
 * One line's board with the customer's own components: the pictures, the layer table, the DFM findings on the
 * picture for the parameters it was ordered with. No cure is offered: the engineer asks the customer instead.
 */
export function StaffBoard({ analysis, params }: StaffBoardProps) {
  const t = useT();
  const { findings, failed, retry } = useBoardFindings(analysis, params);
  return (
    <div className="staff-board">
      <div className="staff-board__params">
        <h4>{t('staff.order.params')}</h4>
        {params ? <ParamsSummary params={params} /> : <p className="staff-muted">{t('staff.order.noParams')}</p>}
      </div>
      {analysis ? (
        <>
          <div className="staff-board__pictures"><BoardPreview analysis={analysis} /></div>
          <div className="staff-board__layers">
            <h4>{t('staff.order.layers')}</h4>
            <StaffLayerTable files={analysis.files} />
          </div>
          <div className="staff-board__findings">
            {!analysis.dfm || !params ? <BoardFindings analysis={analysis} findings={[]} />
              : findings ? <BoardFindings analysis={analysis} findings={findings} />
              : failed ? (
                <p className="board-findings__note" role="alert">
                  {t('board.dfm.tableFailed')}
                  <button type="button" className="ui-button ui-button--link" onClick={retry}>{t('board.preview.retry')}</button>
                </p>
              ) : <p className="board-findings__note" role="status">{t('board.dfm.loading')}</p>}
          </div>
        </>
      ) : <p className="staff-muted">{t('staff.order.noAnalysis')}</p>}
    </div>
  );
}
