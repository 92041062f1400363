import { verdictKindOf } from '../../../contract/dfm-verdict';
import { useT } from '../../../services/i18n';
import { projectPermissions } from '../../../services/projects';
import { PriceBreakdown } from '../../components/board/price-breakdown';
import { EntityLoading } from '../../components/entity-loading';
import { useBoardFindings } from '../../components/board-findings/api/get-capabilities';
import { useDfmVerdict } from '../../components/board-findings/api/use-dfm-verdict';
import { DfmVerdictNote } from '../../components/board-findings/dfm-verdict-note';
import { BoardArea } from './board-area';
import { BoardToggles, useBoardPanels } from './board-toggles';
import { ErrorsPanel } from './errors-panel';
import { InfoPanel } from './info-panel';
import { LayersPanel } from './layers-panel';
import { ParametersPanel } from './parameters-panel';
import { ProjectActions } from './project-actions';
import { ProjectHeader } from './project-header';
import { EntityNotFound } from '../../components/entity-not-found';
import { isNotFound } from '../../data/query-client';
import { useProject } from './api/get-project';
import { useProjectRoles } from './api/get-project-roles';
import { useSetProjectFavorite } from './api/project-mutations';

/** /project/:id — the board, its panels of the product spec, and what the user may do with the project. */
export function ProjectView({ id }: { id: number }) {
  const t = useT();
  const { data: project, error, isError, refetch } = useProject(id);
  const roles = useProjectRoles();
  const setFavorite = useSetProjectFavorite();
  const { panels, toggle } = useBoardPanels();
  const { findings } = useBoardFindings(project?.analysis ?? null, project?.params ?? null);
  // The page's own verdict once the table (and a DFM still measured) has come; the gateway's until then.
  const verdict = useDfmVerdict(project?.analysis ?? null, project?.params ?? null);

  if (isNotFound(error))
    return (
      <EntityNotFound title={t('project.notFound')} text={t('project.notFoundText')} back={{ to: '/projects', label: t('project.toProjects') }} />
    );
  if (!project) {
    return (
      <div className="project-page">
        <ProjectHeader project={null} onToggleFavorite={() => undefined} />
        <EntityLoading
          block="project-page"
          failed={isError}
          failedText={t('project.failed')}
          retryLabel={t('projects.list.retry')}
          onRetry={() => void refetch()}
          skeletons={[{ rows: 6, imageSize: 120 }, { rows: 4, imageSize: 0 }]}
        />
      </div>
    );
  }

  const permissions = projectPermissions(project, roles.get(project.clientId) ?? null);
  const dfmVerdict = verdict ? verdictKindOf(verdict.verdict) : project.dfmVerdict;
  const { analysis } = project;

  return (
    <div className="project-page">
      <ProjectHeader
        project={project}
        onToggleFavorite={() => setFavorite.mutate({ project, isFavorite: !project.isFavorite })}
        actions={<ProjectActions project={project} permissions={permissions} review={dfmVerdict === 'review' || dfmVerdict === 'option'} />}
        dfmVerdict={dfmVerdict}
      />
      <BoardToggles panels={panels} onToggle={toggle} hasFiles={analysis !== null} alertCount={(analysis?.alerts.length ?? 0) + (findings?.length ?? 0)} />
      <div className="project-page__body">
        <div className="project-page__board">
          <BoardArea project={project} threeD={panels.threeD} findings={panels.errors} />
          {analysis && panels.layers ? <LayersPanel analysis={analysis} /> : null}
          {analysis && panels.errors ? <ErrorsPanel analysis={analysis} /> : null}
        </div>
        <div className="project-page__side">
          <DfmVerdictNote analysis={analysis} params={project.params} />
          <PriceBreakdown quote={project.quote} state={project.quote ? 'quoted' : 'idle'} />
          {panels.parameters ? <ParametersPanel params={project.params} /> : null}
          {panels.info ? <InfoPanel project={project} /> : null}
        </div>
      </div>
    </div>
  );
}
