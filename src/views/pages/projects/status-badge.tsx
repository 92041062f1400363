import type { ProjectStatus } from '../../../contract/projects';
import { useT } from '../../../services/i18n';

/** The project's status of spec 4 as a coloured label. */
export function StatusBadge({ status }: { status: ProjectStatus }) {
  const t = useT();
  return <span className={`project-status project-status--${status}`}>{t(`projects.statuses.${status}`)}</span>;
}
