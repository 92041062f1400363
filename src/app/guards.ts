import { localeOfPath, localizePath, stripLocale, type Locale } from '../services/i18n';
import { safeRedirectTarget } from '../services/redirect';
import { findRoute, MOVED_PATHS, isOptionalParam, routes, type AppRoute, type RouteParams } from './routes';

/** What the guards know about the session; derived from the session actor by the router. */
export interface SessionView {
  /** A token exists (the session machine has validated it). */
  signedIn: boolean;
  /** isFilled of the loaded user summary; null while it is not loaded. */
  profileFilled: boolean | null;
  /** The user summary is being loaded or reloaded, so the profile guard waits instead of deciding. */
  userLoading: boolean;
}

export interface NavigationInput {
  /** Pathname as the browser has it, with locale prefix. */
  path: string;
  /** Query without '?'. */
  search: string;
  session: SessionView;
  devHost: boolean;
}

export type Resolution =
  | { kind: 'render'; route: AppRoute; params: RouteParams; locale: Locale }
  | { kind: 'redirect'; to: string }
  | { kind: 'error'; status: 404 | 500; locale: Locale }
  | { kind: 'wait'; locale: Locale };

export interface GuardContext extends NavigationInput {
  route: AppRoute;
  params: RouteParams;
  locale: Locale;
}

/** A guard returns null to let the navigation through, or what happens instead. */
export type Guard = (context: GuardContext) => Resolution | null;

const ID_FORMAT = /^[1-9]\d{0,14}$/;

function withQuery(path: string, query: URLSearchParams): string {
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export const guards: Readonly<Record<string, Guard>> = {
  /** Development and local hosts only (the /v2 pages); elsewhere they do not exist. */
  devHostOnly: ({ devHost, locale }) => (devHost ? null : { kind: 'error', status: 404, locale }),

  /** No token: to /auth with the query kept and `redirect` naming where the user was going. */
  requireToken: ({ route, session, path, search, locale }) => {
    if (!route.meta.auth || session.signedIn) return null;
    const query = new URLSearchParams(search);
    query.delete('redirect');
    const target = withQuery(path, query);
    query.set('redirect', target);
    return { kind: 'redirect', to: withQuery(localizePath('/auth', locale), query) };
  },

  /** A signed-in user opening /auth goes where `redirect` says, else to / with the query kept. */
  guestOnly: ({ session, search, locale }) => {
    if (!session.signedIn) return null;
    const query = new URLSearchParams(search);
    const target = safeRedirectTarget(query.get('redirect'));
    if (target) return { kind: 'redirect', to: target };
    query.delete('redirect');
    return { kind: 'redirect', to: withQuery(localizePath('/', locale), query) };
  },

  checkId: ({ route, params, locale }) => {
    const name = route.meta.idParam;
    if (!name) return null;
    const value = params[name];
    if (value === undefined && isOptionalParam(route.pattern, name)) return null;
    return value !== undefined && ID_FORMAT.test(value) ? null : { kind: 'error', status: 404, locale };
  },

  /** A user whose profile is not filled completes it first, keeping the query. */
  requireFilledProfile: ({ session, search, locale }) => {
    if (!session.signedIn || session.profileFilled === true) return null;
    // Unknown yet, or 'not filled' in data being reloaded right after the profile was completed: wait for it.
    if (session.userLoading) return { kind: 'wait', locale };
    if (session.profileFilled === null) return null;
    return { kind: 'redirect', to: withQuery(localizePath('/auth/filling-profile', locale), new URLSearchParams(search)) };
  },
};

/** Where an old address (MOVED_PATHS) lives now, in the locale of the path; null when it has not moved. */
function movedPath(path: string, locale: Locale): string | null {
  const bare = stripLocale(path);
  for (const [from, to] of Object.entries(MOVED_PATHS)) {
    if (bare === from || bare.startsWith(`${from}/`)) return localizePath(`${to}${bare.slice(from.length)}`, locale);
  }
  return null;
}

/** Runs on every navigation: what to show for this URL and session. */
export function resolveNavigation(
  input: NavigationInput,
  table: readonly AppRoute[] = routes,
  registry: Readonly<Record<string, Guard>> = guards,
): Resolution {
  const locale = localeOfPath(input.path);
  if (/\/{2,}/.test(input.path)) return { kind: 'error', status: 404, locale };
  const moved = movedPath(input.path, locale);
  if (moved) return { kind: 'redirect', to: withQuery(moved, new URLSearchParams(input.search)) };
  const found = findRoute(stripLocale(input.path), table);
  if (!found) return { kind: 'error', status: 404, locale };
  const context: GuardContext = { ...input, ...found, locale };
  for (const name of found.route.meta.guards) {
    const guard = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!guard) {
      console.error(`[router] unknown guard "${name}" on ${found.route.pattern}`);
      return { kind: 'error', status: 500, locale };
    }
    const outcome = guard(context);
    if (outcome) return outcome;
  }
  return { kind: 'render', ...found, locale };
}
