import type { Project } from '../../../contract/projects';
import { useT } from '../../../services/i18n';
import { projectPermissions } from '../../../services/projects';
import { PriceBreakdown } from '../../components/board/price-breakdown';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { BoardArea } from './board-area';
import { BoardToggles, useBoardPanels } from './board-toggles';
import { ErrorsPanel } from './errors-panel';
import { InfoPanel } from './info-panel';
import { LayersPanel } from './layers-panel';
import { ParametersPanel } from './parameters-panel';
import { ProjectActions } from './project-actions';
import { ProjectHeader } from './project-header';
import { EntityNotFound } from '../../components/entity-not-found';
import { useProject } from './use-project';
import { useProjectCommands } from './use-project-commands';
import { useProjectRoles } from './use-project-roles';

/** /project/:id — the board, its panels of spec 3, and what the user may do with the project. */
export function ProjectView({ id }: { id: number }) {
  const t = useT();
  const { loaded, reload, replace } = useProject(id);
  const roles = useProjectRoles();
  const commands = useProjectCommands();
  const { panels, toggle } = useBoardPanels();

  if (loaded.status === 'notFound') return <EntityNotFound title={t('project.notFound')} text={t('project.notFoundText')} back={{ to: '/projects', label: t('project.toProjects') }} />;
  if (loaded.status !== 'loaded') {
    return (
      <div className="project-page">
        <ProjectHeader project={null} onToggleFavorite={() => undefined} />
        {loaded.status === 'failed' ? (
          <div className="project-page__failed">
            <p>{t('project.failed')}</p>
            <Button variant="secondary" onClick={reload}>{t('projects.list.retry')}</Button>
          </div>
        ) : (
          <div className="project-page__loading">
            <Skeleton rows={6} imageSize={120} />
            <Skeleton rows={4} imageSize={0} announce={false} />
          </div>
        )}
      </div>
    );
  }

  const { project } = loaded;
  const permissions = projectPermissions(project, roles.get(project.clientId) ?? null);
  // Optimistic: the star turns at once and turns back if the gateway refuses.
  const toggleFavorite = async (current: Project) => {
    const isFavorite = !current.isFavorite;
    replace({ ...current, isFavorite });
    if (!(await commands.setFavorite(current, isFavorite))) replace({ ...current, isFavorite: !isFavorite });
  };
  const { analysis } = project;

  return (
    <div className="project-page">
      <ProjectHeader
        project={project}
        onToggleFavorite={() => void toggleFavorite(project)}
        actions={<ProjectActions project={project} permissions={permissions} commands={commands} onChanged={replace} />}
      />
      <BoardToggles panels={panels} onToggle={toggle} hasFiles={analysis !== null} alertCount={analysis?.alerts.length ?? 0} />
      <div className="project-page__body">
        <div className="project-page__board">
          <BoardArea project={project} threeD={panels.threeD} />
          {analysis && panels.layers ? <LayersPanel analysis={analysis} /> : null}
          {analysis && panels.errors ? <ErrorsPanel analysis={analysis} /> : null}
        </div>
        <div className="project-page__side">
          <PriceBreakdown quote={project.quote} state={project.quote ? 'quoted' : 'idle'} />
          {panels.parameters ? <ParametersPanel params={project.params} /> : null}
          {panels.info ? <InfoPanel project={project} /> : null}
        </div>
      </div>
    </div>
  );
}
