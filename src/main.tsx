import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from './app/app';
import { applyLocale, detectLocale, localeOfPath, localizePath } from './services/i18n';
import { startSession } from './services/session';
import './views/styles.css';

// Boot order of the brief: the URL prefix names the language, else the remembered cookie, else Russian.
const path = window.location.pathname;
const locale = detectLocale(path);
if (localeOfPath(path) !== locale) {
  window.history.replaceState(null, '', `${localizePath(path, locale)}${window.location.search}${window.location.hash}`);
}
applyLocale(locale);
document.documentElement.lang = locale;
// The router restores positions itself (spec 2.1), after lazy pages have rendered.
window.history.scrollRestoration = 'manual';

startSession();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <Router>
      <App />
    </Router>
  </StrictMode>,
);
