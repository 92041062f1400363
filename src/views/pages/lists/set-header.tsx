import type { ReactNode } from 'react';
import type { ProjectSet } from '../../../contract/project-sets';
import { formatDate, formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { SET_PATHS, type ProjectSetPermissions } from '../../../services/project-sets';
import { LocalLink } from '../../components/local-link';
import { Icon } from '../../components/ui/icon';
import { IconMenu, MenuItem } from '../../components/ui/menu';

interface SetHeaderProps {
  set: ProjectSet;
  permissions: ProjectSetPermissions;
  /** The page's buttons: add a project, a kit to the cart. */
  actions: ReactNode;
  onRename: () => void;
  onDelete: () => void;
}

/** Back to the list, the set's name, client, count, total and last change, its buttons and its menu. */
export function SetHeader({ set, permissions, actions, onRename, onDelete }: SetHeaderProps) {
  const t = useT();
  const menuLabel = t('projectSets.item.actions', { name: set.name });
  return (
    <header className="set-header">
      <LocalLink to={SET_PATHS[set.kind]} className="set-header__back">
        <Icon name="chevronLeft" size={16} />
        {t(`projectSets.${set.kind}.all`)}
      </LocalLink>
      <div className="lists-page__header">
        <div>
          <h1 className="lists-page__title">{set.name}</h1>
          <p className="set-header__meta">
            <span>{set.clientName}</span>
            <span>{t('projectSets.item.projects', { count: set.projectCount })}</span>
            <span>{t('projectSets.page.totalShort', { total: formatPrice(set.total) })}</span>
            <span>{t('projectSets.item.updated', { date: formatDate(set.updatedAt) })}</span>
          </p>
        </div>
        <div className="lists-page__actions">
          {actions}
          {permissions.change ? (
            <IconMenu label={menuLabel}>
              <MenuItem onSelect={onRename}>{t('projectSets.item.rename')}</MenuItem>
              <MenuItem danger onSelect={onDelete}>{t('projectSets.item.delete')}</MenuItem>
            </IconMenu>
          ) : null}
        </div>
      </div>
    </header>
  );
}
