import type { ReactNode } from 'react';
import { useT } from '../../services/i18n';
import { LocalLink } from '../components/local-link';
import { Logo } from '../components/logo';
import { MainMenu } from '../components/main-menu';
import { ProfileMenu } from '../components/profile-menu';
import { useSession } from '../components/session-context';

/** Spec 2.4 default layout: sidebar with logo and main menu, header with title, widgets and profile, content. */
export default function DefaultLayout({ title, children }: { title?: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="default-layout">
      <a className="skip-link" href="#content">{t('app.skipToContent')}</a>
      <aside className="sidebar">
        <LocalLink to="/" className="sidebar__logo brand-link">
          <Logo />
        </LocalLink>
        <MainMenu />
        <nav className="main-menu" aria-label={t('flows.knowledge')}>
          <ul>
            <li className="main-menu__item">
              <LocalLink to="/flows" className="main-menu__link" activeClassName="main-menu__link--active">{t('flows.menuLink')}</LocalLink>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="default-layout__body">
        <AppHeader title={title} />
        <main className="default-layout__main" id="content">
          {children}
        </main>
      </div>
    </div>
  );
}

/** Spec 2.5: the header renders only once the user summary is loaded. */
function AppHeader({ title }: { title?: string }) {
  const user = useSession((s) => s.context.user);
  if (!user) return <div className="app-header app-header--pending" aria-hidden="true" />;
  return (
    <header className="app-header">
      <div className="app-header__title">{title}</div>
      {/* Slots for the support menu, cart widget and notifications, filled by their own issues. */}
      <div className="app-header__widgets">
        <div data-slot="support" />
        <div data-slot="cart" />
        <div data-slot="notifications" />
      </div>
      <ProfileMenu user={user} />
    </header>
  );
}
