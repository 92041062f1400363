/**
 * The view files share one module graph and one jsdom per worker (vite.config.ts, project 'views'). This runs
 * before each file is loaded and puts back what an earlier file may have left, as a fresh worker would have it:
 * stored values (the session's counters live in sessionStorage), cookies (the language), the page, the language
 * texts are in, the toasts shown, fake timers and stubbed globals.
 */
import { vi } from 'vitest';
import { applyLocale, DEFAULT_LOCALE } from '../../src/services/i18n';
import { clearToasts } from '../../src/services/toasts';

vi.useRealTimers();
vi.unstubAllGlobals();
if (typeof window !== 'undefined') {
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.body.innerHTML = '';
}
applyLocale(DEFAULT_LOCALE);
// profile-page leaves its 'saved' toasts in the module's list, which client-modals then found beside its own.
clearToasts();
