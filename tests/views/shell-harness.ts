import { clearHeader } from '../../src/services/header-info';
import { applyLocale } from '../../src/services/i18n';
import { resetLiveChat } from '../../src/services/live-chat';
import { reloadShellPrefs, SHELL_COOKIES } from '../../src/services/shell-prefs';
import { UPDATES_STORAGE_KEY } from '../../src/services/updates';

/** Each test starts as a first visit to the shell: no shell cookies, nothing remembered, no chat widget, light root. */
export function resetShell(): void {
  for (const name of Object.values(SHELL_COOKIES)) document.cookie = `${name}=; max-age=0; path=/`;
  localStorage.clear();
  // The what's-new popup has its own tests; here it would cover the frame.
  localStorage.setItem(UPDATES_STORAGE_KEY, 'disabled');
  reloadShellPrefs();
  resetLiveChat();
  clearHeader();
  applyLocale('ru');
  document.documentElement.className = '';
}

/** What the browser does on reload for these preferences: forget the in-memory state and read the cookies again. */
export function reloadPage(): void {
  reloadShellPrefs();
}

/** Every `document.cookie = …` assignment, attributes included (reading back shows only name=value). */
export function recordCookieWrites(): { writes: string[]; stop: () => void } {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  const writes: string[] = [];
  if (!descriptor?.set || !descriptor.get) throw new Error('document.cookie is not an accessor here');
  const { get, set } = descriptor;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get() {
      return get.call(document) as string;
    },
    set(value: string) {
      writes.push(value);
      set.call(document, value);
    },
  });
  return { writes, stop: () => Reflect.deleteProperty(document, 'cookie') };
}
