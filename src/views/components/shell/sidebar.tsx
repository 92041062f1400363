import type { ReactElement } from 'react';
import { useT } from '../../../services/i18n';
import { toggleSidebarMini } from '../../../services/shell-prefs';
import { LocalLink } from '../local-link';
import { Logo } from '../logo';
import { MainMenu } from '../main-menu';
import { Icon } from '../ui/icon';
import { Tooltip } from '../ui/tooltip';
import { EducationToggle } from './education-toggle';
import { SUPPORT_PAGE_URL } from './support-contacts';
import './shell.css';

interface SidebarProps {
  mini: boolean;
  /** The current screen enables on-screen education: show 'Подсказка'. */
  education: boolean;
}

/** The product spec's sidebar: 270 px, or 90 px of icons in mini mode; its colours come from the sidebar theme. */
export function Sidebar({ mini, education }: SidebarProps) {
  const t = useT();
  const toggleLabel = t(mini ? 'shell.sidebar.expand' : 'shell.sidebar.collapse');
  const supportLabel = t('menu.support');
  const supportLink: ReactElement = (
    <a className="main-menu__link" href={SUPPORT_PAGE_URL} target="_blank" rel="noopener noreferrer">
      <Icon name="support" size={22} />
      <span className={mini ? 'visually-hidden' : 'main-menu__label'}>{supportLabel}</span>
      {mini ? null : <Icon name="external" size={16} className="main-menu__external" />}
    </a>
  );
  return (
    <aside className={`sidebar${mini ? ' sidebar--mini' : ''}`} aria-label={t('shell.sidebar.label')}>
      <div className="sidebar__top">
        <LocalLink to="/" className="sidebar__logo brand-link">
          <Logo compact={mini} />
        </LocalLink>
        <Tooltip content={toggleLabel} side="right">
          <button type="button" className="sidebar__toggle" aria-label={toggleLabel} onClick={toggleSidebarMini}>
            <Icon name={mini ? 'chevronRight' : 'chevronLeft'} size={20} />
          </button>
        </Tooltip>
      </div>
      <MainMenu mini={mini} />
      <nav className="main-menu sidebar__bottom" aria-label={t('menu.bottomLabel')}>
        <ul>
          <li className="main-menu__item">{mini ? <Tooltip content={supportLabel} side="right">{supportLink}</Tooltip> : supportLink}</li>
          {education ? (
            <li className="main-menu__item">
              <EducationToggle mini={mini} />
            </li>
          ) : null}
        </ul>
      </nav>
    </aside>
  );
}
