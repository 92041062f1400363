import type { ProjectVersion } from '../../../contract/projects';
import { formatDate } from '../../../services/format';
import { useT } from '../../../services/i18n';

/** Each set of files made a version; the newest first, the current one marked. */
export function VersionsPanel({ versions, currentId }: { versions: readonly ProjectVersion[]; currentId: number }) {
  const t = useT();
  const newestFirst = [...versions].sort((a, b) => b.number - a.number);
  return (
    <div className="project-versions">
      <h3 className="project-params__group-title">{t('project.versions.title')}</h3>
      <ol className="project-versions__list">
        {newestFirst.map((version) => {
          const current = version.id === currentId;
          return (
            <li key={version.id} className={current ? 'project-version project-version--current' : 'project-version'} aria-current={current || undefined}>
              <span className="project-version__name">
                {t('project.versions.number', { number: version.number })}
                {current ? <span className="project-version__badge">{t('project.versions.current')}</span> : null}
              </span>
              <span className="project-version__archive">{version.boardName ?? version.archiveName ?? t('project.versions.manual')}</span>
              <span className="project-version__meta">
                {version.uploadId ? <span>{t('project.versions.files', { count: version.fileCount })}</span> : null}
                <span>{formatDate(version.createdAt)}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
