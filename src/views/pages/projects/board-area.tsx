import type { Project } from '../../../contract/projects';
import { useT } from '../../../services/i18n';
import { useAnalysisDfm } from '../../components/board-findings/api/use-analysis-dfm';
import { BoardFindingsFor } from '../../components/board-findings/board-findings-for';
import { BoardPreview } from '../../components/board/board-preview';
import { PanelPreview } from '../../components/board/panel-preview';
import { StencilPreview } from '../../components/board/stencil-preview';
import { Board3d } from './board-3d';
import { ProductCover } from './product-cover';

/**
 * The picture of the project: the board from its files (flat with top/bottom and layers, or the 3D view; with the
 * 'Ошибки' toggle, the DFM findings over it), else the product's cover for a project entered by hand; the panel and
 * stencil drawn from their parameters when present.
 */
export function BoardArea({ project, threeD, findings }: { project: Project; threeD: boolean; findings: boolean }) {
  const t = useT();
  const { params } = project;
  // The project's analysis may be stored before its DFM: the findings' own picture replaces the plain one once it comes.
  const { analysis } = useAnalysisDfm(project.analysis);
  return (
    <section className="project-board" aria-label={t('project.board.title')}>
      {analysis && threeD ? <Board3d analysis={analysis} /> : null}
      {analysis && !threeD && !(findings && analysis.dfm) ? <BoardPreview analysis={analysis} /> : null}
      {analysis && !threeD && findings ? <BoardFindingsFor analysis={analysis} params={params} /> : null}
      {analysis ? null : (
        <figure className="project-board__cover">
          <ProductCover type={project.productType} size={160} label={t(`wizard.productTypes.${project.productType}`)} />
          <figcaption>{t('project.board.manual')}</figcaption>
        </figure>
      )}
      {params.panel ? <PanelPreview board={params.board} panel={params.panel} /> : null}
      {params.stencil ? <StencilPreview stencil={params.stencil} /> : null}
    </section>
  );
}
