import type { ReactNode } from 'react';
import type { DfmVerdictKind } from '../../../contract/dfm';
import type { Project } from '../../../contract/projects';
import { useT } from '../../../services/i18n';
import { FavoriteButton } from './favorite-button';
import { StatusBadge } from './status-badge';

interface ProjectHeaderProps {
  /** Null while loading: the title reads 'Загрузка…' (the board's initial title in the product spec's constants). */
  project: Project | null;
  onToggleFavorite: () => void;
  actions?: ReactNode;
  /** What stands before ordering it, said beside the status, above the button that orders. */
  dfmVerdict?: DfmVerdictKind | null | undefined;
}

/** Title, status, favourite star and client of the project; its actions below. */
export function ProjectHeader({ project, onToggleFavorite, actions, dfmVerdict }: ProjectHeaderProps) {
  const t = useT();
  return (
    <header className="project-header">
      <div className="project-header__line">
        <h1 className="project-header__title">{project ? project.title : t('ui.loading')}</h1>
        {project ? <StatusBadge status={project.status} dfmVerdict={dfmVerdict} /> : null}
        {project ? <FavoriteButton isFavorite={project.isFavorite} title={project.title} onToggle={onToggleFavorite} /> : null}
      </div>
      {project ? (
        <p className="project-header__meta">
          <span>{t('projects.item.number', { id: project.id })}</span>
          <span>{t('project.client', { name: project.clientName })}</span>
          <span>{t(`wizard.productTypes.${project.productType}`)}</span>
          <span>{t('project.versions.number', { number: project.versionNumber })}</span>
        </p>
      ) : null}
      {actions}
    </header>
  );
}
