import type { ReactElement } from 'react';
import type { Counters } from '../../contract/counters';
import { formatNumber } from '../../services/format';
import { useT } from '../../services/i18n';
import { LocalLink } from './local-link';
import { MenuSections, MiniMenuSections, type MenuSection } from './main-menu-sections';
import { useSession } from './session-context';
import { MenuIcon, type MenuCode } from './shell/menu-icon';
import { Icon } from './ui/icon';
import { Tooltip } from './ui/tooltip';

interface MenuEntry {
  code: MenuCode;
  to: string;
  count?: (counters: Counters) => number;
  /** The product spec's menu item `children` (text, href, icon): our own sections. */
  sections?: readonly MenuSection[];
}

/** The product types with a section of their own under 'Проекты'. */
const PROJECT_TYPE_SECTIONS = ['pcb', 'stencil', 'mounting', 'module'] as const;

/** The product spec's main menu; the v2 counters carry no 'В работе' count, so that entry has no badge. */
const ENTRIES: readonly MenuEntry[] = [
  { code: 'index', to: '/' },
  { code: 'drafts', to: '/projects?status=draft', count: (c) => c.projects.totalDraft },
  {
    code: 'projects',
    to: '/projects?status=actual',
    count: (c) => c.projects.totalActual,
    sections: [
      ...PROJECT_TYPE_SECTIONS.map((type) => ({ code: type, to: `/projects?type=${type}` })),
      { code: 'folders', to: '/folders' },
      { code: 'kits', to: '/kits' },
    ],
  },
  { code: 'baskets', to: '/cart', count: (c) => c.basket.total },
  {
    code: 'orders',
    to: '/orders',
    count: (c) => c.orders.total,
    sections: [
      { code: 'positions', to: '/positions' },
      { code: 'invoices', to: '/invoices' },
    ],
  },
  { code: 'atWork', to: '/at-work' },
];

/** In mini mode only icons show; the label stays the link's name and appears as a tooltip. */
function withTooltip(mini: boolean, label: string, link: ReactElement): ReactElement {
  return mini ? <Tooltip content={label} side="right">{link}</Tooltip> : link;
}

export function MainMenu({ mini = false }: { mini?: boolean }) {
  const t = useT();
  const counters = useSession((s) => s.context.counters);
  return (
    <nav className="main-menu" aria-label={t('menu.label')}>
      <ul>
        {ENTRIES.map((entry) => {
          const count = counters && entry.count ? entry.count(counters) : 0;
          const label = t(`menu.${entry.code}`);
          const link = (
            <LocalLink to={entry.to} className="main-menu__link" activeClassName="main-menu__link--active">
              <MenuIcon code={entry.code} />
              <span className={mini ? 'visually-hidden' : 'main-menu__label'}>{label}</span>
              {count > 0 ? <span className="badge main-menu__badge" data-testid={`counter-${entry.code}`}>{formatNumber(count)}</span> : null}
            </LocalLink>
          );
          return (
            <li key={entry.code} className={`main-menu__item${entry.sections ? ' main-menu__item--parent' : ''}`}>
              {withTooltip(mini, label, link)}
              {entry.code === 'projects' && !mini ? (
                <Tooltip content={t('menu.newProject')} side="right">
                  <LocalLink to="/wizard-board" className="main-menu__add" aria-label={t('menu.newProject')}>
                    <Icon name="plus" size={18} />
                  </LocalLink>
                </Tooltip>
              ) : null}
              {entry.sections && mini ? <MiniMenuSections sections={entry.sections} parentLabel={label} /> : null}
              {entry.sections && !mini ? <MenuSections sections={entry.sections} parentLabel={label} /> : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
