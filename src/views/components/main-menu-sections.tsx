import { useLocation, useSearch } from 'wouter';
import { stripLocale, useT } from '../../services/i18n';
import { LocalLink } from './local-link';
import { MenuIcon, type MenuSectionCode } from './shell/menu-icon';
import { IconMenu, MenuLinkItem } from './ui/menu';
import './main-menu.css';

export interface MenuSection {
  code: MenuSectionCode;
  to: string;
}

/**
 * A section is current on its own page with its query (`/projects?type=pcb`), and also on the pages under it
 * (`/folders/12` keeps 'Папки' marked).
 */
function isCurrent(to: string, location: string, search: string): boolean {
  const [path = '', query = ''] = to.split('?');
  const current = stripLocale(location);
  if (!query) return current === path || current.startsWith(`${path}/`);
  const params = new URLSearchParams(search);
  return current === path && [...new URLSearchParams(query)].every(([key, value]) => params.get(key) === value);
}

/** The sections under an expanded entry: indented, smaller, each a link marked when it is the current page. */
export function MenuSections({ sections, parentLabel }: { sections: readonly MenuSection[]; parentLabel: string }) {
  const t = useT();
  const [location] = useLocation();
  const search = useSearch();
  return (
    <ul className="main-menu__sections" aria-label={t('menu.sections.label', { name: parentLabel })}>
      {sections.map((section) => {
        const current = isCurrent(section.to, location, search);
        return (
          <li key={section.code}>
            <LocalLink
              to={section.to}
              className={`main-menu__section${current ? ' main-menu__section--active' : ''}`}
              aria-current={current ? 'page' : undefined}
              data-section={section.code}
            >
              <MenuIcon code={section.code} size={16} />
              <span className="main-menu__label">{t(`menu.sections.${section.code}`)}</span>
            </LocalLink>
          </li>
        );
      })}
    </ul>
  );
}

/** Mini mode has no room for the list: a small button beside the icon opens the sections as a menu. */
export function MiniMenuSections({ sections, parentLabel }: { sections: readonly MenuSection[]; parentLabel: string }) {
  const t = useT();
  const label = t('menu.sections.label', { name: parentLabel });
  return (
    <IconMenu label={label} icon="chevronRight" iconSize={14} className="main-menu__sections-trigger" align="start" contentClassName="main-menu__sections-menu">
      {sections.map((section) => (
        <MenuLinkItem key={section.code} to={section.to}>
          <MenuIcon code={section.code} size={16} />
          {t(`menu.sections.${section.code}`)}
        </MenuLinkItem>
      ))}
    </IconMenu>
  );
}
