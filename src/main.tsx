import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { waitFor } from 'xstate';
import { App } from './app/app';
import { preloadRoute } from './app/pages';
import { applyLocale, detectLocale, loadLocale, localeOfPath, localizePath, stripLocale } from './services/i18n';
import { warmUpApiClient } from './services/api';
import { isLiveModeRequested } from './services/inspect-option';
import { sessionActor, startSession } from './services/session';
import { readToken } from './services/token-storage';
import './views/styles.css';

// Boot order of the brief: the URL prefix names the language, else the remembered cookie, else Russian.
const path = window.location.pathname;
const locale = detectLocale(path);
if (localeOfPath(path) !== locale) {
  window.history.replaceState(null, '', `${localizePath(path, locale)}${window.location.search}${window.location.hash}`);
}
document.documentElement.lang = locale;
// The router restores positions itself, after lazy pages have rendered.
window.history.scrollRestoration = 'manual';

// Live mode (`?inspect`) wires its inspector before the session starts; other visits load nothing for it.
// A failure to load the bridge leaves the page working without live mode.
const liveMode = isLiveModeRequested(window.location.search)
  ? import('./services/inspect-bridge').then((bridge) => bridge.startLiveMode([sessionActor])).catch(() => undefined)
  : null;
if (liveMode) void liveMode.then(() => startSession());
else startSession();
// The first page's layout and page load now, beside the texts, instead of one after the other when rendered.
const hasToken = readToken().token !== null;
// The dashboard's reads start now too (after the session, whose token they carry), not after its first commit.
if (hasToken && stripLocale(path) === '/') {
  void Promise.all([import('./views/pages/home/early-reads'), liveMode]).then(([reads]) => reads.startDashboardReads(), () => undefined);
}
const firstRoute = preloadRoute(window.location.pathname, hasToken);
// The api client loads with the first request; a visitor who starts typing will soon send one.
for (const type of ['keydown', 'pointerdown'] as const) window.addEventListener(type, warmUpApiClient, { once: true, capture: true });
// Someone typing on /auth is most likely signing in: the dashboard loads meanwhile, not after the password is checked.
if (!hasToken) window.addEventListener('keydown', () => preloadRoute('/', true), { once: true, capture: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// The first render waits for its language so no text flashes in the other one, and for its route's chunks so it
// renders the page, not a loader React would then keep for its minimum time (the page's own calls wait on that commit).
// A transition: the render yields to the browser every few milliseconds instead of holding the phone's thread.
// A signed-in first render also waits for the user summary (called at boot), which the profile guard shows a loader for.
const userKnown = () =>
  waitFor(sessionActor, (snapshot) => !snapshot.matches({ signedIn: { user: 'loading' } })).then(() => undefined, () => undefined);
void Promise.all([loadLocale(locale), firstRoute, (liveMode ?? Promise.resolve()).then(userKnown)]).then(() => {
  applyLocale(locale);
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Router>
          <App />
        </Router>
      </StrictMode>,
    );
  });
});
