import type { ProjectSummary } from '../../../contract/projects';
import { formatDate, formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import type { ProjectPermissions } from '../../../services/projects';
import { LocalLink } from '../../components/local-link';
import { IconMenu, MenuItem, MenuLinkItem, MenuSeparator } from '../../components/ui/menu';
import { FavoriteButton } from './favorite-button';
import { ProjectThumbnail } from './project-thumbnail';
import { StatusBadge } from './status-badge';

/** What a line's star and menu ask the list to do. */
export type ItemAction = 'favorite' | 'makeActual' | 'archive' | 'restore' | 'duplicate' | 'addToCart';

interface ListItemProps {
  project: ProjectSummary;
  permissions: ProjectPermissions;
  busy: boolean;
  onAction: (project: ProjectSummary, action: ItemAction) => void;
}

/** One project: picture, title and number, client, type, size, quantity, price, status, last change, star, menu. */
export function ListItem({ project, permissions, busy, onAction }: ListItemProps) {
  const t = useT();
  const act = (action: ItemAction) => () => onAction(project, action);
  const size = project.widthMm !== null && project.heightMm !== null
    ? t('projects.item.size', { width: project.widthMm, height: project.heightMm })
    : null;
  const menuLabel = t('projects.item.actions', { title: project.title });
  const review = project.dfmVerdict === 'review' || project.dfmVerdict === 'option';
  return (
    <li className="project-item" data-project-id={project.id} aria-busy={busy || undefined}>
      <ProjectThumbnail project={project} />
      <div className="project-item__main">
        <div className="project-item__head">
          <LocalLink to={`/project/${project.id}`} className="project-item__title">
            {project.title}
          </LocalLink>
          <span className="project-item__id">{t('projects.item.number', { id: project.id })}</span>
          <StatusBadge status={project.status} dfmVerdict={project.dfmVerdict} />
        </div>
        <div className="project-item__meta">
          <span>{project.clientName}</span>
          <span>{t(`wizard.productTypes.${project.productType}`)}</span>
          {size ? <span>{size}</span> : null}
          {project.layers !== null ? <span>{t('projects.item.layers', { count: project.layers })}</span> : null}
          <span>{t('projects.item.quantity', { count: project.quantity })}</span>
        </div>
        <div className="project-item__updated">{t('projects.item.updated', { date: formatDate(project.updatedAt) })}</div>
      </div>
      <div className="project-item__price">{formatPrice(project.price)}</div>
      <div className="project-item__tools">
        <FavoriteButton isFavorite={project.isFavorite} title={project.title} onToggle={act('favorite')} />
        <IconMenu label={menuLabel} className="project-item__menu ui-icon-button" disabled={busy}>
          <MenuLinkItem to={`/project/${project.id}`}>{t('projects.actions.open')}</MenuLinkItem>
          {permissions.edit ? <MenuLinkItem to={`/wizard-board?projectId=${project.id}`}>{t('projects.actions.edit')}</MenuLinkItem> : null}
          {permissions.order ? <MenuItem onSelect={act('addToCart')}>{t('projects.actions.addToCart')}</MenuItem> : null}
          {permissions.change ? <MenuItem onSelect={act('duplicate')}>{t('projects.actions.duplicate')}</MenuItem> : null}
          {permissions.makeActual ? (
            <MenuItem onSelect={act('makeActual')}>{t(review ? 'projects.actions.makeActualReview' : 'projects.actions.makeActual')}</MenuItem>
          ) : null}
          {permissions.change ? <MenuSeparator /> : null}
          {permissions.change && project.status === 'archive' ? <MenuItem onSelect={act('restore')}>{t('projects.actions.restore')}</MenuItem> : null}
          {permissions.change && project.status !== 'archive' ? (
            <MenuItem danger onSelect={act('archive')}>
              {t('projects.actions.archive')}
            </MenuItem>
          ) : null}
        </IconMenu>
      </div>
    </li>
  );
}
