import type { ProjectSetSummary } from '../../../contract/project-sets';
import { formatDate, formatPrice } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { setPath } from '../../../services/project-sets';
import { LocalLink } from '../../components/local-link';
import { MenuIcon } from '../../components/shell/menu-icon';
import { IconMenu, MenuItem, MenuLinkItem, MenuSeparator } from '../../components/ui/menu';

export type SetAction = 'rename' | 'delete';

interface ProjectSetItemProps {
  set: ProjectSetSummary;
  /** The caller's role lets them rename and delete it. */
  changeable: boolean;
  onAction: (set: ProjectSetSummary, action: SetAction) => void;
}

/** One folder or kit: name (its page), client, number of projects, total, last change, and its menu. */
export function ProjectSetItem({ set, changeable, onAction }: ProjectSetItemProps) {
  const t = useT();
  const menuLabel = t('projectSets.item.actions', { name: set.name });
  return (
    <div className="list-line list-line--with-icon" data-set-id={set.id}>
      <span className="list-line__icon" aria-hidden="true"><MenuIcon code={set.kind === 'kit' ? 'kits' : 'folders'} size={20} /></span>
      <div className="list-line__main">
        <div className="list-line__head">
          <LocalLink to={setPath(set.kind, set.id)} className="list-line__title">{set.name}</LocalLink>
        </div>
        <div className="list-line__meta">
          <span>{set.clientName}</span>
          <span>{t('projectSets.item.projects', { count: set.projectCount })}</span>
          <span>{t('projectSets.item.updated', { date: formatDate(set.updatedAt) })}</span>
        </div>
      </div>
      <div className="list-line__sum"><span className="list-line__amount">{formatPrice(set.total)}</span></div>
      <div className="list-line__tools">
        <IconMenu label={menuLabel}>
          <MenuLinkItem to={setPath(set.kind, set.id)}>{t('projectSets.item.open')}</MenuLinkItem>
          {changeable ? <MenuItem onSelect={() => onAction(set, 'rename')}>{t('projectSets.item.rename')}</MenuItem> : null}
          {changeable ? <MenuSeparator /> : null}
          {changeable ? <MenuItem danger onSelect={() => onAction(set, 'delete')}>{t('projectSets.item.delete')}</MenuItem> : null}
        </IconMenu>
      </div>
    </div>
  );
}
