import { useSyncExternalStore } from 'react';
import { PREFERENCE_COOKIE_MAX_AGE, readCookie, writeCookie } from './cookies';
import { changeListeners } from './listeners';

/**
 * The session-free UI state of the frame (the product spec's 'Other UI state'): sidebar mini flag, sidebar theme, colour mode
 * and the education-mode flag. The first three live in cookies (the product spec's constants: 31536000 s, path /) so they survive a reload.
 */
export const SIDEBAR_THEMES = ['brand', 'dark', 'white'] as const;
export type SidebarTheme = (typeof SIDEBAR_THEMES)[number];
export type ColorMode = 'light' | 'dark';

export interface ShellPrefs {
  mini: boolean;
  theme: SidebarTheme;
  colorMode: ColorMode;
  /** Not kept: the 'Подсказка' toggle starts off on every visit. */
  education: boolean;
}

export const SHELL_COOKIES = { mini: 'sidebar-mini', theme: 'sidebar-theme', colorMode: 'color-mode' } as const;

function isTheme(value: string | null): value is SidebarTheme {
  return SIDEBAR_THEMES.some((theme) => theme === value);
}

export function readShellPrefs(cookies?: string): ShellPrefs {
  const theme = readCookie(SHELL_COOKIES.theme, cookies);
  return {
    mini: readCookie(SHELL_COOKIES.mini, cookies) === '1',
    theme: isTheme(theme) ? theme : 'brand',
    colorMode: readCookie(SHELL_COOKIES.colorMode, cookies) === 'dark' ? 'dark' : 'light',
    education: false,
  };
}

/** Brand → dark → white → brand. */
export function nextSidebarTheme(theme: SidebarTheme): SidebarTheme {
  return SIDEBAR_THEMES[(SIDEBAR_THEMES.indexOf(theme) + 1) % SIDEBAR_THEMES.length] ?? 'brand';
}

let prefs: ShellPrefs | null = null;
const changes = changeListeners();

export function getShellPrefs(): ShellPrefs {
  prefs ??= readShellPrefs();
  return prefs;
}

function update(change: Partial<ShellPrefs>): void {
  const next = { ...getShellPrefs(), ...change };
  prefs = next;
  if (change.mini !== undefined) writeCookie(SHELL_COOKIES.mini, next.mini ? '1' : '0', PREFERENCE_COOKIE_MAX_AGE);
  if (change.theme !== undefined) writeCookie(SHELL_COOKIES.theme, next.theme, PREFERENCE_COOKIE_MAX_AGE);
  if (change.colorMode !== undefined) writeCookie(SHELL_COOKIES.colorMode, next.colorMode, PREFERENCE_COOKIE_MAX_AGE);
  changes.notify();
}

/** Reads the cookies again, as a reload of the page does. */
export function reloadShellPrefs(): void {
  prefs = readShellPrefs();
  changes.notify();
}

export const toggleSidebarMini = (): void => update({ mini: !getShellPrefs().mini });
export const cycleSidebarTheme = (): void => update({ theme: nextSidebarTheme(getShellPrefs().theme) });
export const toggleColorMode = (): void => update({ colorMode: getShellPrefs().colorMode === 'dark' ? 'light' : 'dark' });
export const toggleEducationMode = (): void => update({ education: !getShellPrefs().education });

const subscribe = changes.subscribe;

/** One value of the preferences; the selector must return a primitive (or a stable object). */
export function useShellPrefs<T>(select: (prefs: ShellPrefs) => T): T {
  const get = () => select(getShellPrefs());
  return useSyncExternalStore(subscribe, get, get);
}

/** Root classes that switch the custom properties of styles.css, so every page follows the theme and mode. */
export function applyShellPrefsToRoot(current: Pick<ShellPrefs, 'theme' | 'colorMode'>, root: HTMLElement = document.documentElement): void {
  for (const theme of SIDEBAR_THEMES) root.classList.toggle(`sidebar-theme-${theme}`, theme === current.theme);
  root.classList.toggle('color-mode-dark', current.colorMode === 'dark');
}

/** The wizard onboarding popup shows on the first visit to /wizard-board only (kept per browser). */
const ONBOARDING_KEY = 'pcb.wizardOnboardingSeen';

export function hasSeenWizardOnboarding(): boolean {
  try {
    return localStorage.getItem(ONBOARDING_KEY) === '1';
  } catch {
    // Storage refused (privacy mode): better to show it again than never.
    return false;
  }
}

export function markWizardOnboardingSeen(): void {
  try {
    localStorage.setItem(ONBOARDING_KEY, '1');
  } catch {
    // Nothing to keep it in; it shows again next time.
  }
}
