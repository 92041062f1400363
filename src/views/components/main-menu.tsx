import type { Counters } from '../../contract/counters';
import { useT } from '../../services/i18n';
import { LocalLink } from './local-link';
import { useSession } from './session-context';

interface MenuEntry {
  code: 'index' | 'drafts' | 'projects' | 'baskets' | 'orders' | 'atWork';
  to: string;
  count?: (counters: Counters) => number;
}

/** Spec 2.5 main menu; the v2 counters carry no 'В работе' count, so that entry has no badge. */
const ENTRIES: readonly MenuEntry[] = [
  { code: 'index', to: '/' },
  { code: 'drafts', to: '/projects?status=draft', count: (c) => c.projects.totalDraft },
  { code: 'projects', to: '/projects?status=actual', count: (c) => c.projects.totalActual },
  { code: 'baskets', to: '/cart', count: (c) => c.basket.total },
  { code: 'orders', to: '/orders', count: (c) => c.orders.total },
  { code: 'atWork', to: '/at-work' },
];

export function MainMenu() {
  const t = useT();
  const counters = useSession((s) => s.context.counters);
  return (
    <nav className="main-menu" aria-label={t('menu.label')}>
      <ul>
        {ENTRIES.map((entry) => {
          const count = counters && entry.count ? entry.count(counters) : 0;
          return (
            <li key={entry.code} className="main-menu__item">
              <LocalLink to={entry.to} className="main-menu__link" activeClassName="main-menu__link--active">
                <span>{t(`menu.${entry.code}`)}</span>
                {count > 0 ? <span className="badge" data-testid={`counter-${entry.code}`}>{count}</span> : null}
              </LocalLink>
              {entry.code === 'projects' ? (
                <LocalLink to="/wizard-board" className="main-menu__add" aria-label={t('menu.newProject')} title={t('menu.newProject')}>
                  +
                </LocalLink>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
