import type { DfmVerdictKind } from '../../../contract/dfm';
import type { ProjectStatus } from '../../../contract/projects';
import { useT } from '../../../services/i18n';

interface StatusBadgeProps {
  status: ProjectStatus;
  /** What stands before ordering it as it is; null or absent when nothing does. */
  dfmVerdict?: DfmVerdictKind | null | undefined;
}

/**
 * The project's status of the product spec as a coloured label. A project whose order would meet an engineer's review or an
 * option its files need is never called 'ready to order': that takes the status's place; a draft shows it
 * beside its own.
 */
export function StatusBadge({ status, dfmVerdict }: StatusBadgeProps) {
  const t = useT();
  const verdict = status === 'archive' ? null : dfmVerdict ?? null;
  const note = verdict ? <span className={`project-status project-status--${verdict}`}>{t(`projects.dfmVerdicts.${verdict}`)}</span> : null;
  if (status === 'actual' && note) return note;
  return (
    <>
      <span className={`project-status project-status--${status}`}>{t(`projects.statuses.${status}`)}</span>
      {note}
    </>
  );
}
