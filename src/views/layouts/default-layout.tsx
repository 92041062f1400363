import { lazy, Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { clearHeader } from '../../services/header-info';
import { stripLocale, useT } from '../../services/i18n';
import { useShellPrefs } from '../../services/shell-prefs';
import { AppHeader } from '../components/shell/app-header';
import { Sidebar } from '../components/shell/sidebar';
import { useRootPrefs } from '../components/shell/use-root-prefs';
import { Toaster } from '../components/ui/toaster';
import { useUpdatesWanted } from '../components/updates/use-updates-wanted';
import { withQueryProvider } from '../data/query-provider';

// Dialogs a page opens by itself load after the frame has committed: neither the dialog library nor its loading holds
// back the first paint or the page's calls (made in its effects, after that commit).
const WizardOnboarding = lazy(() => import('../components/shell/wizard-onboarding').then((module) => ({ default: module.WizardOnboarding })));
const SessionUpdatesPopup = lazy(() => import('../components/updates/updates-popup').then((module) => ({ default: module.SessionUpdatesPopup })));

interface DefaultLayoutProps {
  title?: string;
  /** The route enables on-screen education ('Подсказка' in the sidebar). */
  education?: boolean;
  children: ReactNode;
}

/** False until the frame's first commit. */
function useCommitted(): boolean {
  const [committed, setCommitted] = useState(false);
  useEffect(() => setCommitted(true), []);
  return committed;
}

/** The product spec's v2 default layout: sidebar (full or mini, themed), 64 px header, content. */
function DefaultLayout({ title, education = false, children }: DefaultLayoutProps) {
  const t = useT();
  useRootPrefs();
  // The cookie was read synchronously on first use, so the first paint already has the right width.
  const mini = useShellPrefs((prefs) => prefs.mini);
  const [location] = useLocation();
  const committed = useCommitted();
  const updatesWanted = useUpdatesWanted();
  // A layout effect runs before the new page's effects, which may set their own header info.
  useLayoutEffect(() => clearHeader(), [location]);
  return (
    <div className={`default-layout${mini ? ' default-layout--mini' : ''}`}>
      <a className="skip-link" href="#content">{t('app.skipToContent')}</a>
      <Sidebar mini={mini} education={education} />
      <div className="default-layout__body">
        <AppHeader title={title} />
        <main className="default-layout__main" id="content">
          {children}
        </main>
      </div>
      {committed ? (
        <Suspense fallback={null}>
          {updatesWanted ? <SessionUpdatesPopup /> : null}
          {stripLocale(location) === '/wizard-board' ? <WizardOnboarding /> : null}
        </Suspense>
      ) : null}
      <Toaster />
    </div>
  );
}

/** The signed-in frame reads and writes through the views' data layer. */
export default withQueryProvider(DefaultLayout);
