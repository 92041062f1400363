import rosetta from 'rosetta';
import { useSyncExternalStore } from 'react';
import ru from '../../locales/ru.json';
import { readCookie, writeCookie } from './cookies';

export const LOCALES = ['ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru';
export const LOCALE_COOKIE = 'locale';
/** Spec 9: the locale cookie lives 365 days. */
const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

type Params = Record<string, string | number>;

const dictionary = rosetta<Record<string, unknown>>({ ru });
dictionary.locale(DEFAULT_LOCALE);

// English is fetched only when asked for: a Russian visitor's first page carries one language, not two.
const loaders: Record<Locale, () => Promise<Record<string, unknown>>> = {
  ru: () => Promise.resolve(ru),
  en: () => import('../../locales/en.json').then((module) => module.default),
};
const loaded = new Set<Locale>([DEFAULT_LOCALE]);

/** Makes a language's texts available; resolves at once when they already are. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  dictionary.set(locale, await loaders[locale]());
  loaded.add(locale);
}

let current: Locale = DEFAULT_LOCALE;
const listeners = new Set<() => void>();

export function isLocale(value: unknown): value is Locale {
  return value === 'ru' || value === 'en';
}

/** A missing key shows itself instead of an empty string, so it is noticed. */
export function t(key: string, params?: Params): string {
  const value = dictionary.t(key, params);
  return typeof value === 'string' && value !== '' ? value : key;
}

export function getLocale(): Locale {
  return current;
}

/** Switches the language without touching the cookie; a language not loaded yet switches once it is. */
export function applyLocale(locale: Locale): void {
  if (!loaded.has(locale)) {
    void loadLocale(locale).then(() => applyLocale(locale));
    return;
  }
  if (locale === current) return;
  current = locale;
  dictionary.locale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

/** Switches the language and remembers it in the `locale` cookie. */
export function setLocale(locale: Locale): void {
  writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE);
  applyLocale(locale);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}

/** `t` that re-renders its component when the language changes. */
export function useT(): typeof t {
  useLocale();
  return t;
}

/** The locale a path names: '/en' and '/en/...' are English, everything else Russian. */
export function localeOfPath(path: string): Locale {
  return path === '/en' || path.startsWith('/en/') ? 'en' : 'ru';
}

/** The path without its locale prefix: '/en/auth' → '/auth', '/en' → '/'. */
export function stripLocale(path: string): string {
  if (localeOfPath(path) === 'ru') return path;
  return path.slice(3) || '/';
}

/** '/auth' ↔ '/en/auth'; accepts a path with or without a prefix, keeps query and hash. */
export function localizePath(path: string, locale: Locale): string {
  const bare = stripLocale(path);
  if (locale === 'ru') return bare;
  return bare === '/' ? '/en' : bare.startsWith('/?') || bare.startsWith('/#') ? `/en${bare.slice(1)}` : `/en${bare}`;
}

/** Boot order of the brief: URL prefix, else the cookie, else Russian. */
export function detectLocale(path: string, cookieHeader?: string): Locale {
  if (localeOfPath(path) === 'en') return 'en';
  const remembered = readCookie(LOCALE_COOKIE, cookieHeader);
  return isLocale(remembered) ? remembered : DEFAULT_LOCALE;
}

/** Spec 1: '%s - Личный кабинет PCB Portal'; without a page title just 'Личный кабинет PCB Portal'. */
export function pageTitle(title?: string): string {
  return title ? t('app.titleTemplate', { title }) : t('app.title');
}
