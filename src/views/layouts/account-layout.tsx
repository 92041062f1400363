import type { ReactNode } from 'react';
import { useT } from '../../services/i18n';
import { LocalLink } from '../components/local-link';
import { Logo } from '../components/logo';
import { Icon } from '../components/ui/icon';
import { ClientModalHost } from '../components/notifications/client-modal-host';
import { Toaster } from '../components/ui/toaster';
import { useRootPrefs } from '../components/shell/use-root-prefs';
import { withQueryProvider } from '../data/query-provider';

const TABS = ['profile', 'clients', 'counteragents', 'contacts', 'delivery'] as const;
const TAB_LABELS = {
  profile: 'profileMenu.profile',
  clients: 'profileMenu.clients',
  counteragents: 'profileMenu.payers',
  contacts: 'profileMenu.contacts',
  delivery: 'profileMenu.delivery',
} as const;

/** The product spec's account layout: header with a close link back to /, five tabs on the left, main area. */
function AccountLayout({ children }: { title?: string; children: ReactNode }) {
  const t = useT();
  useRootPrefs();
  return (
    <div className="account-layout">
      <a className="skip-link" href="#content">{t('app.skipToContent')}</a>
      <header className="account-layout__header">
        <LocalLink to="/" className="brand-link">
          <Logo />
        </LocalLink>
        <span className="account-layout__title">{t('account.title')}</span>
        <LocalLink to="/" className="icon-button account-layout__close" aria-label={t('account.close')} title={t('account.close')}>
          <Icon name="close" size={24} />
        </LocalLink>
      </header>
      <div className="account-layout__body">
        <nav className="account-layout__tabs" aria-label={t('account.tabsLabel')}>
          <ul>
            {TABS.map((tab) => (
              <li key={tab}>
                <LocalLink to={`/account/${tab}`} className="account-tab" activeClassName="account-tab--active">
                  {t(TAB_LABELS[tab])}
                </LocalLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="account-layout__main" id="content">
          {children}
        </main>
      </div>
      {/* The account layout has no notifications bell, which hosts these modals in the default layout. */}
      <ClientModalHost />
      <Toaster />
    </div>
  );
}

/** The signed-in frame reads and writes through the views' data layer. */
export default withQueryProvider(AccountLayout);
