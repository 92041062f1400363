import type { Project } from '../../../contract/projects';
import { formatDate, formatTime } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { VersionsPanel } from './versions-panel';

/** When the project was made and last changed, and its versions. */
export function InfoPanel({ project }: { project: Project }) {
  const t = useT();
  const when = (iso: string) => t('project.info.at', { date: formatDate(iso), time: formatTime(iso) });
  return (
    <section className="project-panel" aria-labelledby="project-info-title">
      <h2 className="project-panel__title" id="project-info-title">{t('project.info.title')}</h2>
      <dl className="project-params">
        <div className="project-params__row">
          <dt>{t('project.info.number')}</dt>
          <dd>{project.id}</dd>
        </div>
        <div className="project-params__row">
          <dt>{t('project.info.client')}</dt>
          <dd>{project.clientName}</dd>
        </div>
        <div className="project-params__row">
          <dt>{t('project.info.created')}</dt>
          <dd>{when(project.createdAt)}</dd>
        </div>
        <div className="project-params__row">
          <dt>{t('project.info.updated')}</dt>
          <dd>{when(project.updatedAt)}</dd>
        </div>
      </dl>
      <VersionsPanel versions={project.versions} currentId={project.versionId} />
    </section>
  );
}
