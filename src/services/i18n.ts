import rosetta from 'rosetta';
import { useSyncExternalStore } from 'react';
import firstVisitRu from 'virtual:texts/ru/first-visit';
import { readCookie, writeCookie } from './cookies';
import { formatNumberIn, isIdentifierParam } from '../contract/number-format';
import { changeListeners } from './listeners';

export const LOCALES = ['ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru';
export const LOCALE_COOKIE = 'locale';
/** The locale cookie lives 365 days. */
const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

type Params = Record<string, string | number>;
type Texts = Record<string, unknown>;
/**
 * scripts/locale-texts-plugin.ts splits each locale file: what /auth shows, what the signed-in frame and the dashboard
 * show, and the rest of the portal.
 */
type Bundle = 'first-visit' | 'frame' | 'portal';

const dictionary = rosetta<Texts>({ ru: { ...firstVisitRu } });
dictionary.locale(DEFAULT_LOCALE);

// English, and the portal's texts, are fetched only when asked for: a Russian visitor's sign-in page carries
// one language and only the sections it renders.
const loaders: Record<`${Locale}/${Bundle}`, () => Promise<Texts>> = {
  'ru/first-visit': () => Promise.resolve(firstVisitRu),
  'ru/frame': () => import('virtual:texts/ru/frame').then((module) => module.default),
  'ru/portal': () => import('virtual:texts/ru/portal').then((module) => module.default),
  'en/first-visit': () => import('virtual:texts/en/first-visit').then((module) => module.default),
  'en/frame': () => import('virtual:texts/en/frame').then((module) => module.default),
  'en/portal': () => import('virtual:texts/en/portal').then((module) => module.default),
};
const loaded = new Set<string>(['ru/first-visit']);
const wanted = new Set<Bundle>(['first-visit']);
const pending = new Map<string, Promise<void>>();

const isTexts = (value: unknown): value is Texts => typeof value === 'object' && value !== null;

/** The frame's bundle and the portal's share sections (the frame takes part of one): their parts join, none replaces another. */
function merged(into: Texts, texts: Texts): Texts {
  const result: Texts = { ...into };
  for (const [key, value] of Object.entries(texts)) {
    const present = result[key];
    result[key] = isTexts(present) && isTexts(value) ? merged(present, value) : value;
  }
  return result;
}

function loadBundle(locale: Locale, bundle: Bundle): Promise<void> {
  const key = `${locale}/${bundle}` as const;
  if (loaded.has(key)) return Promise.resolve();
  const running = pending.get(key) ?? loaders[key]().then((texts) => {
    dictionary.set(locale, merged(dictionary.table(locale) ?? {}, texts));
    loaded.add(key);
    pending.delete(key);
    notify();
  });
  pending.set(key, running);
  return running;
}

function isLoaded(locale: Locale): boolean {
  return [...wanted].every((bundle) => loaded.has(`${locale}/${bundle}`));
}

/** Makes a language's texts available (every bundle asked for so far); resolves at once when they already are. */
export async function loadLocale(locale: Locale): Promise<void> {
  await Promise.all([...wanted].map((bundle) => loadBundle(locale, bundle)));
}

/** The texts of the signed-in frame and the dashboard: the default layout waits for them alone. */
export async function loadFrameTexts(): Promise<void> {
  wanted.add('frame');
  await loadLocale(current);
}

/** All the portal's texts: every other page and layout waits for them, and a later switch of language brings them along. */
export async function loadPortalTexts(): Promise<void> {
  wanted.add('frame');
  wanted.add('portal');
  await loadLocale(current);
}

let current: Locale = DEFAULT_LOCALE;
/** Changes with the language and with every bundle of texts that arrives, so views re-render with them. */
let textsVersion = 0;
const changes = changeListeners();

function notify(): void {
  textsVersion += 1;
  changes.notify();
}

export function isLocale(value: unknown): value is Locale {
  return value === 'ru' || value === 'en';
}

/** Numbers put into a text read the language's way ('1 000 шт.', '1,000 pcs'), except the ones that name a thing. */
function formatParams(params: Params): Params {
  const formatted: Params = {};
  for (const [name, value] of Object.entries(params)) {
    formatted[name] = typeof value === 'number' && !isIdentifierParam(name) ? formatNumberIn(current, value, { maxFraction: 2 }) : value;
  }
  return formatted;
}

/** A missing key shows itself instead of an empty string, so it is noticed. */
export function t(key: string, params?: Params): string {
  const value = dictionary.t(key, params ? formatParams(params) : params);
  return typeof value === 'string' && value !== '' ? value : key;
}

export function getLocale(): Locale {
  return current;
}

/** Switches the language without touching the cookie; a language not loaded yet switches once it is. */
export function applyLocale(locale: Locale): void {
  if (!isLoaded(locale)) {
    void loadLocale(locale).then(() => applyLocale(locale));
    return;
  }
  if (locale === current) return;
  current = locale;
  dictionary.locale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  notify();
}

/** Switches the language and remembers it in the `locale` cookie. */
export function setLocale(locale: Locale): void {
  writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE);
  applyLocale(locale);
}

const subscribe = changes.subscribe;

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}

const getTextsVersion = () => textsVersion;

/** `t` that re-renders its component when the language changes or more texts arrive. */
export function useT(): typeof t {
  useSyncExternalStore(subscribe, getTextsVersion, getTextsVersion);
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

/** The page title: '%s - Личный кабинет PCB Portal'; without a page title just 'Личный кабинет PCB Portal'. */
export function pageTitle(title?: string): string {
  return title ? t('app.titleTemplate', { title }) : t('app.title');
}
