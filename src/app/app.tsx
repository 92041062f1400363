import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { isDevHost } from '../services/env';
import { getLocale, localeOfPath, pageTitle, setLocale, t, useT } from '../services/i18n';
import { closeAllModals } from '../services/modals';
import { setNavigator } from '../services/navigation';
import type { SessionSnapshot } from '../services/session';
import { PageLoader } from '../views/components/page-loader';
import { useSession } from '../views/components/session-context';
import { errorMessageKey } from '../views/pages/error-message';
import { ErrorBoundary } from './error-boundary';
import { resolveNavigation, type Resolution } from './guards';
import { ErrorPage, layouts, pages } from './pages';
import { ScrollManager } from './scroll-manager';

// Signing out keeps the page until the machine itself sends the user to /auth.
const selectSignedIn = (s: SessionSnapshot) => s.hasTag('signedIn') || s.hasTag('signingOut');
const selectProfileFilled = (s: SessionSnapshot) => s.context.user?.isFilled ?? null;
const selectUserLoading = (s: SessionSnapshot) =>
  s.matches({ signedIn: { user: 'loading' } }) || s.matches({ signedIn: { user: 'reloading' } });

function titleOf(resolution: Resolution): string | undefined {
  if (resolution.kind === 'error') return t(errorMessageKey(resolution.status));
  if (resolution.kind !== 'render') return undefined;
  const { meta } = resolution.route;
  const id = meta.idParam ? resolution.params[meta.idParam] : undefined;
  return t(id === undefined && meta.titleKeyWithoutId ? meta.titleKeyWithoutId : meta.titleKey, { id: id ?? '' });
}

/** The frame: runs the guards on every navigation and renders the page in its layout. */
export function App() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  useT(); // the title is translated here: render again when texts arrive
  const signedIn = useSession(selectSignedIn);
  const profileFilled = useSession(selectProfileFilled);
  const userLoading = useSession(selectUserLoading);
  const resolution = resolveNavigation({
    path: location,
    search,
    session: { signedIn, profileFilled, userLoading },
    devHost: isDevHost(),
  });
  const url = search ? `${location}?${search}` : location;
  const latestUrl = useRef(url);
  latestUrl.current = url;

  useEffect(() => {
    setNavigator({ navigate, current: () => latestUrl.current });
    return () => setNavigator(null);
  }, [navigate]);

  // The URL names the language; back/forward across /en must switch it too.
  const urlLocale = localeOfPath(location);
  useLayoutEffect(() => {
    if (getLocale() !== urlLocale) setLocale(urlLocale);
  }, [urlLocale]);

  useEffect(() => closeAllModals(), [location]);

  const title = titleOf(resolution);
  useEffect(() => {
    if (resolution.kind === 'render' || resolution.kind === 'error') document.title = pageTitle(title);
  }, [resolution.kind, title, urlLocale]);

  // Keyed by target: wouter's Redirect navigates on mount only, and redirects can chain.
  if (resolution.kind === 'redirect') return <Redirect key={resolution.to} to={resolution.to} replace />;
  if (resolution.kind === 'wait') return <PageLoader />;
  const errorView = (status: number) => (
    <Suspense fallback={<PageLoader />}>
      <ErrorPage status={status} />
    </Suspense>
  );
  if (resolution.kind === 'error') return errorView(resolution.status);

  const Layout = layouts[resolution.route.meta.layout];
  const Page = pages[resolution.route.page];
  return (
    <ErrorBoundary key={location} fallback={errorView}>
      <Suspense fallback={<PageLoader />}>
        <Layout title={title} education={resolution.route.meta.education === true}>
          <Suspense fallback={<PageLoader />}>
            <Page title={title ?? ''} params={resolution.params} />
            <ScrollManager scrollKey={url} />
          </Suspense>
        </Layout>
      </Suspense>
    </ErrorBoundary>
  );
}
